// Helpers and seed facts for the cart, wishlist and coupon specs. The e2e server seeds the same
// catalog and coupons every run (src/server/seed/catalog-data.ts).
import { expect, type Browser, type Locator, type Page } from '@playwright/test';
import { PASSWORD, registerThroughApi, uniqueEmail } from './auth.helpers';
import { parseAed, waitForIslands } from './helpers';

/** Black fire safe: AED 1,590.00 less 15% = AED 1,351.50, 16 in stock, colour Black (#23262b). */
export const BLACK_SAFE = {
  id: 16,
  name: 'SteelNest HomeShield Fire Safe HS-28 (Black)',
  price: 'AED 1,351.50',
  stock: 16,
  colour: 'Black',
  hex: 'rgb(35, 38, 43)',
  image: '/images/products/fire-safe-color-black.svg',
};
/** AED 2,190.00, no discount, 9 in stock, no colour. */
export const PLAIN_SAFE = { id: 2, name: 'Ironclad FireGuard 60 Fire Safe FG-45S', price: 'AED 2,190.00', stock: 9 };
/** AED 1,650.00 less 10% = AED 1,485.00, 14 in stock. */
export const DISCOUNTED_SAFE = { id: 1, name: 'Ironclad FireGuard 60 Fire Safe FG-30S', price: 'AED 1,485.00' };
/** One unit in stock, AED 24,500.00. */
export const LAST_ONE = { id: 17, name: 'Guardian Forge Inferno XL Fire Safe IX-400', price: 'AED 24,500.00', stock: 1 };
/** AED 49.00: under every minimum but WELCOME5's. */
export const SMALL_BOARD = { id: 121, name: 'BrightBoard Mini Dry-Wipe Board 45 x 60 cm MB-4560', price: 'AED 49.00' };

/** A Dubai delivery address in the API's field names (add-address), for shoppers the specs make. */
export const DUBAI_ADDRESS = {
  phone: '0501234567',
  pincode: '54321',
  flat_building: 'Villa 7',
  address: 'Al Wasl Road',
  locality: 'Jumeirah 1',
  land_mark: 'Opposite the park',
  city: 'Dubai',
  state: 'Dubai',
  address_type: 'Home',
};

export interface GuestLine {
  id: number;
  quantity?: number;
}

/**
 * Writes a guest cart straight into storage (as the product page would). The names and prices
 * written here are placeholders on purpose: the cart page refreshes them from the catalog.
 */
export async function seedGuestCart(page: Page, lines: GuestLine[]): Promise<void> {
  if (!page.url().startsWith('http')) await page.goto('/about');
  await page.evaluate((items) => {
    localStorage.setItem(
      'cart-storage',
      JSON.stringify(
        items.map((l) => ({
          product_id: l.id,
          name: `Product ${l.id}`,
          quantity: l.quantity ?? 1,
          unit_price: 1,
          stock: 99,
          productImage: '',
          color: null,
          attribute_id: null,
          discount: 0,
          availableStock: 99,
        })),
      ),
    );
  }, lines);
}

/** The cart and wishlist pages show 'Loading…' until their element has filled them from the browser's list. */
async function waitForFilled(page: Page): Promise<void> {
  await expect(page.locator('cart-page, wishlist-page').locator('[data-loading]')).toHaveCount(0);
}

export async function gotoCart(page: Page): Promise<void> {
  await page.goto('/cart');
  await waitForFilled(page);
}

export async function gotoWishlist(page: Page): Promise<void> {
  await page.goto('/wishlist');
  await waitForFilled(page);
}

/** Product page: Add to cart (after setting the quantity), then it reads Go to cart. */
export async function addFromProductPage(page: Page, id: number, quantity = 1): Promise<void> {
  await page.goto(`/product/${id}`);
  await waitForIslands(page);
  for (let q = 1; q < quantity; q++) await page.getByRole('button', { name: 'Increase quantity' }).click();
  await expect(page.getByTestId('quantity')).toHaveText(String(quantity));
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByRole('link', { name: 'Go to cart' })).toBeVisible();
}

export async function wishFromProductPage(page: Page, id: number): Promise<void> {
  await page.goto(`/product/${id}`);
  await waitForIslands(page);
  await page.getByRole('button', { name: 'Add to wishlist' }).click();
  await expect(page.getByRole('button', { name: 'Added to wishlist' })).toBeVisible();
}

export function cartLines(page: Page): Locator {
  return page.getByTestId('cart-line');
}

export function cartLine(page: Page, name: string): Locator {
  return cartLines(page).filter({ has: page.getByTestId('cart-line-name').getByText(name, { exact: true }) });
}

export function wishlistLines(page: Page): Locator {
  return page.getByTestId('wishlist-line');
}

export function wishlistLine(page: Page, name: string): Locator {
  return wishlistLines(page).filter({ has: page.getByTestId('wishlist-line-name').getByText(name, { exact: true }) });
}

export function couponInput(page: Page): Locator {
  return page.getByTestId('cart-summary').getByLabel('Coupon code');
}

export function applyButton(page: Page): Locator {
  return page.getByTestId('cart-summary').getByRole('button', { name: /^(Apply|Applied|Not applicable|Checking…)$/ });
}

export async function applyCoupon(page: Page, code: string): Promise<void> {
  await couponInput(page).fill(code);
  await applyButton(page).click();
}

export interface SummaryFigures {
  subtotal: string;
  discount: string;
  vat: string;
  total: string;
}

/** The summary's four figures as shown, e.g. 'AED 1,287.14' (the discount without its minus sign). */
export async function summary(page: Page): Promise<SummaryFigures> {
  const text = async (id: string) => ((await page.getByTestId(id).textContent()) ?? '').replace('−', '').trim();
  return {
    subtotal: await text('summary-subtotal'),
    discount: await text('summary-discount'),
    vat: await text('summary-vat'),
    total: await text('summary-total'),
  };
}

export async function expectSummary(page: Page, figures: SummaryFigures): Promise<void> {
  await expect(page.getByTestId('summary-subtotal')).toHaveText(figures.subtotal);
  await expect(page.getByTestId('summary-discount')).toHaveText(figures.discount === 'AED 0.00' ? 'AED 0.00' : `− ${figures.discount}`);
  await expect(page.getByTestId('summary-vat')).toHaveText(figures.vat);
  await expect(page.getByTestId('summary-total')).toHaveText(figures.total);
}

export async function storedJson(page: Page, key: string): Promise<unknown> {
  return page.evaluate((k) => {
    const text = localStorage.getItem(k);
    return text === null ? null : (JSON.parse(text) as unknown);
  }, key);
}

/** An account made in a separate browser context, so `page` itself stays a guest until it signs in. */
export async function accountElsewhere(
  browser: Browser,
  name = 'Cart Tester',
): Promise<{ id: number; email: string; elsewhere: Page; close: () => Promise<void> }> {
  const context = await browser.newContext();
  const elsewhere = await context.newPage();
  await elsewhere.goto('/about');
  const email = uniqueEmail('cart');
  const id = await registerThroughApi(elsewhere, { name, email, password: PASSWORD });
  return { id, email, elsewhere, close: () => context.close() };
}

export interface ServerCart {
  cart_items: { product_id: number; quantity: number }[];
  subtotal: number;
  discount_amount: number;
  tax_amount: number;
  grand_total: number;
}

/** The server's cart for the session of `page` (its cookies), with a coupon when given. */
export async function serverCart(page: Page, coupon?: string): Promise<ServerCart> {
  const response = await page.request.get('/api/products/cart-list', { params: coupon ? { coupon } : {} });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { data: ServerCart }).data;
}

export async function serverWishlist(page: Page): Promise<number[]> {
  const response = await page.request.get('/api/products/wishlist');
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { data: { wishlistItems: { id: number }[] } }).data.wishlistItems.map((w) => w.id);
}

/** 1234.5 -> 'AED 1,234.50', as the pages format it. */
export function aed(amount: number): string {
  return `AED ${amount.toLocaleString('en-AE', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

export { parseAed };
