// Markdown pages: the policy pages are bare (no header or footer, docs/product.md#page-shell); About is not.
import { expect, test } from '@playwright/test';

const BARE_PAGES: Array<[string, string]> = [
  ['/faq', 'Frequently Asked Questions'],
  ['/terms-and-conditions', 'Terms and Conditions'],
  ['/privacy-policy', 'Privacy Policy'],
  ['/cancellation-policy', 'Return & Refund Policy'],
  ['/shopping-policy', 'Shipping & Delivery Policy'],
];

test.describe('policy pages', () => {
  for (const [path, title] of BARE_PAGES) {
    test(`${path} shows its title without the site header and footer`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
      await expect(page).toHaveTitle(`${title} | Safe Buddy`);
      await expect(page.locator('#site-header')).toHaveCount(0);
      await expect(page.locator('footer')).toHaveCount(0);
      await expect(page.getByRole('contentinfo')).toHaveCount(0);
      await expect(page.getByTestId('chat-with-seller')).toHaveCount(0);
      // Rendered markdown: real paragraphs and no leftover markup.
      const body = page.getByTestId('content-page');
      expect(await body.locator('p').count()).toBeGreaterThan(1);
      await expect(body).not.toContainText('**');
      await expect(body).not.toContainText('## ');
      const back = page.getByRole('link', { name: 'Back to the shop' });
      await expect(back).toHaveAttribute('href', '/');
      await back.click();
      await expect(page).toHaveURL('/');
      await expect(page.locator('#site-header')).toBeVisible();
    });
  }

  test('/faq: returns within 7 days, never 30', async ({ page }) => {
    await page.goto('/faq');
    const body = page.getByTestId('content-page');
    await expect(body.getByRole('heading', { name: 'Delivery and returns', level: 2 })).toBeVisible();
    await expect(body.getByRole('heading', { name: 'What is your return policy?' })).toBeVisible();
    await expect(body).toContainText(/within 7 calendar days of delivery/);
    await expect(body).not.toContainText('30 days');
  });
});

test('/about shows the site header and footer', async ({ page }) => {
  const response = await page.goto('/about');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('About Safe Buddy');
  await expect(page.locator('#site-header')).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to the shop' })).toHaveCount(0);
  expect(await page.getByTestId('content-page').locator('p').count()).toBeGreaterThan(1);
});
