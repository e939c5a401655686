// The staff's orders list and dashboard in the browser (docs/product.md#back-office-dashboard-and-orders-list):
// a shopper of the test's own places a cash order (in a context of their own, so the staff page's
// cookies stay the staff member's), and the shared journey the 1280 px and 390 px specs run.
import type { Browser, Page } from '@playwright/test';
import { expect } from './admin.fixtures';
import { expectNoSeriousViolations } from './axe.helpers';
import { addAddressThroughApi, addToServerCart, signUpThroughApi } from './fixtures';
import { expectNoSidewaysScroll } from './helpers';

/** A seed product with plenty of stock (e2e/axe.helpers.ts uses it too). */
const POUCHES_ID = 98;

export interface PlacedOrder {
  id: number;
  name: string;
  email: string;
  /** The delivery phone as stored, 05XXXXXXXX, unique to the test. */
  phone: string;
}

/** A new customer with a unique name and mobile number places a cash order; answers it. */
export async function customerOrder(browser: Browser, tag: string): Promise<PlacedOrder> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const unique = `${Date.now()}${Math.floor(Math.random() * 1000)}`.slice(-7);
    const name = `Zainab Order${tag} ${unique}`;
    const phone = `052${unique}`;
    const shopper = await signUpThroughApi(page, name, `admin-orders-${tag}`);
    const address = await addAddressThroughApi(page, { name, phone });
    await addToServerCart(page, POUCHES_ID, 2);
    const placed = await page.request.post('/api/products/cash-delivery', { data: { address_id: address } });
    expect(placed.status(), await placed.text()).toBe(201);
    const id = ((await placed.json()) as { data: { order_id: number } }).data.order_id;
    return { id, name, email: shopper.email, phone };
  } finally {
    await context.close();
  }
}

/** The visible rows (table at 1280 px, cards at 390 px). */
export const orderItems = (page: Page, mobile: boolean) => page.getByTestId(mobile ? 'order-card' : 'order-row');

/** Search, filter, the export link, opening an order: the journey both sizes run. */
export async function orderListJourney(page: Page, order: PlacedOrder, mobile: boolean): Promise<void> {
  await page.goto('/admin/orders');
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
  await expectNoSeriousViolations(page, '/admin/orders');
  await expectNoSidewaysScroll(page);

  // The phone as people type it finds the order; so does a part of the name.
  const typed = `+971 ${order.phone.slice(1, 3)} ${order.phone.slice(3, 6)} ${order.phone.slice(6)}`;
  await page.getByLabel('Search', { exact: true }).fill(typed);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/orders\?q=%2B971/);
  await expect(orderItems(page, mobile)).toHaveCount(1);
  await expect(orderItems(page, mobile).first()).toHaveAttribute('data-order-id', String(order.id));
  await expect(page.getByTestId('order-count')).toHaveText('1 order');

  await page.getByLabel('Search', { exact: true }).fill(order.name.split(' ').slice(1).join(' '));
  await page.getByLabel('Delivery status').selectOption('pending');
  await page.getByLabel('Payment type').selectOption('cash_on_delivery');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/delivery_status=pending/);
  await expect(orderItems(page, mobile)).toHaveCount(1);
  await expect(page.getByLabel('Delivery status')).toHaveValue('pending');
  // A filter that leaves it out.
  await page.getByLabel('Delivery status').selectOption('delivered');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByTestId('orders-empty')).toBeVisible();
  await page.getByLabel('Delivery status').selectOption('pending');
  await page.getByRole('button', { name: 'Apply' }).click();

  // The export keeps the filters and answers every matching order as CSV.
  const exportLink = page.getByTestId('order-export');
  const href = (await exportLink.getAttribute('href'))!;
  expect(href).toMatch(/^\/api\/admin\/orders\.csv\?/);
  expect(href).toContain('delivery_status=pending');
  expect(href).toContain('payment_type=cash_on_delivery');
  expect(href).not.toContain('page=');
  const csv = await page.request.get(href);
  expect(csv.status()).toBe(200);
  expect(csv.headers()['content-type']).toBe('text/csv; charset=utf-8');
  const text = await csv.text();
  expect(text).toContain(`${order.id},`);
  expect(text).toContain(order.email);
  expect(text).toContain('2 x ');

  // Each order opens its page.
  await orderItems(page, mobile)
    .first()
    .getByRole('link', { name: `Open order #${order.id}` })
    .click();
  await expect(page).toHaveURL(new RegExp(`/admin/orders/${order.id}$`));
}

/** The dashboard: its cards, axe clean, and a card that opens the filtered list. */
export async function dashboardJourney(page: Page, mobile: boolean): Promise<void> {
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByTestId('dashboard-today')).toContainText('AED');
  await expect(page.getByTestId('dashboard-month')).toContainText('order');
  await expect(page.getByTestId('dashboard-low-stock')).toBeVisible();
  // The count stands apart from its heading's word ("Low stock (53)", not "Low stock(53)").
  await expect(page.getByRole('heading', { level: 2, name: /^Low stock \(\d+\)$/ })).toBeVisible();
  await expect(page.getByTestId('unread-count')).toHaveText(/^\d+$/);
  const pending = Number(await page.getByTestId('waiting-pending').textContent());
  expect(pending).toBeGreaterThan(0);
  await expectNoSeriousViolations(page, '/admin');
  await expectNoSidewaysScroll(page);
  await page.getByRole('link', { name: /To ship/ }).click();
  await expect(page).toHaveURL(/\/admin\/orders\?delivery_status=pending$/);
  await expect(orderItems(page, mobile).first()).toBeVisible();
}
