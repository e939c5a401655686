// Categories, brands and SEO texts by staff (docs/decisions/0049-categories-brands-seo.md), one
// journey for 1280 and 390 px: a category is refused with the form's messages and an SVG upload is
// refused, then created with an uploaded icon and seen at once in the shop's menu, home page and
// store circles, and deleted; a brand is renamed and its store page says the new name at once (then
// the old name is put back); a page's SEO title is saved and seo/get and the page's <title> follow.
// Names start with "E2E " so the home page's spec can tell the seeded categories from these.
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, test } from './admin.fixtures';
import { expectNoSeriousViolations } from './axe.helpers';
import { expectNoSidewaysScroll } from './helpers';

async function png(size: number, colour: string): Promise<Buffer> {
  return sharp({ create: { width: size, height: size, channels: 4, background: colour } })
    .png()
    .toBuffer();
}

export async function categoryJourney(page: Page, label: string, colour: string): Promise<void> {
  test.setTimeout(180_000);
  const name = `E2E ${label} lockers ${Date.now().toString(36)}`;
  await page.goto('/admin/categories');
  await expect(page.getByRole('heading', { name: 'Categories', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Categories', exact: true }).first()).toHaveAttribute('aria-current', 'page');
  await expect(page.getByTestId('admin-categories')).toContainText('Fire Safes');
  await expectNoSidewaysScroll(page);
  await expectNoSeriousViolations(page, `${label}: categories list`);

  await page.getByTestId('new-category').click();
  await expect(page).toHaveURL(/\/admin\/categories\/new$/);
  const form = page.getByTestId('category-editor');
  await form.getByRole('button', { name: 'Create category' }).click();
  await expect(form.getByText('Enter a name of 1 to 120 characters')).toBeVisible();
  await expect(form.getByText('Choose a drawn picture or upload one')).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoSeriousViolations(page, `${label}: new category with errors`);

  await form.getByLabel('Name').fill(name);
  // An SVG (it could carry a script) is refused by the server, whatever the browser says it is.
  const svg = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';
  await form.getByTestId('icon-upload').setInputFiles({ name: 'icon.svg', mimeType: 'image/svg+xml', buffer: Buffer.from(svg) });
  await expect(form.getByText('Upload a JPEG, PNG or WebP photo')).toBeVisible();
  await form.getByTestId('icon-upload').setInputFiles({ name: 'lockers.png', mimeType: 'image/png', buffer: await png(240, colour) });
  const chosen = form.locator('[data-picture-field="icon"] input[type="radio"]:checked');
  await expect(chosen).toHaveValue(/^\/uploads\/products\/[0-9a-f]{32}-240\.webp$/);
  const icon = (await chosen.inputValue())!;
  await form.getByRole('button', { name: 'Create category' }).click();
  await expect(page).toHaveURL(/\/admin\/categories\/\d+\?done=created$/);
  const id = Number(/\/admin\/categories\/(\d+)/.exec(page.url())![1]);
  await expect(page.getByTestId('taxonomy-done')).toHaveText('Created');
  await expect(page.getByTestId('category-facts')).toHaveText(`Id ${id} · 0 products`);
  await expectNoSidewaysScroll(page);
  await expectNoSeriousViolations(page, `${label}: category page`);

  // The shop shows it at once: the menu (on every page), the home page with its icon, the store's circles.
  await page.goto('/menu');
  await expect(page.getByRole('main').getByRole('link', { name, exact: true })).toHaveAttribute('href', `/store?category=${id}`);
  await page.goto('/');
  const tile = page.getByTestId('home-categories').getByRole('link', { name, exact: true });
  await expect(tile).toHaveAttribute('href', `/store?category=${id}`);
  await expect(tile.locator('img')).toHaveAttribute('src', icon);
  expect((await page.request.get(icon)).headers()['content-type']).toBe('image/webp');
  await page.goto('/store');
  await expect(page.getByTestId('category-circles').getByRole('link', { name, exact: true })).toBeVisible();

  // Moved up one place in the list.
  await page.goto('/admin/categories');
  const ids = () => page.locator('[data-admin-category]').evaluateAll((rows) => rows.map((r) => (r as HTMLElement).dataset.adminCategory));
  const before = await ids();
  const above = before[before.indexOf(String(id)) - 1]!;
  await page.getByRole('button', { name: `Move ${name} up` }).click();
  await expect.poll(async () => (await ids()).indexOf(String(id)) < (await ids()).indexOf(above)).toBe(true);
  await page.reload();
  expect((await ids()).indexOf(String(id))).toBeLessThan((await ids()).indexOf(above));

  // Deleted (no product is in it): gone from the shop at once.
  await page.goto(`/admin/categories/${id}`);
  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByTestId('category-delete').click();
  await expect(page).toHaveURL(/\/admin\/categories\?done=deleted$/);
  await expect(page.getByTestId('admin-categories')).not.toContainText(name);
  await page.goto('/menu');
  await expect(page.getByRole('link', { name, exact: true })).toHaveCount(0);
}

export async function brandJourney(page: Page, label: string, brand: string): Promise<void> {
  test.setTimeout(120_000);
  const renamed = `${brand} ${label} ${Date.now().toString(36)}`;
  await page.goto(`/admin/brands?q=${encodeURIComponent(brand)}`);
  await expect(page.getByRole('heading', { name: 'Brands', level: 1 })).toBeVisible();
  await expect(page.getByTestId('brands-total')).toHaveText('1 brand');
  await expectNoSidewaysScroll(page);
  await expectNoSeriousViolations(page, `${label}: brands list`);
  await page.getByTestId('admin-brands').getByRole('link', { name: brand, exact: true }).click();
  const id = Number(/\/admin\/brands\/(\d+)/.exec(page.url())![1]);
  const form = page.getByTestId('brand-editor');
  await form.getByLabel('Name').fill(renamed);
  await form.getByTestId('brand-save').click();
  await expect(page.getByTestId('taxonomy-done')).toHaveText('Saved');
  await expectNoSidewaysScroll(page);
  await expectNoSeriousViolations(page, `${label}: brand page`);
  try {
    // Its page in the shop says the new name at once.
    await page.goto(`/store?brand=${id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(renamed);
  } finally {
    // The old name back, for the other specs.
    await page.goto(`/admin/brands/${id}`);
    await page.getByTestId('brand-editor').getByLabel('Name').fill(brand);
    await page.getByTestId('brand-save').click();
    await expect(page.getByTestId('taxonomy-done')).toHaveText('Saved');
  }
}

export async function seoJourney(page: Page, label: string, key: 'office_buddy' | 'home_buddy', path: string): Promise<void> {
  const title = `${key === 'office_buddy' ? 'Office Range' : 'Home Range'} ${label} ${Date.now().toString(36)} | Safe Buddy`;
  await page.goto('/admin/seo');
  await expect(page.getByRole('heading', { name: 'SEO texts', level: 1 })).toBeVisible();
  const form = page.locator(`[data-seo-editor="${key}"]`);
  await form.getByLabel('Title').fill(title);
  await expect(form.getByText(`${title.length} characters. About 60 show in search results`)).toBeVisible();
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByTestId('seo-saved')).toHaveText('SEO texts saved');
  await expectNoSidewaysScroll(page);
  await expectNoSeriousViolations(page, `${label}: SEO texts`);
  const seo = (await (await page.request.get('/api/seo/get')).json()) as { data: Record<string, { title: string }> };
  expect(seo.data[key]!.title).toBe(title);
  await page.goto(path);
  await expect(page).toHaveTitle(title);
}
