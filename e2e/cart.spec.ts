// The guest cart at desktop width (docs/product.md#cart, #behaviour, #validation, #prices-totals-and-limits; docs/decisions/0002-money-in-fils-api-in-aed.md): lines, steppers, removal,
// totals, persistence across reloads and tabs.
import { expect, test } from '@playwright/test';
import { headerBadge, toasts, waitForIslands } from './helpers';
import {
  BLACK_SAFE,
  LAST_ONE,
  PLAIN_SAFE,
  addFromProductPage,
  cartLine,
  cartLines,
  expectSummary,
  gotoCart,
  seedGuestCart,
  storedJson,
} from './cart.helpers';

test.describe('guest cart', () => {
  test('lines show the product, colour, quantity and price; totals follow docs/decisions/0002-money-in-fils-api-in-aed.md; kept after a reload', async ({
    page,
  }) => {
    await addFromProductPage(page, BLACK_SAFE.id, 2);
    await addFromProductPage(page, PLAIN_SAFE.id);
    await gotoCart(page);

    await expect(page.getByRole('heading', { level: 1, name: 'Shopping cart' })).toBeVisible();
    await expect(cartLines(page)).toHaveCount(2);
    const safe = cartLine(page, BLACK_SAFE.name);
    await expect(safe.getByRole('link', { name: BLACK_SAFE.name })).toHaveAttribute('href', `/product/${BLACK_SAFE.id}`);
    await expect(safe.locator('img')).toHaveAttribute('src', BLACK_SAFE.image);
    await expect(safe).toContainText(`Colour: ${BLACK_SAFE.colour}`);
    await expect(safe).toContainText(`${BLACK_SAFE.price} each`);
    await expect(safe.getByTestId('cart-line-quantity')).toHaveText('2');
    await expect(safe.getByTestId('cart-line-total')).toHaveText('AED 2,703.00');
    await expect(cartLine(page, PLAIN_SAFE.name).getByTestId('cart-line-total')).toHaveText(PLAIN_SAFE.price);

    // T = 2 x 1,351.50 + 2,190.00 = 4,893.00; S = round(T / 1.05) = 4,660.00; VAT = T - S.
    const figures = { subtotal: 'AED 4,660.00', discount: 'AED 0.00', vat: 'AED 233.00', total: 'AED 4,893.00' };
    await expectSummary(page, figures);

    await page.reload();
    await waitForIslands(page);
    await expect(cartLines(page)).toHaveCount(2);
    await expect(cartLine(page, BLACK_SAFE.name).getByTestId('cart-line-quantity')).toHaveText('2');
    await expectSummary(page, figures);
    await expect(headerBadge(page, 'cart')).toHaveText('2');
  });

  test('the step header shows the three steps with the first one current', async ({ page }) => {
    await gotoCart(page);
    const steps = page.getByRole('navigation', { name: 'Checkout steps' }).getByRole('listitem');
    await expect(steps).toHaveText([/Shopping cart/, /Checkout details/, /Order complete/]);
    await expect(steps.nth(0)).toHaveAttribute('aria-current', 'step');
    await expect(steps.nth(1)).not.toHaveAttribute('aria-current', /.*/);
  });

  test('a second tab follows the first: badge and cart page', async ({ page, context }) => {
    await addFromProductPage(page, BLACK_SAFE.id);
    const other = await context.newPage();
    await other.goto('/store');
    await expect(headerBadge(other, 'cart')).toHaveText('1');

    await addFromProductPage(page, PLAIN_SAFE.id);
    // No reload in the other tab: the storage event carries the change.
    await expect(headerBadge(other, 'cart')).toHaveText('2');

    await gotoCart(other);
    await expect(cartLines(other)).toHaveCount(2);
    await gotoCart(page);
    await cartLine(page, PLAIN_SAFE.name)
      .getByRole('button', { name: `Remove ${PLAIN_SAFE.name} from the cart` })
      .click();
    await expect(cartLines(other)).toHaveCount(1);
    await expect(headerBadge(other, 'cart')).toHaveText('1');
    await cartLine(page, BLACK_SAFE.name)
      .getByRole('button', { name: `Increase quantity of ${BLACK_SAFE.name}` })
      .click();
    await expect(cartLine(other, BLACK_SAFE.name).getByTestId('cart-line-quantity')).toHaveText('2');
  });

  test('the stepper stops at the stock with a message, and at 1', async ({ page }) => {
    await seedGuestCart(page, [{ id: LAST_ONE.id }, { id: BLACK_SAFE.id }]);
    await gotoCart(page);
    const last = cartLine(page, LAST_ONE.name);
    await expect(last.getByTestId('cart-line-total')).toHaveText(LAST_ONE.price);
    await last.getByRole('button', { name: `Increase quantity of ${LAST_ONE.name}` }).click();
    await expect(toasts(page)).toContainText('Quantity exceeded available stock');
    await expect(last.getByTestId('cart-line-quantity')).toHaveText('1');
    await expect(last.getByRole('button', { name: `Decrease quantity of ${LAST_ONE.name}` })).toBeDisabled();

    const safe = cartLine(page, BLACK_SAFE.name);
    const plus = safe.getByRole('button', { name: `Increase quantity of ${BLACK_SAFE.name}` });
    const minus = safe.getByRole('button', { name: `Decrease quantity of ${BLACK_SAFE.name}` });
    await plus.click();
    await plus.click();
    await expect(safe.getByTestId('cart-line-quantity')).toHaveText('3');
    await expect(safe.getByTestId('cart-line-total')).toHaveText('AED 4,054.50');
    await minus.click();
    await minus.click();
    await expect(safe.getByTestId('cart-line-quantity')).toHaveText('1');
    await expect(minus).toBeDisabled();
    expect(await storedJson(page, 'cart-storage')).toEqual(
      expect.arrayContaining([expect.objectContaining({ product_id: BLACK_SAFE.id, quantity: 1 })]),
    );
  });

  test('a quantity above the stock is brought down to it when the cart opens', async ({ page }) => {
    await seedGuestCart(page, [{ id: LAST_ONE.id, quantity: 3 }]);
    await gotoCart(page);
    await expect(toasts(page)).toContainText('Quantity exceeded available stock');
    await expect(cartLine(page, LAST_ONE.name).getByTestId('cart-line-quantity')).toHaveText('1');
  });

  test('remove: the line goes with a message; the last one leaves the empty cart picture', async ({ page }) => {
    await seedGuestCart(page, [{ id: BLACK_SAFE.id }, { id: PLAIN_SAFE.id }]);
    await gotoCart(page);
    await expect(cartLines(page)).toHaveCount(2);
    await cartLine(page, BLACK_SAFE.name)
      .getByRole('button', { name: `Remove ${BLACK_SAFE.name} from the cart` })
      .click();
    await expect(toasts(page)).toContainText('Item removed from cart');
    await expect(cartLines(page)).toHaveCount(1);
    await expect(headerBadge(page, 'cart')).toHaveText('1');

    await cartLine(page, PLAIN_SAFE.name)
      .getByRole('button', { name: `Remove ${PLAIN_SAFE.name} from the cart` })
      .click();
    const empty = page.getByTestId('cart-empty');
    await expect(empty).toBeVisible();
    await expect(empty.getByRole('img')).toHaveAttribute('src', '/images/states/empty-cart.svg');
    await expect(empty.getByRole('link', { name: 'Go to the store' })).toHaveAttribute('href', '/store');
    await expect(page.getByTestId('cart-summary')).toHaveCount(0);
    await expect(headerBadge(page, 'cart')).toBeHidden();
    expect(await storedJson(page, 'cart-storage')).toEqual([]);
  });

  test('Continue to Checkout opens the sign-in dialog for a guest', async ({ page }) => {
    await seedGuestCart(page, [{ id: PLAIN_SAFE.id }]);
    await gotoCart(page);
    await page.getByRole('button', { name: 'Continue to Checkout' }).click();
    await expect(page.getByRole('dialog', { name: 'Sign in' })).toBeVisible();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByTestId('cash-on-delivery')).toHaveCount(0);
  });

  test('a product the catalog no longer has is dropped from the guest cart, saying so', async ({ page }) => {
    await seedGuestCart(page, [{ id: PLAIN_SAFE.id }, { id: 99_999 }]);
    await gotoCart(page);
    await expect(toasts(page)).toContainText('This product is no longer available');
    await expect(cartLines(page)).toHaveCount(1);
    await expect(cartLine(page, PLAIN_SAFE.name)).toBeVisible();
  });
});
