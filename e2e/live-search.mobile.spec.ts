// Header live search at phone width (390 px): the box under the bar and its dropdown.
import { expect, test, type Page } from '@playwright/test';
import { pageWidths } from './helpers';

function parts(page: Page) {
  const header = page.locator('#site-header');
  const box = header.getByRole('combobox', { name: 'Search' });
  const listbox = header.getByRole('listbox', { name: 'Matching products' });
  return { box, options: listbox.getByRole('option'), panel: header.locator('[data-live-panel]:visible') };
}

test.describe('mobile live search', () => {
  test('the dropdown fits the screen and long names take at most two lines', async ({ page }) => {
    await page.goto('/');
    const { box, options, panel } = parts(page);
    await expect(box).toHaveAttribute('id', 'header-search-mobile');
    await box.fill('safe');
    await expect(options.first()).toBeVisible();
    const viewport = page.viewportSize()!;
    const rect = (await panel.boundingBox())!;
    expect(rect.x).toBeGreaterThanOrEqual(0);
    expect(rect.x + rect.width).toBeLessThanOrEqual(viewport.width);
    expect(rect.y + rect.height).toBeLessThanOrEqual(viewport.height);
    const widths = await pageWidths(page);
    expect(widths.scrollWidth).toBeLessThanOrEqual(widths.innerWidth);
    for (const name of await options.locator('[data-live-name]').all()) {
      const lines = await name.evaluate((el) => el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight));
      expect(lines).toBeLessThanOrEqual(2.05);
    }
  });

  test('a very long name is clamped, not spilled off-screen', async ({ page }) => {
    await page.route('**/api/products/all-product-list?*', (route) =>
      route.fulfill({
        json: {
          data: {
            data: [
              {
                id: 16,
                name: `Very long product name ${'X'.repeat(200)} ${'word '.repeat(40)}`,
                thumbnail_img_link: '',
                unit_price: 123456.5,
                discounted_price: 100000,
                rating: 3,
              },
            ],
          },
        },
      }),
    );
    await page.goto('/');
    const { box, options } = parts(page);
    await box.fill('long');
    const name = options.first().locator('[data-live-name]');
    await expect(name).toBeVisible();
    const lines = await name.evaluate((el) => el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight));
    expect(lines).toBeLessThanOrEqual(2.05);
    const rect = (await options.first().boundingBox())!;
    expect(rect.x + rect.width).toBeLessThanOrEqual(page.viewportSize()!.width);
    const widths = await pageWidths(page);
    expect(widths.scrollWidth).toBeLessThanOrEqual(widths.innerWidth);
  });

  test('a tap outside closes it and a tap on a result opens the product', async ({ page }) => {
    await page.goto('/');
    const { box, options, panel } = parts(page);
    await box.fill('shredder');
    await expect(options.first()).toBeVisible();
    await page.touchscreen.tap(215, 30); // the empty middle of the header bar
    await expect(panel).toHaveCount(0);
    await box.click();
    const first = options.first();
    await expect(first).toBeVisible();
    const href = (await first.getAttribute('href'))!;
    await first.tap();
    await expect(page).toHaveURL(href);
  });

  test("'zzzz' shows the not-found picture within the screen", async ({ page }) => {
    await page.goto('/');
    const { box, panel } = parts(page);
    await box.fill('zzzz');
    const picture = panel.locator('img[src="/images/states/not-found.svg"]');
    await expect(picture).toBeVisible();
    await expect(picture).toBeInViewport();
  });
});
