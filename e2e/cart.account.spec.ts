// The cart and wishlist of a signed-in shopper (docs/product.md#after-sign-in; docs/decisions/0008-sessions.md, docs/decisions/0002-money-in-fils-api-in-aed.md): the guest
// lists merged into the account at sign-in, changes sent to the server (and rolled back when it
// refuses), the server's totals on /cart, and the lists leaving the browser at logout.
import { test, type Page } from '@playwright/test';
import { headerBadge, toasts } from './helpers';
import { addToServerCart } from './fixtures';
import {
  ACCOUNT_TEST_TIMEOUT_MS,
  PASSWORD,
  expect,
  registerThroughApi,
  signInThroughDialog,
  signOutThroughMenu,
  uniqueEmail,
} from './auth.helpers';
import {
  BLACK_SAFE,
  DISCOUNTED_SAFE,
  LAST_ONE,
  PLAIN_SAFE,
  accountElsewhere,
  addFromProductPage,
  aed,
  applyButton,
  applyCoupon,
  cartLine,
  cartLines,
  gotoCart,
  gotoWishlist,
  serverCart,
  serverWishlist,
  storedJson,
  wishFromProductPage,
  wishlistLine,
  wishlistLines,
} from './cart.helpers';

test.describe.configure({ timeout: ACCOUNT_TEST_TIMEOUT_MS });

/** Registers `page` itself through the API (signed in by cookie) and opens /cart, which adopts the session. */
async function signedInShopper(page: Page): Promise<number> {
  await page.goto('/about');
  const id = await registerThroughApi(page, { name: 'Mariam Cart', email: uniqueEmail('cart'), password: PASSWORD });
  await gotoCart(page);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('user_id'))).toBe(String(id));
  return id;
}

test.describe('signed-in cart and wishlist', () => {
  test("signing in merges the guest cart and wishlist into the account's", async ({ page, browser }) => {
    const account = await accountElsewhere(browser);
    // The account already holds one product in each list (added on another device).
    await addToServerCart(account.elsewhere, PLAIN_SAFE.id, 2);
    expect(
      (await account.elsewhere.request.post('/api/products/add-wishlist', { data: { product_id: DISCOUNTED_SAFE.id } })).status(),
    ).toBe(201);
    await account.close();

    // As a guest: one product in the cart, another in the wishlist.
    await addFromProductPage(page, BLACK_SAFE.id, 3);
    await wishFromProductPage(page, LAST_ONE.id);
    await signInThroughDialog(page, account.email, PASSWORD);

    const cart = await serverCart(page);
    expect(cart.cart_items.map((i) => [i.product_id, i.quantity]).sort()).toEqual(
      [
        [BLACK_SAFE.id, 3],
        [PLAIN_SAFE.id, 2],
      ].sort(),
    );
    expect((await serverWishlist(page)).sort()).toEqual([DISCOUNTED_SAFE.id, LAST_ONE.id].sort());

    await gotoCart(page);
    await expect(cartLines(page)).toHaveCount(2);
    await expect(cartLine(page, BLACK_SAFE.name).getByTestId('cart-line-quantity')).toHaveText('3');
    await expect(cartLine(page, PLAIN_SAFE.name).getByTestId('cart-line-quantity')).toHaveText('2');
    await expect(headerBadge(page, 'cart')).toHaveText('2');
    await gotoWishlist(page);
    await expect(wishlistLines(page)).toHaveCount(2);
    await expect(wishlistLine(page, DISCOUNTED_SAFE.name)).toBeVisible();
    await expect(headerBadge(page, 'wishlist')).toHaveText('2');
    expect(await page.evaluate(() => localStorage.getItem('cart-owner'))).toBe(String(account.id));
  });

  test("changes go to the server, and /cart shows the server's totals for the same cart and coupon", async ({ page }) => {
    await signedInShopper(page);
    await addFromProductPage(page, BLACK_SAFE.id);
    await expect(toasts(page)).toContainText('Item added to the cart');
    await addFromProductPage(page, DISCOUNTED_SAFE.id);
    await expect.poll(async () => (await serverCart(page)).cart_items.length).toBe(2);

    await gotoCart(page);
    await cartLine(page, BLACK_SAFE.name)
      .getByRole('button', { name: `Increase quantity of ${BLACK_SAFE.name}` })
      .click();
    await expect.poll(async () => (await serverCart(page)).cart_items.find((i) => i.product_id === BLACK_SAFE.id)?.quantity).toBe(2);

    await applyCoupon(page, 'WELCOME5');
    await expect(applyButton(page)).toHaveText('Applied');
    const summary = page.getByTestId('cart-summary');
    await expect(summary).toHaveAttribute('data-totals-source', 'server');
    const server = await serverCart(page, 'WELCOME5');
    expect(server.discount_amount).toBeGreaterThan(0);
    await expect(page.getByTestId('summary-subtotal')).toHaveText(aed(server.subtotal));
    await expect(page.getByTestId('summary-discount')).toHaveText(`− ${aed(server.discount_amount)}`);
    await expect(page.getByTestId('summary-vat')).toHaveText(aed(server.tax_amount));
    await expect(page.getByTestId('summary-total')).toHaveText(aed(server.grand_total));

    await cartLine(page, DISCOUNTED_SAFE.name)
      .getByRole('button', { name: `Remove ${DISCOUNTED_SAFE.name} from the cart` })
      .click();
    await expect(toasts(page)).toContainText('Item removed from cart');
    await expect.poll(async () => (await serverCart(page)).cart_items.map((i) => i.product_id)).toEqual([BLACK_SAFE.id]);
    const after = await serverCart(page, 'WELCOME5');
    await expect(page.getByTestId('summary-total')).toHaveText(aed(after.grand_total));
  });

  test('a change the server refuses is rolled back and the shopper told', async ({ page }) => {
    await signedInShopper(page);
    await addFromProductPage(page, BLACK_SAFE.id);
    await expect.poll(async () => (await serverCart(page)).cart_items.length).toBe(1);
    await gotoCart(page);
    // The connection drops for the next quantity change.
    await page.route('**/api/products/update-product-quantity', (route) => route.abort('failed'));
    const line = cartLine(page, BLACK_SAFE.name);
    await line.getByRole('button', { name: `Increase quantity of ${BLACK_SAFE.name}` }).click();
    await expect(toasts(page)).toContainText('We could not save that change. Please try again.');
    await expect(line.getByTestId('cart-line-quantity')).toHaveText('1');
    expect((await serverCart(page)).cart_items[0]!.quantity).toBe(1);

    // The server's own refusal comes with its message.
    await page.unroute('**/api/products/update-product-quantity');
    await page.route('**/api/products/productwise-cart-delete', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ success: false, message: 'Something broke on our side' }),
      }),
    );
    await line.getByRole('button', { name: `Remove ${BLACK_SAFE.name} from the cart` }).click();
    await expect(toasts(page)).toContainText('Something broke on our side');
    await expect(cartLines(page)).toHaveCount(1);
    expect(await storedJson(page, 'cart-storage')).toEqual([expect.objectContaining({ product_id: BLACK_SAFE.id })]);
  });

  test('the wishlist heart syncs with the server; a refusal puts it back', async ({ page }) => {
    await signedInShopper(page);
    await wishFromProductPage(page, BLACK_SAFE.id);
    await expect.poll(() => serverWishlist(page)).toEqual([BLACK_SAFE.id]);
    await page.getByRole('button', { name: 'Added to wishlist' }).click();
    await expect(page.getByRole('button', { name: 'Add to wishlist' })).toBeVisible();
    await expect.poll(() => serverWishlist(page)).toEqual([]);

    await page.route('**/api/products/add-wishlist', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ success: false, message: 'Try again later' }) }),
    );
    await page.getByRole('button', { name: 'Add to wishlist' }).click();
    await expect(toasts(page)).toContainText('Try again later');
    await expect(page.getByRole('button', { name: 'Add to wishlist' })).toHaveAttribute('aria-pressed', 'false');
    await expect(headerBadge(page, 'wishlist')).toBeHidden();

    // The server's wishlist has the product's real colour.
    await page.unroute('**/api/products/add-wishlist');
    await page.getByRole('button', { name: 'Add to wishlist' }).click();
    await expect.poll(() => serverWishlist(page)).toEqual([BLACK_SAFE.id]);
    await gotoWishlist(page);
    await expect(wishlistLine(page, BLACK_SAFE.name).getByTestId('wishlist-line-colour')).toContainText(BLACK_SAFE.colour);
    await expect(wishlistLine(page, BLACK_SAFE.name).getByTestId('colour-swatch')).toHaveCSS('background-color', BLACK_SAFE.hex);
  });

  test("a refreshed page loads the server's lists; logout clears them from the browser", async ({ page, browser }) => {
    await signedInShopper(page);
    await addFromProductPage(page, BLACK_SAFE.id);
    await expect.poll(async () => (await serverCart(page)).cart_items.length).toBe(1);
    // Another device changes the cart: the next page load here shows it.
    const cookies = await page.context().cookies();
    const device = await browser.newContext();
    await device.addCookies(cookies);
    const other = await device.newPage();
    await other.goto('/about');
    await addToServerCart(other, PLAIN_SAFE.id);
    await device.close();
    await page.goto('/store');
    await expect(headerBadge(page, 'cart')).toHaveText('2');
    await wishFromProductPage(page, LAST_ONE.id);
    await expect.poll(() => serverWishlist(page)).toEqual([LAST_ONE.id]);

    await signOutThroughMenu(page);
    await expect(headerBadge(page, 'cart')).toBeHidden();
    await expect(headerBadge(page, 'wishlist')).toBeHidden();
    expect(await storedJson(page, 'cart-storage')).toEqual([]);
    expect(await storedJson(page, 'wishlist-storage')).toEqual([]);
    await gotoCart(page);
    await expect(page.getByTestId('cart-empty')).toBeVisible();
  });

  test('the stepper stops at the cap of one line with its message, and the server keeps the quantity (issue 10)', async ({ page }) => {
    const board = { id: 121, name: 'BrightBoard Mini Dry-Wipe Board 45 x 60 cm MB-4560' };
    await signedInShopper(page);
    await addToServerCart(page, board.id, 20);
    await gotoCart(page);
    const line = cartLine(page, board.name);
    await expect(line.getByTestId('cart-line-quantity')).toHaveText('20');
    await line.getByRole('button', { name: `Increase quantity of ${board.name}` }).click();
    await expect(toasts(page)).toContainText('At most 20 of one product per order. For more, please contact us.');
    await expect(line.getByTestId('cart-line-quantity')).toHaveText('20');
    expect((await serverCart(page)).cart_items.map((i) => i.quantity)).toEqual([20]);
  });

  test('Continue to Checkout goes to the checkout details when signed in', async ({ page }) => {
    await signedInShopper(page);
    await addFromProductPage(page, PLAIN_SAFE.id);
    await gotoCart(page);
    await expect(page.getByRole('link', { name: 'Continue to Checkout' })).toHaveAttribute('href', '/cart/checkout-details');
  });
});
