// Coupons on the cart page for a guest (docs/product.md#cart, #behaviour, #validation, #messages; docs/decisions/0002-money-in-fils-api-in-aed.md): apply, Applied, the
// server's refusals, clearing by editing or emptying, the 20-character limit, the popup.
import { expect, test } from '@playwright/test';
import { toasts, waitForIslands } from './helpers';
import {
  BLACK_SAFE,
  SMALL_BOARD,
  applyButton,
  applyCoupon,
  cartLine,
  couponInput,
  expectSummary,
  gotoCart,
  seedGuestCart,
  storedJson,
} from './cart.helpers';

// One black safe: T = 1,351.50, S = round(135150 / 1.05) = 1,287.14 fils-exact.
const NO_COUPON = { subtotal: 'AED 1,287.14', discount: 'AED 0.00', vat: 'AED 64.36', total: 'AED 1,351.50' };
// WELCOME5: D = round(5% of 128714) = 64.36; VAT = round((128714 - 6436) x 5%) = 61.14.
const WELCOME5 = { subtotal: 'AED 1,287.14', discount: 'AED 64.36', vat: 'AED 61.14', total: 'AED 1,283.92' };
// SAVE100 (AED 100 off from AED 1,000): VAT = round(118714 x 5%) = 59.36.
const SAVE100 = { subtotal: 'AED 1,287.14', discount: 'AED 100.00', vat: 'AED 59.36', total: 'AED 1,246.50' };

test.describe('coupon', () => {
  test.beforeEach(async ({ page }) => {
    await seedGuestCart(page, [{ id: BLACK_SAFE.id }]);
    await gotoCart(page);
    await expectSummary(page, NO_COUPON);
  });

  test('WELCOME5 applies 5%: the button reads Applied, the totals follow, and it is kept after a reload', async ({ page }) => {
    await applyCoupon(page, 'WELCOME5');
    await expect(toasts(page)).toContainText('Coupon applied');
    await expect(applyButton(page)).toHaveText('Applied');
    await expect(applyButton(page)).toBeDisabled();
    await expectSummary(page, WELCOME5);
    expect(await storedJson(page, 'coupon')).toMatchObject({ code: 'WELCOME5', discount_type: 'percent', discount: 5 });

    await page.reload();
    await waitForIslands(page);
    await expect(couponInput(page)).toHaveValue('WELCOME5');
    await expect(applyButton(page)).toHaveText('Applied');
    await expectSummary(page, WELCOME5);
  });

  test('editing the code clears the applied coupon', async ({ page }) => {
    await applyCoupon(page, 'WELCOME5');
    await expect(applyButton(page)).toHaveText('Applied');
    await couponInput(page).press('End');
    await couponInput(page).press('Backspace');
    await expect(applyButton(page)).toHaveText('Apply');
    await expect(applyButton(page)).toBeEnabled();
    await expectSummary(page, NO_COUPON);
    expect(await storedJson(page, 'coupon')).toBeNull();
  });

  test('emptying the cart clears the coupon', async ({ page }) => {
    await applyCoupon(page, 'WELCOME5');
    await expect(applyButton(page)).toHaveText('Applied');
    await cartLine(page, BLACK_SAFE.name)
      .getByRole('button', { name: `Remove ${BLACK_SAFE.name} from the cart` })
      .click();
    await expect(page.getByTestId('cart-empty')).toBeVisible();
    expect(await storedJson(page, 'coupon')).toBeNull();

    await seedGuestCart(page, [{ id: BLACK_SAFE.id }]);
    await gotoCart(page);
    await expect(couponInput(page)).toHaveValue('');
    await expectSummary(page, NO_COUPON);
  });

  test("an expired coupon shows the server's message and clears the field", async ({ page }) => {
    await applyCoupon(page, 'SUMMER20');
    await expect(page.getByTestId('coupon-error')).toHaveText('This coupon has expired');
    await expect(toasts(page)).toContainText('This coupon has expired');
    await expect(couponInput(page)).toHaveValue('');
    await expect(applyButton(page)).toHaveText('Apply');
    await expectSummary(page, NO_COUPON);
    expect(await storedJson(page, 'coupon')).toBeNull();
  });

  test("an unknown code and a cart under the minimum are refused with the server's reason", async ({ page }) => {
    await applyCoupon(page, 'NOSUCHCODE');
    await expect(page.getByTestId('coupon-error')).toHaveText('This coupon code is not valid');
    await expect(couponInput(page)).toHaveValue('');

    await seedGuestCart(page, [{ id: SMALL_BOARD.id }]);
    await gotoCart(page);
    await applyCoupon(page, 'SAVE100');
    await expect(page.getByTestId('coupon-error')).toHaveText('This coupon needs a subtotal of at least AED 1,000.00');
  });

  test('SAVE100 takes a fixed AED 100 off', async ({ page }) => {
    await applyCoupon(page, 'save100');
    await expect(applyButton(page)).toHaveText('Applied');
    await expectSummary(page, SAVE100);
  });

  test('a coupon that stops applying after a change says why and takes nothing off', async ({ page }) => {
    await seedGuestCart(page, [{ id: BLACK_SAFE.id }, { id: SMALL_BOARD.id }]);
    await gotoCart(page);
    await applyCoupon(page, 'SAVE100');
    await expect(applyButton(page)).toHaveText('Applied');
    await cartLine(page, BLACK_SAFE.name)
      .getByRole('button', { name: `Remove ${BLACK_SAFE.name} from the cart` })
      .click();
    // SMALL_BOARD alone: T = 49.00; S = 1,000.00 needs T = 1,050.00.
    await expect(page.getByTestId('coupon-problem')).toHaveText('Add AED 1,001.00 more to use SAVE100');
    await expect(applyButton(page)).toHaveText('Not applicable');
    await expect(page.getByTestId('summary-discount')).toHaveText('AED 0.00');
    await expect(page.getByTestId('summary-total')).toHaveText(SMALL_BOARD.price);
  });

  test('the code field takes at most 20 characters', async ({ page }) => {
    await expect(couponInput(page)).toHaveAttribute('maxlength', '20');
    await couponInput(page).pressSequentially('ABCDEFGHIJKLMNOPQRSTUVWXYZ');
    await expect(couponInput(page)).toHaveValue('ABCDEFGHIJKLMNOPQRST');
  });

  test('an empty code is refused before any call', async ({ page }) => {
    let calls = 0;
    page.on('request', (request) => {
      if (request.url().includes('/api/coupon/check')) calls += 1;
    });
    await applyButton(page).click();
    await expect(page.getByTestId('coupon-error')).toHaveText('Please enter a coupon code');
    expect(calls).toBe(0);
  });

  test('Select coupon: a paged list (more than 5 coupons), searchable; choosing one applies it', async ({ page }) => {
    await page.getByRole('button', { name: 'Select coupon' }).click();
    const dialog = page.getByRole('dialog', { name: 'Select coupon' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByTestId('coupon-option')).toHaveCount(5);
    const pager = dialog.getByTestId('coupon-pager');
    await expect(pager).toBeVisible();
    await pager.getByRole('button', { name: 'Page 2' }).click();
    await expect(pager.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    await expect(dialog.getByTestId('coupon-option').first()).toBeVisible();
    // Expired coupons are not offered.
    await expect(dialog.getByText('SUMMER20')).toHaveCount(0);

    await dialog.getByLabel('Search coupons').fill('save');
    await expect(dialog.getByTestId('coupon-option')).toHaveCount(1);
    await expect(dialog.getByTestId('coupon-option')).toContainText('SAVE100');
    await expect(dialog.getByTestId('coupon-option')).toContainText('AED 100.00 off');
    await expect(pager).toHaveCount(0);

    await dialog.getByLabel('Search coupons').fill('zzz');
    await expect(dialog.getByText('No coupons match your search.')).toBeVisible();
    await dialog.getByLabel('Search coupons').fill('SAVE1');
    await dialog.getByRole('button', { name: 'Apply coupon SAVE100' }).click();
    await expect(dialog).toBeHidden();
    await expect(couponInput(page)).toHaveValue('SAVE100');
    await expect(applyButton(page)).toHaveText('Applied');
    await expectSummary(page, SAVE100);
  });

  test('the popup closes with Escape and gives focus back', async ({ page }) => {
    const opener = page.getByRole('button', { name: 'Select coupon' });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'Select coupon' });
    await expect(dialog.getByLabel('Search coupons')).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
  });

  test('guests send their cart with the check', async ({ page }) => {
    const check = page.waitForRequest((request) => request.url().includes('/api/coupon/check'));
    await applyCoupon(page, 'WELCOME5');
    const url = new URL((await check).url());
    expect(url.searchParams.get('coupon')).toBe('WELCOME5');
    expect(JSON.parse(url.searchParams.get('items') ?? 'null')).toEqual([{ product_id: BLACK_SAFE.id, quantity: 1 }]);
    await expect(applyButton(page)).toHaveText('Applied');
  });
});
