// Shared helpers and seed facts for the browser tests. The e2e server seeds a fresh database
// from src/server/seed/catalog-data.ts, so these ids and numbers are stable between runs.
import fs from 'node:fs';
import path from 'node:path';
import { expect, type Locator, type Page } from '@playwright/test';
import { e2eDataDir } from '../playwright.config';

export const TOTAL_PRODUCTS = 143;
export const PAGE_SIZE = 12;

/** SteelNest HomeShield Fire Safe HS-28 (Black): colours, video, 5 images, discount, reviews. */
export const COLOUR_PRODUCT = {
  id: 16,
  name: 'SteelNest HomeShield Fire Safe HS-28 (Black)',
  sku: 'SN-HS-28-BLK',
  brand: { id: 4, name: 'SteelNest' },
  price: 'AED 1,351.50',
  oldPrice: 'AED 1,590.00',
  discount: 15,
  stock: 16,
  reviews: 6,
  siblings: [
    { id: 14, colour: 'Ivory' },
    { id: 15, colour: 'Grey' },
    { id: 16, colour: 'Black' },
  ],
  gallery: [
    '/images/products/fire-safe-color-black.svg',
    '/images/products/fire-safe-2.svg',
    '/images/products/fire-safe-3.svg',
    '/images/products/fire-safe-4.svg',
    '/images/products/fire-safe-5.svg',
  ],
};
/** Ironclad FireGuard 60 Fire Safe FG-30S: has a printable catalogue, no video. */
export const PDF_PRODUCT = { id: 1, pdf: '/catalogues/IC-FG-30S.pdf', name: 'Ironclad FireGuard 60 Fire Safe FG-30S' };
/** Guardian Forge Inferno XL Fire Safe IX-400: one unit in stock. */
export const SINGLE_STOCK_PRODUCT = { id: 17, name: 'Guardian Forge Inferno XL Fire Safe IX-400' };
/** Ironclad FireGuard 120 Fire Safe FG-250E: stock 0. */
export const OUT_OF_STOCK_PRODUCT = { id: 6, name: 'Ironclad FireGuard 120 Fire Safe FG-250E', sku: 'IC-FG-250E' };

/** 'AED 1,234.50' -> 1234.5 */
export function parseAed(text: string): number {
  const match = /AED\s*([\d,]+\.\d{2})/.exec(text);
  if (!match) throw new Error(`No AED price in "${text}"`);
  return Number(match[1]!.replace(/,/g, ''));
}

export function productGrid(page: Page): Locator {
  return page.getByTestId('product-grid');
}

export function cards(scope: Page | Locator): Locator {
  return scope.getByTestId('product-card');
}

export async function cardNames(page: Page): Promise<string[]> {
  return (await cards(productGrid(page)).locator('h3').allTextContents()).map((s) => s.trim());
}

export async function cardPrices(page: Page): Promise<number[]> {
  return (await productGrid(page).getByTestId('card-price').allTextContents()).map(parseAed);
}

/** The number in '143 products'. */
export async function resultsCount(page: Page): Promise<number> {
  const text = (await page.getByTestId('results-count').textContent()) ?? '';
  const match = /^([\d,]+) products?$/.exec(text.trim());
  if (!match) throw new Error(`Unexpected results count "${text}"`);
  return Number(match[1]!.replace(/,/g, ''));
}

/**
 * Waits until every React island on the page has hydrated (Astro drops the ssr attribute). An
 * island hydrated on the first interaction (client:interact) is given one: a Shift key press,
 * which does nothing else. What a shopper does before that: e2e/checkout-interact.spec.ts.
 */
export async function waitForIslands(page: Page): Promise<void> {
  if ((await page.locator('astro-island[client="interact"][ssr]').count()) > 0) await page.keyboard.press('Shift');
  const islands = page.locator('astro-island');
  const n = await islands.count();
  for (let i = 0; i < n; i++) {
    await islands.nth(i).scrollIntoViewIfNeeded();
    await expect(islands.nth(i)).not.toHaveAttribute('ssr', /.*/);
  }
}

/**
 * Waits two animation frames: what the page does with an answer or an event it already has
 * (promise callbacks, a render) is then on screen. Instead of a fixed wait.
 */
export async function nextFrames(page: Page): Promise<void> {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

/** Scrolls the window and waits two frames so scroll listeners have run. */
export async function scrollWindowTo(page: Page, y: number): Promise<void> {
  await page.evaluate(async (top) => {
    window.scrollTo({ top, behavior: 'instant' });
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  }, y);
}

/**
 * The messages the page announced: toasts last 1 s (docs/product.md#messages), too short to catch
 * on a busy machine, so specs read the status region that keeps each one for 10 s.
 */
export function toasts(page: Page): Locator {
  return page.locator('#toast-log');
}

export function headerBadge(page: Page, name: 'cart' | 'wishlist'): Locator {
  return page.locator(`#site-header [data-badge="${name}"]`);
}

export async function pageWidths(page: Page): Promise<{ scrollWidth: number; innerWidth: number }> {
  return page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
}

/** The page never scrolls sideways: nothing is wider than the window (a 390 px phone). */
export async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const { scrollWidth, innerWidth } = await pageWidths(page);
  expect(scrollWidth, 'the page scrolls sideways').toBeLessThanOrEqual(innerWidth);
}

/**
 * Matches one whole class name. Tailwind variants such as '[&.is-active]:bg-white' put the
 * same word inside another class, so a bare /is-active/ would always match.
 */
export function classWord(name: string): RegExp {
  return new RegExp(`(^|\\s)${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(\\s|$)`);
}

/** The first raw mail in the development outbox (docs/decisions/0021-email.md) whose text mentions `text`, or ''. */
export function outboxMailMentioning(text: string): string {
  const outbox = path.join(e2eDataDir, 'outbox');
  const files = fs.existsSync(outbox) ? fs.readdirSync(outbox) : [];
  return files.map((f) => fs.readFileSync(path.join(outbox, f), 'utf8')).find((mail) => mail.includes(text)) ?? '';
}
