// Writing a review on the product page (docs/product.md#product-page, #validation, #messages): offered to signed-in shoppers
// only, the spec's field messages, 'Review added', the average and count updated at once on the
// page, in the product cards and in the live search, one review per shopper, text kept as text.
import { test, type Page } from '@playwright/test';
import { ACCOUNT_TEST_TIMEOUT_MS, PASSWORD, expect, loginDialog, registerThroughApi, uniqueEmail } from './auth.helpers';
import { cards, toasts } from './helpers';

/** ShelfWise Evidence Room Mobile Shelving ER-6: no seeded reviews, used by no other spec. */
const PRODUCT = { id: 83, sku: 'ER-6', category: 16 };

async function productRating(page: Page): Promise<{ rating: number; count: number }> {
  const answer = await page.request.get('/api/products/product-view', { params: { product_id: PRODUCT.id } });
  const { data } = (await answer.json()) as { data: { rating: number; review_count: number } };
  return { rating: data.rating, count: data.review_count };
}

async function openReviews(page: Page) {
  await page.goto(`/product/${PRODUCT.id}`);
  await page.getByRole('tab', { name: /^Reviews/ }).click();
}

const dialog = (page: Page) => page.getByRole('dialog', { name: 'Write a Review' });

test.describe.configure({ timeout: ACCOUNT_TEST_TIMEOUT_MS });

test('a visitor is not offered the dialog, but the login dialog', async ({ page }) => {
  await openReviews(page);
  await expect(page.getByRole('button', { name: 'Write a Review', exact: true })).toHaveCount(0);
  await page.getByRole('button', { name: 'Log in to write a review' }).click();
  await expect(loginDialog(page)).toBeVisible();
});

test('a signed-in shopper writes a review, then edits it; the figures follow at once everywhere', async ({ page }) => {
  await registerThroughApi(page, { name: 'Reem Reviewer', email: uniqueEmail('review'), password: PASSWORD });
  const before = await productRating(page);
  await openReviews(page);
  await page.getByRole('button', { name: 'Write a Review', exact: true }).click();
  await expect(dialog(page)).toBeVisible();

  // The spec's messages, under the fields, and nothing sent.
  await dialog(page).getByRole('button', { name: 'Submit review' }).click();
  await expect(dialog(page).getByText('Please add rating')).toBeVisible();
  await expect(dialog(page).getByText('Comment is required')).toBeVisible();
  expect((await productRating(page)).count).toBe(before.count);

  // Markup in a review is plain text.
  const text = `<b>Sturdy</b> & smooth rails ${Date.now()}`;
  await dialog(page).locator('[data-star="4"]').click();
  await expect(dialog(page).getByText('Please add rating')).toBeHidden();
  await dialog(page).getByLabel('Your review').fill(text);
  await dialog(page).getByRole('button', { name: 'Submit review' }).click();
  await expect(toasts(page)).toContainText('Review added');
  await expect(dialog(page)).toBeHidden();

  const after = await productRating(page);
  expect(after.count).toBe(before.count + 1);
  const figures = `${after.rating.toFixed(1)} (${after.count})`;
  // Without a reload: the rating by the name, the tab, the summary and the list.
  await expect(page.locator('[data-open-tab="reviews"]')).toContainText(figures);
  await expect(page.getByRole('tab', { name: `Reviews (${after.count})` })).toBeVisible();
  const mine = page.getByTestId('reviews').getByRole('listitem').filter({ hasText: text });
  await expect(mine).toHaveCount(1);
  await expect(mine).toContainText('Reem Reviewer');
  await expect(mine.locator('b')).toHaveCount(0);
  await expect(mine.getByText('Rated 4.0 out of 5')).toHaveCount(1);

  // The dialog comes back filled, as an edit; a second review replaces the first.
  await page.reload();
  await page.getByRole('tab', { name: /^Reviews/ }).click();
  await expect(page.getByTestId('reviews').getByRole('listitem').filter({ hasText: text })).toHaveCount(1);
  await page.getByRole('button', { name: 'Edit your review' }).click();
  await expect(dialog(page).getByRole('radio', { name: '4 stars' })).toBeChecked();
  await expect(dialog(page).getByLabel('Your review')).toHaveValue(text);
  await dialog(page).locator('[data-star="2"]').click();
  await dialog(page).getByLabel('Your review').fill(`Edited: ${text}`);
  await dialog(page).getByRole('button', { name: 'Submit review' }).click();
  await expect(toasts(page)).toContainText('Review added');
  const edited = await productRating(page);
  expect(edited.count).toBe(after.count);
  const editedFigures = `${edited.rating.toFixed(1)} (${edited.count})`;
  await expect(page.locator('[data-open-tab="reviews"]')).toContainText(editedFigures);
  await expect(page.getByTestId('reviews').getByRole('listitem').filter({ hasText: text })).toHaveCount(1);
  await expect(
    page
      .getByTestId('reviews')
      .getByRole('listitem')
      .filter({ hasText: `Edited: ${text}` }),
  ).toContainText('Rated 2.0 out of 5');

  // The product card in the store and the header's live search show the same figures.
  await page.goto(`/store?category=${PRODUCT.category}`);
  await expect(cards(page).filter({ has: page.locator(`a[href="/product/${PRODUCT.id}"]`) })).toContainText(editedFigures);
  await page.locator('header').getByRole('combobox', { name: 'Search' }).fill(PRODUCT.sku);
  await expect(page.getByRole('option').filter({ hasText: 'Evidence Room' })).toContainText(editedFigures);
});

test('server field errors show under the fields; the dialog keeps focus and closes on Escape', async ({ page }) => {
  await registerThroughApi(page, { name: 'Omar Keys', email: uniqueEmail('review-kbd'), password: PASSWORD });
  await openReviews(page);
  const opener = page.getByRole('button', { name: 'Write a Review', exact: true });
  await opener.click();
  await expect(dialog(page)).toBeVisible();

  // Tab and Shift+Tab cycle inside: rating, review, Cancel, Submit, close (×) and round again.
  const focusedInside = () => page.evaluate(() => !!document.activeElement?.closest('dialog[open]'));
  for (let i = 0; i < 7; i++) {
    await page.keyboard.press('Tab');
    expect(await focusedInside()).toBe(true);
  }
  for (let i = 0; i < 7; i++) {
    await page.keyboard.press('Shift+Tab');
    expect(await focusedInside()).toBe(true);
  }

  // Keyboard only: arrows choose the rating inside the radio group.
  await dialog(page).getByRole('radio', { name: '1 star' }).focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(dialog(page).getByRole('radio', { name: '3 stars' })).toBeChecked();
  await dialog(page).getByLabel('Your review').fill('Fine');

  await page.route('**/api/products/add-review', (route) =>
    route.fulfill({
      status: 422,
      json: { success: false, message: 'comments: Too short', status: 422, data: { comments: ['Say a little more about the product'] } },
    }),
  );
  await dialog(page).getByRole('button', { name: 'Submit review' }).click();
  await expect(dialog(page).getByText('Say a little more about the product')).toBeVisible();
  await expect(dialog(page).getByLabel('Your review')).toHaveAttribute('aria-invalid', 'true');

  await page.route('**/api/products/add-review', (route) => route.fulfill({ status: 500, json: { success: false } }));
  await dialog(page).getByRole('button', { name: 'Submit review' }).click();
  await expect(dialog(page).getByRole('alert')).toHaveText('Some error occurred please try again after sometime');

  await page.keyboard.press('Escape');
  await expect(dialog(page)).toBeHidden();
  await expect(opener).toBeFocused();
});
