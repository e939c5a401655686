// Search results first on a phone (390 x 844): docs/product.md#store-and-product-lists.
import { expect, test } from '@playwright/test';
import { expectNoSeriousViolations } from './axe.helpers';
import { cards, productGrid, resultsCount } from './helpers';

test.describe('search results at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('/store?q=safe shows the first result card without scrolling', async ({ page }) => {
    await page.goto('/store?q=safe');
    await expect(page.getByTestId('store-hero')).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${await resultsCount(page)} results for “safe”`);
    await expect(cards(productGrid(page)).first()).toBeInViewport({ ratio: 1 });
    await expectNoSeriousViolations(page, '/store?q=safe at 390 px');
  });

  test('a filter from the closed panel applies in place and the panel stays open', async ({ page }) => {
    await page.goto('/store?q=safe');
    const total = await resultsCount(page);
    await page.getByText('Filters', { exact: true }).click();
    await page
      .getByRole('group', { name: 'Range' })
      .getByRole('radio', { name: /Office Buddy/ })
      .check();
    await expect(page).toHaveURL(/product-type=office/);
    await expect.poll(() => resultsCount(page)).toBeLessThan(total);
    await expect(page.getByRole('group', { name: 'Range' }).getByRole('radio', { name: /Office Buddy/ })).toBeVisible();
  });
});
