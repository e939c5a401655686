// Writing a review on a phone (390 px): the dialog fits the screen and the review shows at once.
import { ACCOUNT_TEST_TIMEOUT_MS, expect } from './auth.helpers';
import { pageWidths, toasts } from './helpers';
import { test } from './fixtures';

/** ShelfWise Mechanical Assist Mobile Shelving System (80): no seeded reviews, in no other spec. */
const PRODUCT_ID = 80;

test.describe.configure({ timeout: ACCOUNT_TEST_TIMEOUT_MS });
test.use({ shopperName: 'Sara Phone' });

test('writes a review in a dialog that fits the phone screen', async ({ signedInPage: page }) => {
  await page.goto(`/product/${PRODUCT_ID}`);
  await page.getByRole('tab', { name: /^Reviews/ }).click();
  await page.getByRole('button', { name: 'Write a Review', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Write a Review' });
  await expect(dialog).toBeVisible();
  const box = (await dialog.boundingBox())!;
  const viewport = page.viewportSize()!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
  expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);

  await dialog.locator('[data-star="5"]').tap();
  await dialog.getByLabel('Your review').fill('Installed over a weekend, rolls with one hand.');
  await dialog.getByRole('button', { name: 'Submit review' }).tap();
  await expect(toasts(page)).toContainText('Review added');
  await expect(page.getByTestId('reviews').getByRole('listitem').filter({ hasText: 'Installed over a weekend' })).toContainText(
    'Sara Phone',
  );
  const { scrollWidth, innerWidth } = await pageWidths(page);
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
});
