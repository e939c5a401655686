// Nothing vanishes from the cart, and coupon states agree (docs/product.md#cart, #wishlist,
// #coupons; docs/decisions/0030-nothing-vanishes-and-coupon-states.md). The scenarios are
// declared once here and run at 1280 px (set-aside.spec.ts) and 390 px (set-aside.mobile.spec.ts).
import { test, type Page } from '@playwright/test';
import { ACCOUNT_TEST_TIMEOUT_MS, PASSWORD, expect, signInThroughDialog } from './auth.helpers';
import { expectNoSeriousViolations } from './axe.helpers';
import {
  BLACK_SAFE,
  LAST_ONE,
  SMALL_BOARD,
  accountElsewhere,
  applyButton,
  applyCoupon,
  cartLine,
  cartLines,
  gotoCart,
  gotoWishlist,
  seedGuestCart,
  serverCart,
  serverWishlist,
  storedJson,
  wishlistLine,
  wishlistLines,
} from './cart.helpers';
import { addAddressThroughApi, addToServerCart, signUpThroughApi } from './fixtures';
import { OUT_OF_STOCK_PRODUCT, headerBadge, toasts, waitForIslands } from './helpers';

/** A product id the catalog never had: a guest line of a product no longer sold. */
const GONE = { id: 99_999, name: 'Retired Desk Safe DS-10' };

interface StoredLine {
  id: number;
  name: string;
  quantity: number;
  price: number;
  stock: number;
  image: string;
}

/** A guest cart in storage as the product pages wrote it (names and pictures as the shopper saw them). */
async function seedNamedGuestCart(page: Page, lines: StoredLine[]): Promise<void> {
  if (!page.url().startsWith('http')) await page.goto('/about');
  await page.evaluate((items) => {
    localStorage.setItem(
      'cart-storage',
      JSON.stringify(
        items.map((l) => ({
          product_id: l.id,
          name: l.name,
          quantity: l.quantity,
          unit_price: l.price,
          stock: l.stock,
          productImage: l.image,
          color: null,
          attribute_id: null,
          discount: 0,
          availableStock: l.stock,
        })),
      ),
    );
  }, lines);
}

/** A guest wishlist in storage, as the product pages wrote it. */
async function seedGuestWishlist(page: Page, items: { id: number; name: string; price: number }[]): Promise<void> {
  if (!page.url().startsWith('http')) await page.goto('/about');
  await page.evaluate((list) => {
    localStorage.setItem(
      'wishlist-storage',
      JSON.stringify(list.map((w) => ({ id: w.id, name: w.name, thumbnail_img_link: '', unit_price: w.price }))),
    );
  }, items);
}

/** Applies a coupon in storage, as the cart page would once the server accepted it (the check is bypassed on purpose). */
async function storeCoupon(page: Page, code: string): Promise<void> {
  const r = await page.request.get('/api/coupon', { params: { keyword: code } });
  expect(r.status(), await r.text()).toBe(200);
  const coupon = ((await r.json()) as { data: { data: { code: string }[] } }).data.data.find((c) => c.code === code);
  expect(coupon, code).toBeTruthy();
  await page.evaluate((value) => localStorage.setItem('coupon', JSON.stringify(value)), coupon);
}

const setAsideLines = (page: Page) => page.getByTestId('set-aside-line');
const setAsideLine = (page: Page, id: number) => page.locator(`[data-testid="set-aside-line"][data-product-id="${id}"]`);

// SMALL_BOARD alone: T = 49.00. SAVE100 needs S = 1,000.00, so T = 1,050.00: 1,001.00 more.
const SAVE100_SHORT = 'Add AED 1,001.00 more to use SAVE100';

/** The one amber state: 'Not applicable' with the reason, never 'Applied', and nothing taken off. */
async function expectCouponNotApplicable(page: Page, scope: string): Promise<void> {
  const summary = page.getByTestId(scope);
  await expect(summary.getByTestId('coupon-not-applicable')).toBeVisible();
  await expect(summary.getByTestId('coupon-not-applicable')).toContainText('Coupon SAVE100 is not applicable');
  await expect(summary.getByTestId('coupon-problem')).toHaveText(SAVE100_SHORT);
  await expect(summary.getByRole('button', { name: 'Not applicable' })).toBeVisible();
  await expect(summary.getByTestId('coupon-applied')).toHaveCount(0);
  await expect(summary.getByText('Applied', { exact: true })).toHaveCount(0);
  await expect(summary.getByTestId('summary-discount')).toHaveText('AED 0.00');
}

export function describeSetAsideChecks(title: string): void {
  test.describe(title, () => {
    // Sign-ups, sign-ins and several page loads each: give them room on a busy machine.
    test.describe.configure({ timeout: 4 * ACCOUNT_TEST_TIMEOUT_MS });

    test("guest lines the merge cannot take stay in sight as 'No longer available', move to the wishlist or go", async ({
      page,
      browser,
    }) => {
      const account = await accountElsewhere(browser);
      await account.close();
      await seedNamedGuestCart(page, [
        { id: BLACK_SAFE.id, name: BLACK_SAFE.name, quantity: 1, price: 1351.5, stock: 16, image: BLACK_SAFE.image },
        { id: OUT_OF_STOCK_PRODUCT.id, name: OUT_OF_STOCK_PRODUCT.name, quantity: 1, price: 100, stock: 3, image: '' },
        { id: GONE.id, name: GONE.name, quantity: 2, price: 300, stock: 5, image: '' },
        { id: LAST_ONE.id, name: LAST_ONE.name, quantity: 3, price: 24500, stock: 3, image: '' },
      ]);
      await page.goto('/about');
      await waitForIslands(page);
      await signInThroughDialog(page, account.email, PASSWORD);
      await expect.poll(async () => (await serverCart(page)).cart_items.length).toBe(2);

      // Checkout details, where a guest's Continue to checkout leads after sign-in, names them too.
      await page.goto('/cart/checkout-details');
      // The checkout's island wakes on the shopper's first interaction (docs/decisions/0042-page-weight.md#the-checkout);
      // the note comes from the browser's own record of what was set aside.
      await waitForIslands(page);
      const note = page.getByTestId('summary-set-aside');
      await expect(note).toHaveText('2 items from your cart could not be added to this order. See them in your cart');
      await note.getByRole('link', { name: 'See them in your cart' }).click();
      await expect(page).toHaveURL(/\/cart$/);
      await waitForIslands(page);
      // In the cart: the safe, and the last unit of the one with a note on what happened.
      await expect(cartLines(page)).toHaveCount(2);
      await expect(cartLine(page, LAST_ONE.name).getByTestId('cart-line-quantity')).toHaveText('1');
      await expect(cartLine(page, LAST_ONE.name).getByTestId('cart-line-note')).toHaveText(
        /Your cart has 1 of the 3 you chose: that is all we have in stock\./,
      );
      // Not in the cart, but not gone: 'No longer available', with the reason and the actions.
      const aside = page.getByTestId('set-aside');
      await expect(aside.getByRole('heading', { name: 'No longer available' })).toBeVisible();
      await expect(setAsideLines(page)).toHaveCount(2);
      const soldOut = setAsideLine(page, OUT_OF_STOCK_PRODUCT.id);
      await expect(soldOut.getByTestId('set-aside-name')).toHaveText(OUT_OF_STOCK_PRODUCT.name);
      await expect(soldOut.getByTestId('set-aside-reason')).toHaveText('Out of stock, so it is not in your cart.');
      await expect(soldOut.getByRole('button', { name: `Move ${OUT_OF_STOCK_PRODUCT.name} to the wishlist` })).toBeVisible();
      const gone = setAsideLine(page, GONE.id);
      await expect(gone.getByTestId('set-aside-reason')).toHaveText('This product is no longer sold.');
      await expect(gone.getByRole('button', { name: /to the wishlist/ })).toHaveCount(0);
      await expect(gone.getByRole('button', { name: `Remove ${GONE.name} from this list` })).toBeVisible();
      await aside.scrollIntoViewIfNeeded();
      await expectNoSeriousViolations(page, "cart with lines 'No longer available' and a partly kept line");

      await soldOut.getByRole('button', { name: `Move ${OUT_OF_STOCK_PRODUCT.name} to the wishlist` }).click();
      await expect(toasts(page)).toContainText('Moved to your wishlist');
      await expect(soldOut).toHaveCount(0);
      await expect.poll(() => serverWishlist(page)).toEqual([OUT_OF_STOCK_PRODUCT.id]);
      await expect(headerBadge(page, 'wishlist')).toHaveText('1');

      await gone.getByRole('button', { name: `Remove ${GONE.name} from this list` }).click();
      await expect(page.getByTestId('set-aside')).toHaveCount(0);

      await cartLine(page, LAST_ONE.name)
        .getByRole('button', { name: `Dismiss the note on ${LAST_ONE.name}` })
        .click();
      await expect(page.getByTestId('cart-line-note')).toHaveCount(0);
      expect(await storedJson(page, 'cart-set-aside')).toEqual([]);
      // The server's cart was never touched by any of this.
      expect((await serverCart(page)).cart_items.map((i) => [i.product_id, i.quantity]).sort()).toEqual(
        [
          [BLACK_SAFE.id, 1],
          [LAST_ONE.id, 1],
        ].sort(),
      );
    });

    test("a guest's product no longer sold is set aside on the cart page, not dropped", async ({ page }) => {
      await seedGuestCart(page, [{ id: BLACK_SAFE.id }, { id: GONE.id, quantity: 2 }]);
      await gotoCart(page);
      await expect(cartLines(page)).toHaveCount(1);
      await expect(setAsideLine(page, GONE.id).getByTestId('set-aside-reason')).toHaveText('This product is no longer sold.');
      await expect(headerBadge(page, 'cart')).toHaveText('1');
      // An out-of-stock line of the cart itself can go to the wishlist too.
      await seedGuestCart(page, [{ id: BLACK_SAFE.id }, { id: OUT_OF_STOCK_PRODUCT.id }]);
      await gotoCart(page);
      const soldOut = cartLine(page, OUT_OF_STOCK_PRODUCT.name);
      await expect(soldOut).toContainText('Out of stock');
      await soldOut.getByRole('button', { name: `Move ${OUT_OF_STOCK_PRODUCT.name} to the wishlist` }).click();
      await expect(toasts(page)).toContainText('Moved to your wishlist');
      await expect(cartLines(page)).toHaveCount(1);
      expect(await storedJson(page, 'wishlist-storage')).toEqual([expect.objectContaining({ id: OUT_OF_STOCK_PRODUCT.id })]);
    });

    test("the guest wishlist's Move to cart: refused in the row when out of stock, else into the cart and off the list", async ({
      page,
    }) => {
      await seedGuestWishlist(page, [
        { id: OUT_OF_STOCK_PRODUCT.id, name: OUT_OF_STOCK_PRODUCT.name, price: 100 },
        { id: BLACK_SAFE.id, name: BLACK_SAFE.name, price: 1590 },
      ]);
      await gotoWishlist(page);
      const soldOut = wishlistLine(page, OUT_OF_STOCK_PRODUCT.name);
      await expect(soldOut.getByTestId('wishlist-line-refusal')).toHaveText('Out of stock');
      await soldOut.getByRole('button', { name: `Move ${OUT_OF_STOCK_PRODUCT.name} to the cart` }).click();
      await expect(soldOut.getByTestId('wishlist-line-refusal')).toHaveText('This product is out of stock');
      await expect(wishlistLines(page)).toHaveCount(2);
      expect(await storedJson(page, 'cart-storage')).toBeNull();

      await wishlistLine(page, BLACK_SAFE.name)
        .getByRole('button', { name: `Move ${BLACK_SAFE.name} to the cart` })
        .click();
      await expect(toasts(page)).toContainText('Moved to your cart');
      await expect(wishlistLines(page)).toHaveCount(1);
      await expect(headerBadge(page, 'cart')).toHaveText('1');
      await gotoCart(page);
      await expect(cartLine(page, BLACK_SAFE.name).getByTestId('cart-line-quantity')).toHaveText('1');
    });

    test("a signed-in shopper's Move to cart goes to the server's cart and off the server's wishlist", async ({ page }) => {
      await page.goto('/about');
      await signUpThroughApi(page, 'Noura Wishes', 'move');
      for (const id of [BLACK_SAFE.id, OUT_OF_STOCK_PRODUCT.id]) {
        const r = await page.request.post('/api/products/add-wishlist', { data: { product_id: id } });
        expect(r.status(), await r.text()).toBe(201);
      }
      await gotoWishlist(page);
      await expect(wishlistLines(page)).toHaveCount(2);
      await wishlistLine(page, OUT_OF_STOCK_PRODUCT.name)
        .getByRole('button', { name: `Move ${OUT_OF_STOCK_PRODUCT.name} to the cart` })
        .click();
      await expect(wishlistLine(page, OUT_OF_STOCK_PRODUCT.name).getByTestId('wishlist-line-refusal')).toHaveText(
        'This product is out of stock',
      );
      await wishlistLine(page, BLACK_SAFE.name)
        .getByRole('button', { name: `Move ${BLACK_SAFE.name} to the cart` })
        .click();
      await expect(toasts(page)).toContainText('Moved to your cart');
      await expect.poll(async () => (await serverCart(page)).cart_items.map((i) => i.product_id)).toEqual([BLACK_SAFE.id]);
      await expect.poll(() => serverWishlist(page)).toEqual([OUT_OF_STOCK_PRODUCT.id]);
      await expect(wishlistLines(page)).toHaveCount(1);
    });

    test("a coupon the cart fell under is one amber 'Not applicable' state on the cart page", async ({ page }) => {
      await seedGuestCart(page, [{ id: BLACK_SAFE.id }, { id: SMALL_BOARD.id }]);
      await gotoCart(page);
      await applyCoupon(page, 'SAVE100');
      await expect(applyButton(page)).toHaveText('Applied');
      await expect(page.getByTestId('coupon-applied')).toContainText('Coupon SAVE100 applied');
      await cartLine(page, BLACK_SAFE.name)
        .getByRole('button', { name: `Remove ${BLACK_SAFE.name} from the cart` })
        .click();
      await expectCouponNotApplicable(page, 'cart-summary');
      await expect(page.getByTestId('summary-total')).toHaveText(SMALL_BOARD.price);
      await expectNoSeriousViolations(page, "cart with a coupon 'Not applicable'");
    });

    test("the checkout summary shows the same amber state, from the server's totals", async ({ page }) => {
      await page.goto('/about');
      const shopper = await signUpThroughApi(page, 'Hessa Coupon', 'amber');
      await addAddressThroughApi(page, { name: shopper.name });
      await addToServerCart(page, SMALL_BOARD.id);
      await storeCoupon(page, 'SAVE100');
      const server = await serverCart(page, 'SAVE100');
      expect(server.discount_amount).toBe(0);

      await gotoCart(page);
      await expect(page.getByTestId('cart-summary')).toHaveAttribute('data-totals-source', 'server');
      await expectCouponNotApplicable(page, 'cart-summary');

      await page.goto('/cart/checkout-details');
      await waitForIslands(page);
      await expectCouponNotApplicable(page, 'checkout-summary');
      await expect(page.getByTestId('checkout-summary').getByTestId('summary-total')).toHaveText(SMALL_BOARD.price);
    });
  });
}
