// Accessibility at 1280 px: no serious or critical axe violations (WCAG 2.0/2.1 A and AA) on
// the main pages and in their dialogs. The checks are shared with a11y.mobile.spec.ts (axe.helpers.ts).
import { expect, test, type Page } from '@playwright/test';
import { describeAccessibilityChecks } from './axe.helpers';

describeAccessibilityChecks('accessibility (desktop)');

/**
 * Every <img> has an alt attribute; product pictures (src under /images/products/) have a
 * non-empty one unless they sit in a link, button or option that is named by its own text or
 * label (gallery thumbnails, live-search results), where an empty alt avoids saying it twice.
 */
async function imageProblems(page: Page): Promise<string[]> {
  return page.locator('img').evaluateAll((images) =>
    images.flatMap((img) => {
      const src = img.getAttribute('src') ?? '';
      const alt = img.getAttribute('alt');
      if (alt === null) return [`no alt: ${src}`];
      if (!src.includes('/images/products/') || alt.trim() !== '') return [];
      const control = img.closest('a, button, [role="option"]');
      const named = control && ((control.getAttribute('aria-label') ?? '').trim() !== '' || (control.textContent ?? '').trim() !== '');
      return named ? [] : [`product image with an empty alt outside a named control: ${src}`];
    }),
  );
}

test.describe('images have text alternatives', () => {
  for (const path of ['/', '/store', '/product/16']) {
    test(`every image on ${path} has an alt, product images a non-empty one`, async ({ page }) => {
      await page.goto(path);
      await expect(page.locator('img').first()).toBeAttached();
      expect(await imageProblems(page)).toEqual([]);
      // A product card's picture is named after its product.
      const cards = page.getByTestId('product-card');
      const n = await cards.count();
      expect(n, 'product cards on the page').toBeGreaterThan(0);
      for (let i = 0; i < n; i++) {
        await expect(cards.nth(i).locator('img')).toHaveAttribute('alt', ((await cards.nth(i).locator('h3').textContent()) ?? '').trim());
      }
    });
  }

  test('the product gallery and its viewer name the product', async ({ page }) => {
    await page.goto('/product/16');
    const name = ((await page.getByRole('heading', { level: 1 }).textContent()) ?? '').trim();
    await expect(page.locator('[data-gallery-main]')).toHaveAttribute('alt', name);
    await expect(page.locator('[data-viewer-image]')).toHaveAttribute('alt', name);
  });
});
