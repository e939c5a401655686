// An unmatched path shows the home page with a notice and answers 404 (docs/decisions/0019-catalog.md).
import { expect, test } from '@playwright/test';
import { cards } from './helpers';

for (const path of ['/this-does-not-exist', '/some/deeper/missing/path?x=1']) {
  test(`${path} answers 404 with the notice and the home content`, async ({ page }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await expect(page).toHaveTitle('Page not found | Safe Buddy');
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    const notice = page.getByTestId('not-found-notice');
    await expect(notice).toBeVisible();
    await expect(notice.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expect(notice).toContainText('We could not find that page. Here is our home page instead.');
    // The home page content follows.
    await expect(page.getByRole('heading', { name: 'Shop by category' })).toBeVisible();
    await expect(page.getByTestId('home-categories').getByRole('link', { name: 'Fire Safes' })).toHaveAttribute(
      'href',
      '/store?category=12',
    );
    await expect(cards(page.getByTestId('featured-products'))).toHaveCount(5);
    await expect(page.locator('#site-header')).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
  });
}

test('the home page itself has no not-found notice', async ({ page }) => {
  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { name: 'Shop by category' })).toBeVisible();
  await expect(page.getByTestId('not-found-notice')).toHaveCount(0);
});
