// Home, store and product pages at phone width (390 px).
import { expect, test, type Page } from '@playwright/test';
import { COLOUR_PRODUCT, OUT_OF_STOCK_PRODUCT, classWord, pageWidths, waitForIslands } from './helpers';

/** Indexes of the banner slides lying wholly inside the viewport. */
async function slidesFullyInView(page: Page): Promise<number[]> {
  return page.locator('[data-banner-slide]').evaluateAll((slides) =>
    slides
      .map((s, i) => {
        const r = s.getBoundingClientRect();
        return r.width > 0 && r.left >= -1 && r.right <= window.innerWidth + 1 ? i : -1;
      })
      .filter((i) => i >= 0),
  );
}

test.describe('mobile home', () => {
  test('the range banner is a carousel of one slide at a time with dots', async ({ page }) => {
    await page.goto('/');
    const slides = page.locator('[data-banner-slide]');
    await expect(slides).toHaveCount(2);
    expect(await slidesFullyInView(page)).toEqual([0]);
    const dots = page.locator('[data-banner-dots]').getByRole('button');
    await expect(dots).toHaveCount(2);
    await expect(dots.nth(0)).toBeVisible();
    await expect(dots.nth(0)).toHaveClass(classWord('is-active'));

    await page.getByRole('button', { name: 'Show slide 2' }).click();
    await expect.poll(() => slidesFullyInView(page)).toEqual([1]);
    await expect(dots.nth(1)).toHaveClass(classWord('is-active'));
    await expect(dots.nth(0)).not.toHaveClass(classWord('is-active'));
    await expect(slides.nth(1)).toHaveAttribute('href', '/store?product-type=home');

    await page.getByRole('button', { name: 'Show slide 1' }).click();
    await expect.poll(() => slidesFullyInView(page)).toEqual([0]);
  });

  test('the range banner advances by itself every 10 seconds', async ({ page }) => {
    test.slow();
    await page.goto('/');
    expect(await slidesFullyInView(page)).toEqual([0]);
    await expect.poll(() => slidesFullyInView(page), { timeout: 13_000 }).toEqual([1]);
    await expect(page.getByRole('button', { name: 'Show slide 2' })).toHaveClass(classWord('is-active'));
  });

  // Compared with the configured 390 px: on a phone Chrome widens window.innerWidth to fit content
  // that overflows, so scrollWidth <= innerWidth alone would hide an overflow.
  const noOverflow = async (page: Page) => {
    const { scrollWidth, innerWidth } = await pageWidths(page);
    const width = page.viewportSize()!.width;
    expect(width).toBe(390);
    expect({ scrollWidth, innerWidth }).toEqual({ scrollWidth: width, innerWidth: width });
  };

  // /store?q=shreder is the store layout (hero, circles, filters, grid) with a single page of results.
  for (const path of [
    '/',
    `/product/${COLOUR_PRODUCT.id}`,
    `/product/${OUT_OF_STOCK_PRODUCT.id}`,
    '/store?q=shreder',
    '/store?category=17',
    '/faq',
    '/about',
  ]) {
    test(`no horizontal overflow on ${path}`, async ({ page }) => {
      await page.goto(path);
      await noOverflow(page);
    });
  }

  // Lists of 7+ pages show the widest pager: Previous, seven numbers, Next.
  for (const path of ['/store', '/new-arrival', '/store?page=7']) {
    test(`no horizontal overflow on ${path} with the full pager`, async ({ page }) => {
      await page.goto(path);
      await noOverflow(page);
    });
  }

  test('the store filter panel starts closed and opens', async ({ page }) => {
    await page.goto('/store');
    const panel = page.locator('[data-filter-panel]');
    await expect(panel).not.toHaveAttribute('open', /.*/);
    const brand = page.getByRole('checkbox', { name: /PaperTrail/ });
    await expect(brand).toBeHidden();
    await page.getByText('Filters', { exact: true }).click();
    await expect(panel).toHaveAttribute('open', '');
    await expect(brand).toBeVisible();
    // Boxes apply themselves with JavaScript: no Apply button.
    await expect(page.getByRole('button', { name: 'Apply filters' })).toBeHidden();
    await brand.click();
    await page.waitForURL(/brand=5/);
    await expect(page.getByTestId('results-count')).toHaveText('20 products');
  });

  test('a product can be added to the cart on a phone', async ({ page }) => {
    await page.goto(`/product/${COLOUR_PRODUCT.id}`);
    await waitForIslands(page);
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect(page.getByRole('link', { name: 'Go to cart' })).toBeVisible();
    await expect(page.locator('#site-header [data-badge="cart"]')).toHaveText('1');
  });
});
