// Checks shared by the card and price specs at 390, 820 and 1280 px (docs/product.md#product-card,
// docs/product.md#home-page): where amounts break, and what text lies on which picture.
import { expect, type Page } from '@playwright/test';
import { COLOUR_PRODUCT } from './helpers';

/** The HS-28 fire safe in its three colours: the same name up to the colour, so a phone cuts them alike. */
export const HS28 = {
  query: 'HomeShield',
  siblings: [
    { id: 14, sku: 'SN-HS-28-IVR', hex: '#efe9dc' },
    { id: 15, sku: 'SN-HS-28-GRY', hex: '#8a9099' },
    { id: COLOUR_PRODUCT.id, sku: COLOUR_PRODUCT.sku, hex: '#23262b' },
  ],
} as const;

/** HS-28 in ivory: nobody has reviewed it in the seed. */
export const UNREVIEWED = HS28.siblings[0];

export interface Amount {
  text: string;
  /** The character between 'AED' and the number. */
  gap: string;
  /** How many lines the amount's own text takes on screen. */
  lines: number;
}

/**
 * Every amount ('AED' and its number) shown on the page, with the lines it takes. Only text a
 * shopper sees counts: hidden and screen-reader-only text is passed over, and so are the store's
 * price-range filter labels (ranges, not amounts).
 */
export async function shownAmounts(page: Page): Promise<Amount[]> {
  return page.evaluate(() => {
    const found: { text: string; gap: string; lines: number }[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const owner = node.parentElement;
      if (!owner || owner.closest('.sr-only, [data-filter-form], script, template, noscript')) continue;
      if (owner.getClientRects().length === 0 || getComputedStyle(owner).visibility === 'hidden') continue;
      for (const match of (node.textContent ?? '').matchAll(/AED(\s)(\d[\d,]*(?:\.\d+)?)/g)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const tops = [...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top));
        found.push({ text: match[0], gap: match[1]!, lines: new Set(tops).size });
      }
    }
    return found;
  });
}

/** Fails when an amount is split over two lines or could be (a breaking space after 'AED'). */
export async function expectAmountsOnOneLine(page: Page, label: string, atLeast = 1): Promise<void> {
  const amounts = await shownAmounts(page);
  expect(amounts.length, `${label}: amounts shown`).toBeGreaterThanOrEqual(atLeast);
  const broken = amounts.filter((a) => a.lines !== 1 || a.gap !== '\u00A0');
  expect(broken, `${label}: amounts that break or may break between AED and the number`).toEqual([]);
}

export interface Overlap {
  text: string;
  image: string;
}

/** The home page's blocks that put text and an illustration together. */
export const HOME_PICTURE_BLOCKS = '[data-banner-slide], [data-hero-slide], [data-offer-tile]';
/** The store's and product lists' hero (the range's, a category's banner or the list's). */
export const STORE_HERO = '[data-testid="store-hero"]';

/**
 * Text lying on an illustration among the blocks `selector` finds (by default the home page's
 * banners, hero slides and offer tiles): each block's visible text elements against its visible
 * images, by their boxes on the page.
 */
export async function textOnIllustrations(page: Page, selector = HOME_PICTURE_BLOCKS): Promise<{ checked: number; overlaps: Overlap[] }> {
  return page.evaluate((selector) => {
    const blocks = [...document.querySelectorAll(selector)].filter((b) => b.getClientRects().length > 0);
    const overlaps: { text: string; image: string }[] = [];
    let checked = 0;
    const box = (e: Element) => e.getBoundingClientRect();
    const shown = (e: Element) => {
      const r = box(e);
      return r.width > 0 && r.height > 0 && getComputedStyle(e).visibility !== 'hidden';
    };
    for (const block of blocks) {
      const images = [...block.querySelectorAll('img')].filter(shown);
      const texts = [...block.querySelectorAll('h1, h2, h3, p, .btn-primary, a, span')].filter(
        (t) => shown(t) && (t.textContent ?? '').trim() !== '' && !t.closest('.sr-only'),
      );
      for (const image of images) {
        const i = box(image);
        for (const text of texts) {
          checked++;
          const t = box(text);
          const apart = t.right <= i.left + 1 || t.left >= i.right - 1 || t.bottom <= i.top + 1 || t.top >= i.bottom - 1;
          if (!apart) overlaps.push({ text: (text.textContent ?? '').trim().slice(0, 40), image: image.getAttribute('src') ?? '' });
        }
      }
    }
    return { checked, overlaps };
  }, selector);
}

/** Banners, the shown hero slide and the offer tiles: no text on an illustration. */
export async function expectNoTextOnIllustrations(page: Page, label: string): Promise<void> {
  const { checked, overlaps } = await textOnIllustrations(page);
  expect(checked, `${label}: text and picture pairs checked`).toBeGreaterThan(10);
  expect(overlaps, `${label}: text lying on an illustration`).toEqual([]);
}

/** Every hero slide in turn (the first is shown already): the shown one's text stays off its picture. */
export async function expectNoTextOnAnyHeroSlide(page: Page, label: string): Promise<void> {
  const slides = await page.locator('[data-hero-slide]').count();
  expect(slides, `${label}: hero slides`).toBe(4);
  for (let i = 1; i < slides; i++) {
    // Clicked again until the slider's script is running (a busy machine loads it late).
    await expect(async () => {
      await page.locator(`[data-hero-dot="${i}"]`).click();
      await expect(page.locator(`[data-hero-slide="${i}"]`)).toBeVisible({ timeout: 1_000 });
    }).toPass();
    await expectNoTextOnIllustrations(page, `${label}, hero slide ${i + 1}`);
  }
}

/** The store's heroes: the plain store, both ranges, a category's banner and a product list. */
export const STORE_HERO_PAGES = ['/store', '/store?product-type=office', '/store?product-type=home', '/store?category=11', '/top-sellings'];

/**
 * The store hero of each page in `STORE_HERO_PAGES`: beside its picture where the screen shows one
 * (`pictured`), else text only; never text on the picture.
 */
export async function expectStoreHeroesClear(page: Page, label: string, pictured: boolean): Promise<void> {
  for (const path of STORE_HERO_PAGES) {
    await page.goto(path);
    const hero = page.locator(STORE_HERO);
    await expect(hero.getByRole('heading', { level: 1 }), `${label} ${path}`).toBeVisible();
    const picture = hero.locator('img');
    if (pictured) await expect(picture, `${label} ${path}: the picture`).toBeVisible();
    else await expect(picture, `${label} ${path}: no picture on a phone`).toBeHidden();
    const { checked, overlaps } = await textOnIllustrations(page, STORE_HERO);
    if (pictured) expect(checked, `${label} ${path}: text and picture pairs checked`).toBeGreaterThanOrEqual(3);
    expect(overlaps, `${label} ${path}: text lying on the picture`).toEqual([]);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
      `${label} ${path}: sideways scroll`,
    ).toBe(0);
  }
}
