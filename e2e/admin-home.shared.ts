// The home page's blocks by staff (docs/decisions/0050-home-blocks.md), one journey for 1280 and
// 390 px: a link leaving the shop is refused with its message; the first hero slide gets a new
// title and an uploaded picture, and the first two featured products swap places; the shop's home
// page (cached before the edit) shows both at once, the picture as <picture> with srcset, width
// and height. The home page is put back as it was at the end, whatever happened.
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, test } from './admin.fixtures';
import { expectNoSeriousViolations } from './axe.helpers';
import { cards, expectNoSidewaysScroll } from './helpers';

interface HomeAnswer {
  data: {
    versions: Record<string, number>;
    hero: { id: number; title: string; text: string; href: string | null; image: string; hidden: boolean }[];
    featured: { id: number }[];
  };
}

const adminHome = async (page: Page) => ((await (await page.request.get('/api/admin/home')).json()) as HomeAnswer).data;

/** Puts the hero slides and featured products back as they were (other specs read the home page). */
async function restore(page: Page, before: HomeAnswer['data']): Promise<void> {
  const now = await adminHome(page);
  const items = before.hero.map((s) => ({ id: s.id, title: s.title, text: s.text, href: s.href ?? '', image: s.image, hidden: s.hidden }));
  const hero = await page.request.post('/api/admin/home/slides/hero', { data: { version: now.versions.hero, items } });
  expect(hero.status()).toBe(200);
  const featured = await page.request.post('/api/admin/home/featured', {
    data: { version: now.versions.featured, product_ids: before.featured.map((p) => p.id) },
  });
  expect(featured.status()).toBe(200);
}

const shownNames = async (page: Page) =>
  (await cards(page.getByTestId('featured-products')).locator('h3').allTextContents()).map((s) => s.trim());

export async function homeEditingJourney(page: Page, label: string): Promise<void> {
  // The upload is real work (twelve files encoded by sharp) on a machine other tests share.
  test.setTimeout(180_000);
  const title = `Safes for ${label} ${Date.now().toString(36)}`;
  // The shop's home page, cached before the edit.
  await page.goto('/');
  const featuredBefore = await shownNames(page);
  expect(featuredBefore.length).toBeGreaterThanOrEqual(2);
  const before = await adminHome(page);

  try {
    await page.goto('/admin/home');
    await expect(page.getByRole('heading', { name: 'Home page', level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Home page', exact: true }).first()).toHaveAttribute('aria-current', 'page');
    await expectNoSidewaysScroll(page);
    await expectNoSeriousViolations(page, `${label}: home editor`);

    const hero = page.locator('[data-home-section="hero"]');
    const first = hero.getByRole('group', { name: 'Slide 1' });
    // A link to another site is refused with the field's message; nothing is sent.
    await first.getByLabel('Link').fill('https://evil.example/');
    await hero.getByTestId('save-hero').click();
    await expect(first.getByText('Enter a link inside the shop that starts with /, like /store?category=3')).toBeVisible();
    await expectNoSeriousViolations(page, `${label}: home editor with an error`);
    await first.getByLabel('Link').fill('/store?category=13');

    await first.getByLabel('Title').fill(title);
    const picture = await sharp({ create: { width: 1600, height: 600, channels: 3, background: '#0f766e' } })
      .jpeg()
      .toBuffer();
    await first.getByLabel('Upload a picture').setInputFiles({ name: 'hero.jpg', mimeType: 'image/jpeg', buffer: picture });
    await expect(first.getByTestId('slide-preview')).toHaveAttribute('src', /^\/uploads\/products\/[0-9a-f]{32}-640\.jpg$/, {
      timeout: 60_000,
    });
    await hero.getByTestId('save-hero').click();
    await expect(hero.getByTestId('status-hero')).toHaveText('Saved: the shop shows it now');

    // Featured products: the first moves down one place (buttons: the same on a phone).
    const featured = page.locator('[data-home-section="featured"]');
    const rows = featured.getByTestId('featured-list').locator(':scope > li');
    const nameOf = async (i: number) => (await rows.nth(i).locator('p').first().textContent())!.replace(/^\d+\.\s*/, '').trim();
    const firstName = await nameOf(0);
    // The home block ranks sales first, featured products standing in while nothing has sold
    // (docs/decisions/0019-catalog.md): once other specs have placed orders the first two shown
    // may be sellers, and the swap is then proven by the service test on a fresh database.
    const standIns = featuredBefore[0] === firstName && featuredBefore[1] === (await nameOf(1));
    await rows
      .first()
      .getByRole('button', { name: `Move ${firstName} down` })
      .click();
    await expect(rows.nth(1)).toContainText(firstName);
    // One more, found by name, goes last (the home page shows the first five).
    const count = await rows.count();
    await featured.getByLabel('Add a product').fill('locker');
    await featured.getByRole('button', { name: 'Find', exact: true }).click();
    const addable = featured.getByTestId('featured-found').getByRole('button', { name: /^Add / }).and(page.locator(':enabled'));
    await expect(addable.first()).toBeVisible();
    const added = (await addable.first().getAttribute('aria-label'))!.replace(/^Add /, '');
    await addable.first().click();
    await expect(rows).toHaveCount(count + 1);
    await expect(rows.last()).toContainText(added);
    await featured.getByTestId('save-featured').click();
    await expect(featured.getByTestId('status-featured')).toHaveText('Saved: the shop shows it now');
    await expectNoSidewaysScroll(page);

    // The shop shows both at once.
    await page.goto('/');
    const slide = page.locator('[data-hero-slide="0"]');
    // The slider rotates: the first slide may be hidden by now.
    await expect(slide.getByRole('heading', { level: 2, includeHidden: true })).toHaveText(title);
    await expect(slide.getByRole('link', { name: 'Shop Now', includeHidden: true })).toHaveAttribute('href', '/store?category=13');
    const img = slide.locator('picture img');
    await expect(img).toHaveAttribute('width', '1600');
    await expect(img).toHaveAttribute('height', '600');
    await expect(img).toHaveAttribute('loading', 'eager');
    await expect(img).toHaveAttribute('srcset', /\/uploads\/products\/[0-9a-f]{32}-320\.jpg 320w, .*-1600\.jpg 1600w$/);
    await expect(slide.locator('picture source[type="image/avif"]')).toHaveAttribute('srcset', /-1600\.avif 1600w$/);
    const shown = await shownNames(page);
    if (standIns) expect(shown.slice(0, 2)).toEqual([featuredBefore[1], featuredBefore[0]]);
    else test.info().annotations.push({ type: 'featured order', description: 'products have sold: the block shows sellers first' });
    await expectNoSidewaysScroll(page);
    await expectNoSeriousViolations(page, `${label}: home after the edit`);
  } finally {
    await restore(page, before);
  }
  await page.goto('/');
  expect(await shownNames(page)).toEqual(featuredBefore);
  await expect(page.locator('[data-hero-slide="0"]').getByRole('heading', { level: 2, includeHidden: true })).toHaveText('Burglary safes');
}
