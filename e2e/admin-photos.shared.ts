// A product's photos by staff (docs/decisions/0046-product-photos.md), one journey for 1280 and
// 390 px: a photo dropped on the zone and one picked with the file dialog, a photo moved, made the
// thumbnail, a drawn picture deleted; then the shop's product page shows the photo as <picture>
// with srcset, its own width and height, served with immutable caching, and as the link preview;
// its card in a list has a srcset too.
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, test } from './admin.fixtures';
import { expectNoSeriousViolations } from './axe.helpers';
import { expectNoSidewaysScroll } from './helpers';

async function jpeg(width: number, height: number, colour: string): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();
}

/** Drops a file on the zone the way a browser does: a drop event carrying a DataTransfer with the file. */
async function dropFile(page: Page, selector: string, bytes: Buffer, name: string, type: string): Promise<void> {
  const transfer = await page.evaluateHandle(
    ({ base64, name, type }) => {
      const data = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const dt = new DataTransfer();
      dt.items.add(new File([data], name, { type }));
      return dt;
    },
    { base64: bytes.toString('base64'), name, type },
  );
  await page.dispatchEvent(selector, 'dragover', { dataTransfer: transfer });
  await page.dispatchEvent(selector, 'drop', { dataTransfer: transfer });
}

const rowIds = (page: Page) =>
  page
    .getByTestId('photo-list')
    .locator(':scope > li')
    .evaluateAll((rows) => rows.map((r) => (r as HTMLElement).dataset.photo));

export async function photosJourney(page: Page, label: string, productId: number, colour: string): Promise<void> {
  // Each upload is real work (twelve files encoded by sharp) on a machine other tests share.
  test.setTimeout(240_000);
  await page.goto(`/admin/products/${productId}/photos`);
  await expect(page.getByRole('heading', { name: /^Photos: /, level: 1 })).toBeVisible();
  const rows = page.getByTestId('photo-list').locator(':scope > li');
  const drawn = await rows.count();
  expect(drawn).toBeGreaterThanOrEqual(2);
  await expect(rows.first().getByText('Thumbnail', { exact: true })).toBeVisible();
  await expectNoSeriousViolations(page, `${label}: photos`);

  // Drag and drop: a 1400 × 1000 JPEG becomes the last photo.
  await dropFile(page, '[data-testid="photo-drop"]', await jpeg(1400, 1000, colour), 'front.jpg', 'image/jpeg');
  await expect(page.getByRole('status').filter({ hasText: 'Photo added' })).toBeVisible({ timeout: 30_000 });
  await expect(rows).toHaveCount(drawn + 1);
  await expect(rows.last()).toContainText('1400 × 1000 px');
  const uploaded = (await rowIds(page)).at(-1)!;

  // The file picker: a PNG; and a file that is not a picture gets the server's message.
  const png = await sharp({ create: { width: 600, height: 600, channels: 4, background: '#10b98180' } })
    .png()
    .toBuffer();
  await page.locator('[data-photo-input]').setInputFiles({ name: 'side.png', mimeType: 'image/png', buffer: png });
  await expect(rows).toHaveCount(drawn + 2, { timeout: 30_000 });
  await page.locator('[data-photo-input]').setInputFiles({ name: 'fake.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('not a photo') });
  await expect(page.getByRole('alert')).toContainText('fake.jpg: Upload a JPEG, PNG or WebP photo');
  await expect(rows).toHaveCount(drawn + 2);

  // Reorder: the PNG (last) moves one place earlier, before the JPEG.
  const before = await rowIds(page);
  await rows
    .last()
    .getByRole('button', { name: /^Move earlier/ })
    .click();
  await expect.poll(() => rowIds(page)).toEqual([...before.slice(0, -2), before.at(-1), before.at(-2)]);

  // The JPEG becomes the thumbnail: first, with the badge.
  await page
    .locator(`[data-photo="${uploaded}"]`)
    .getByRole('button', { name: /^Make thumbnail/ })
    .click();
  await expect.poll(async () => (await rowIds(page))[0]).toBe(uploaded);
  await expect(rows.first().getByText('Thumbnail', { exact: true })).toBeVisible();
  await expect(rows.nth(1).getByText('Thumbnail', { exact: true })).toBeHidden();

  // Delete a drawn picture (it asks first).
  const drawnRow = rows.filter({ hasText: 'Drawn picture' }).first();
  const drawnId = await drawnRow.getAttribute('data-photo');
  page.once('dialog', (dialog) => void dialog.accept());
  await drawnRow.getByRole('button', { name: /^Delete/ }).click();
  await expect(page.locator(`[data-photo="${drawnId}"]`)).toHaveCount(0);
  await expect(rows).toHaveCount(drawn + 1);
  await expectNoSidewaysScroll(page);
  await expectNoSeriousViolations(page, `${label}: photos after changes`);

  // The shop shows it at once: the route cache dropped the page when the photos changed.
  await page.goto(`/product/${productId}`);
  const main = page.locator('[data-gallery-main]');
  const picture = page.locator('picture', { has: main });
  await expect(picture.locator('source[type="image/avif"]')).toHaveAttribute(
    'srcset',
    /\/uploads\/products\/[0-9a-f]{32}-320\.avif 320w, .*-1400\.avif 1400w$/,
  );
  await expect(picture.locator('source[type="image/webp"]')).toHaveAttribute('sizes', /50vw/);
  await expect(main).toHaveAttribute('srcset', /-640\.jpg 640w/);
  await expect(main).toHaveAttribute('width', '1400');
  await expect(main).toHaveAttribute('height', '1000');
  await expect.poll(() => main.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  const chosen = await main.evaluate((img: HTMLImageElement) => img.currentSrc);
  expect(chosen).toMatch(/\/uploads\/products\/[0-9a-f]{32}-\d+\.avif$/);
  const answer = await page.request.get(chosen);
  expect(answer.status()).toBe(200);
  expect(answer.headers()['content-type']).toBe('image/avif');
  expect(answer.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', /\/uploads\/products\/[0-9a-f]{32}-1024\.jpg$/);
  const og = await page.request.get(
    (await page.locator('meta[property="og:image"]').getAttribute('content'))!.replace(/^https?:\/\/[^/]+/, ''),
  );
  expect(og.headers()['content-type']).toBe('image/jpeg');
  await expectNoSeriousViolations(page, `${label}: product page with a photo`);

  // Its card in a list shows the thumbnail with a srcset too, read back from the card JPEG's address.
  const name = await page.getByRole('heading', { level: 1 }).innerText();
  await page.goto(`/store?q=${encodeURIComponent(name)}`);
  const card = page.locator(`[data-testid="product-card"]:has(a[href="/product/${productId}"])`);
  await expect(card.locator('source[type="image/avif"]')).toHaveAttribute(
    'srcset',
    /^\/uploads\/products\/[0-9a-f]{32}-320\.avif 320w, \/uploads\/products\/[0-9a-f]{32}-640\.avif 640w$/,
  );
  const cardImage = card.locator('img');
  await cardImage.scrollIntoViewIfNeeded();
  await expect(cardImage).toHaveAttribute('srcset', /-320\.jpg 320w, .*-640\.jpg 640w$/);
  await expect(cardImage).toHaveAttribute('sizes', /50vw$/);
  await expect.poll(() => cardImage.evaluate((img: HTMLImageElement) => (img.complete ? img.currentSrc : ''))).toMatch(/\.avif$/);
}
