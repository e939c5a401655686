// The staff's order page in the browser (docs/decisions/0034-running-orders.md): orders made by a
// shopper through the API (their own browser context), the staff page's actions, and the mails
// in the e2e outbox. Shared by admin-order.spec.ts (1280 px) and admin-order.mobile.spec.ts (390 px).
import { expect, type Browser, type Page } from '@playwright/test';
import fs from 'node:fs';
import path from 'node:path';
import { parseMail } from '../tests/mailbox';
import { e2eDataDir } from '../playwright.config';
import { addAddressThroughApi, addToServerCart, signUpThroughApi, type Shopper } from './fixtures';
import { waitForIslands } from './helpers';

export interface ShopperOrder {
  shopper: Shopper;
  /** The shopper's own page (their browser context). */
  page: Page;
  orderId: number;
}

/** Products other specs use by id: the orders here take others, so stock figures stay theirs. */
const TAKEN = new Set([1, 2, 17, 80, 98, 121]);

/**
 * The `nth` light product with stock to spare, found through the catalog API from the catalog's
 * last pages back (other specs take the first cards). Specs that run at the same time take
 * different `nth`, so one's order never moves the stock the other counts.
 */
export async function spareProduct(page: Page, nth: number): Promise<{ id: number; name: string }> {
  const spare: { id: number; name: string }[] = [];
  for (let listPage = 12; listPage >= 4 && spare.length <= nth; listPage--) {
    const r = await page.request.get('/api/products/all-product-list', { params: { page: listPage } });
    expect(r.status(), await r.text()).toBe(200);
    const list = ((await r.json()) as { data: { data: { id: number; name: string; quantity: number; weight: number }[] } }).data.data;
    spare.push(...list.filter((p) => !TAKEN.has(p.id) && p.quantity >= 10 && p.weight < 20));
  }
  const found = spare[nth];
  if (!found) throw new Error(`no spare product number ${nth} in the catalog's last pages`);
  return { id: found.id, name: found.name };
}

export async function stockOf(page: Page, productId: number): Promise<number> {
  const r = await page.request.get('/api/products/product-view', { params: { product_id: productId } });
  return ((await r.json()) as { data: { quantity: number } }).data.quantity;
}

/** A new shopper in their own browser context, with a Dubai address. */
export async function newShopper(browser: Browser, name = 'Fatima Al Hashimi'): Promise<{ shopper: Shopper; page: Page }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/about');
  const shopper = await signUpThroughApi(page, name, 'admin-order');
  await addAddressThroughApi(page, { name });
  return { shopper, page };
}

/** A cash-on-delivery order of `quantity` units of a product, placed by a new shopper. */
export async function cashOrder(browser: Browser, productId: number, quantity = 1): Promise<ShopperOrder> {
  const { shopper, page } = await newShopper(browser);
  await addToServerCart(page, productId, quantity);
  const addresses = (await (await page.request.get('/api/products/address-list')).json()) as { data: { id: number }[] };
  const placed = await page.request.post('/api/products/cash-delivery', { data: { address_id: addresses.data[0]!.id } });
  expect(placed.status(), await placed.text()).toBe(201);
  return { shopper, page, orderId: ((await placed.json()) as { data: { order_id: number } }).data.order_id };
}

/** A card order paid on the built-in test payment page. */
export async function paidCardOrder(browser: Browser, productId: number, quantity = 2): Promise<ShopperOrder> {
  const { shopper, page } = await newShopper(browser);
  await addToServerCart(page, productId, quantity);
  const addresses = (await (await page.request.get('/api/products/address-list')).json()) as { data: { id: number }[] };
  const placed = await page.request.post('/api/products/place-order', { data: { address_id: addresses.data[0]!.id } });
  expect(placed.status(), await placed.text()).toBe(201);
  const { order_id: orderId, client_secret: secret } = ((await placed.json()) as { data: { order_id: number; client_secret: string } })
    .data;
  await page.goto(`/checkout/test-payment?${new URLSearchParams({ payment_intent_client_secret: secret })}`);
  await page.getByRole('button', { name: 'Pay successfully' }).click();
  await expect(page).toHaveURL(/\/checkout\/payment\/success\?payment_intent=/);
  await expect(page.getByRole('heading', { level: 1, name: 'Order Placed Successfully' })).toBeVisible();
  return { shopper, page, orderId };
}

export async function openOrder(page: Page, orderId: number): Promise<void> {
  await page.goto(`/admin/orders/${orderId}`);
  await expect(page.getByRole('heading', { level: 1, name: `Order #${orderId}`, exact: true })).toBeVisible();
  await waitForIslands(page);
}

/** Clicks an action of the panel and waits for the page to come back with its message. */
export async function act(page: Page, name: string | RegExp, done: RegExp): Promise<void> {
  await page.getByTestId('order-actions').getByRole('button', { name }).click();
  await expect(page.getByTestId('admin-order-done')).toHaveText(done);
  await waitForIslands(page);
}

/** The subjects (decoded, unfolded) of the outbox's mails to `email`. */
function subjectsTo(email: string): string[] {
  const outbox = path.join(e2eDataDir, 'outbox');
  if (!fs.existsSync(outbox)) return [];
  return fs
    .readdirSync(outbox)
    .map((file) => parseMail(fs.readFileSync(path.join(outbox, file))))
    .filter((mail) => mail.to.toLowerCase().includes(email.toLowerCase()))
    .map((mail) => mail.subject);
}

/** Waits for a mail to the shopper whose subject matches. */
export async function expectMail(email: string, subject: RegExp): Promise<void> {
  await expect
    .poll(() => subjectsTo(email).some((s) => subject.test(s)), { message: `a mail ${subject} to ${email}`, timeout: 15_000 })
    .toBe(true);
}
