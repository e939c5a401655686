// The cart and wishlist at 390 px (docs/product.md#cart; design: finished on a phone): stacked cards,
// no sideways scrolling, the summary under the lines, the coupon popup inside the screen.
import { expect, test, type Page } from '@playwright/test';
import {
  BLACK_SAFE,
  DISCOUNTED_SAFE,
  LAST_ONE,
  PLAIN_SAFE,
  applyButton,
  applyCoupon,
  cartLine,
  gotoCart,
  gotoWishlist,
  seedGuestCart,
  wishlistLine,
} from './cart.helpers';

async function documentWidth(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth);
}

test.describe('cart and wishlist on a phone', () => {
  test('/cart at 390 px: no horizontal overflow, lines stacked, summary below', async ({ page }) => {
    await seedGuestCart(page, [
      { id: BLACK_SAFE.id, quantity: 12 },
      { id: LAST_ONE.id },
      { id: DISCOUNTED_SAFE.id },
      { id: PLAIN_SAFE.id },
    ]);
    await gotoCart(page);
    await applyCoupon(page, 'WELCOME5');
    await expect(applyButton(page)).toHaveText('Applied');
    expect(await documentWidth(page)).toBeLessThanOrEqual(390);

    const line = cartLine(page, BLACK_SAFE.name);
    const name = await line.getByTestId('cart-line-name').boundingBox();
    const stepper = await line.getByRole('group', { name: `Quantity of ${BLACK_SAFE.name}` }).boundingBox();
    const total = await line.getByTestId('cart-line-total').boundingBox();
    expect(name && stepper && total).toBeTruthy();
    // The stepper sits under the name, the line total at the end of the stepper's row, all inside the screen.
    expect(stepper!.y).toBeGreaterThan(name!.y);
    expect(Math.abs(stepper!.y + stepper!.height / 2 - (total!.y + total!.height / 2))).toBeLessThan(6);
    expect(total!.x + total!.width).toBeLessThanOrEqual(390);

    const lines = await page.getByRole('table', { name: 'Products in your cart' }).boundingBox();
    const summary = await page.getByTestId('cart-summary').boundingBox();
    expect(summary!.y).toBeGreaterThan(lines!.y + lines!.height);
    expect(summary!.x + summary!.width).toBeLessThanOrEqual(390);
  });

  test('the coupon popup fits the screen', async ({ page }) => {
    await seedGuestCart(page, [{ id: PLAIN_SAFE.id }]);
    await gotoCart(page);
    await page.getByRole('button', { name: 'Select coupon' }).click();
    const dialog = page.getByRole('dialog', { name: 'Select coupon' });
    await expect(dialog.getByTestId('coupon-option').first()).toBeVisible();
    const box = await dialog.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    expect(await documentWidth(page)).toBeLessThanOrEqual(390);
  });

  test('/wishlist at 390 px: no horizontal overflow, both actions on each card', async ({ page }) => {
    await page.goto('/about');
    await page.evaluate(
      (ids) => {
        localStorage.setItem(
          'wishlist-storage',
          JSON.stringify(ids.map((id) => ({ id, name: `Product ${id}`, thumbnail_img_link: '', unit_price: 1 }))),
        );
      },
      [BLACK_SAFE.id, LAST_ONE.id, PLAIN_SAFE.id],
    );
    await gotoWishlist(page);
    const row = wishlistLine(page, BLACK_SAFE.name);
    await expect(row.getByRole('button', { name: `Remove ${BLACK_SAFE.name} from the wishlist` })).toBeVisible();
    await expect(row.getByRole('link', { name: `Go to ${BLACK_SAFE.name}` })).toBeVisible();
    expect(await documentWidth(page)).toBeLessThanOrEqual(390);
  });
});
