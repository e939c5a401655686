// Your Orders and the order detail (docs/product.md#orders, #messages; docs/decisions/0008-sessions.md, docs/decisions/0020-orders-stock-and-payment.md): rendered on the server, so
// search, status filter and paging work without JavaScript; another customer's order is not
// there (404).
import type { Page } from '@playwright/test';
import { SMALL_BOARD as BOARD } from './cart.helpers';
import { addAddressThroughApi, addToServerCart, expect, signUpThroughApi, test } from './fixtures';

const POUCHES = { id: 98, name: 'PaperTrail Laminating Pouches A4 125 Micron, Pack of 100 PCH-A4' };

/** A new customer with a Dubai address, signed in on `page`; answers the address's id. */
async function shopper(page: Page, name: string): Promise<number> {
  await signUpThroughApi(page, name, 'orders');
  return addAddressThroughApi(page, { name });
}

/** A cash-on-delivery order of one product to the address, placed through the API; answers its id. */
async function cashOrder(page: Page, address: number, productId: number): Promise<number> {
  await addToServerCart(page, productId);
  const placed = await page.request.post('/api/products/cash-delivery', { data: { address_id: address } });
  expect(placed.status(), await placed.text()).toBe(201);
  return ((await placed.json()) as { data: { order_id: number } }).data.order_id;
}

test.describe('orders without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  test.describe.configure({ timeout: 120_000 });

  test.use({ shopperName: 'Hamdan Al Falasi' });

  test('list, paging, search by number and product, status filter, detail', async ({ signedInPage: page, address }) => {
    await page.goto('/orders');
    await expect(page.getByRole('heading', { level: 1, name: 'Your Orders' })).toBeVisible();
    await expect(page.getByTestId('orders-empty')).toContainText('No orders found');

    const boardOrder = await cashOrder(page, address, BOARD.id);
    const ids = [boardOrder];
    for (let i = 0; i < 10; i++) ids.push(await cashOrder(page, address, POUCHES.id));

    await page.goto('/orders');
    await expect(page.getByTestId('orders-count')).toHaveText('11 orders');
    const cards = page.getByTestId('order-card');
    await expect(cards).toHaveCount(10);
    // The newest first; each card links to its detail and shows its status, total and thumbnails.
    const newest = cards.first();
    await expect(newest.getByRole('link', { name: `Order #${ids.at(-1)}` })).toHaveAttribute('href', `/order/${ids.at(-1)}`);
    await expect(newest.getByTestId('order-status')).toHaveText('Delivery Pending');
    await expect(newest.getByTestId('order-total')).toContainText('AED');
    await expect(newest.getByTestId('order-thumb')).toHaveAttribute('alt', POUCHES.name);
    await expect(newest).toContainText('Cash on delivery');

    const pager = page.getByTestId('pager');
    await pager.getByRole('link', { name: /Next/ }).click();
    await expect(page).toHaveURL(/\/orders\?page=2$/);
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText(`Order #${boardOrder}`);
    // A page past the end shows the last page.
    await page.goto('/orders?page=99');
    await expect(cards).toHaveCount(1);

    // Search by product name, by order number (with or without #), nothing found.
    await page.goto('/orders');
    await page.getByLabel('Search orders').fill('Dry-Wipe');
    await page.getByTestId('order-search').getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/\/orders\?search=Dry-Wipe$/);
    await expect(cards).toHaveCount(1);
    await expect(page.getByTestId('orders-count')).toHaveText('1 order for “Dry-Wipe”');
    await page.goto(`/orders?search=%23${ids[3]}`);
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText(`Order #${ids[3]}`);
    await page.goto('/orders?search=no-such-thing');
    await expect(page.getByTestId('orders-empty')).toContainText('No orders found');

    // The status filter: links that keep the search; the current one is marked.
    await page.goto('/orders?search=Pouches');
    await expect(page.getByTestId('orders-count')).toHaveText('10 orders for “Pouches”');
    const filter = page.locator('aside').getByTestId('order-filter');
    await expect(filter.getByRole('link')).toHaveText(['All orders', 'On the way', 'Cancelled', 'Refund', 'Delivered']);
    await expect(filter.getByRole('link', { name: 'All orders' })).toHaveAttribute('aria-current', 'true');
    await filter.getByRole('link', { name: 'Cancelled' }).click();
    await expect(page).toHaveURL(/\/orders\?search=Pouches&filter=cancelled$/);
    await expect(page.getByTestId('orders-empty')).toContainText('No orders found');
    await expect(filter.getByRole('link', { name: 'Cancelled' })).toHaveAttribute('aria-current', 'true');
    // The search box keeps the filter.
    await expect(page.getByLabel('Search orders')).toHaveValue('Pouches');
    await page.getByRole('link', { name: 'Show all orders' }).click();
    await expect(page).toHaveURL(/\/orders$/);
    await expect(cards).toHaveCount(10);

    // The detail, server-rendered too.
    await page.goto(`/order/${boardOrder}`);
    await expect(page.getByRole('heading', { level: 1, name: `Order Detail - #${boardOrder}` })).toBeVisible();
    await expect(page.getByTestId('detail-address')).toContainText('Hamdan Al Falasi');
    await expect(page.getByTestId('detail-address')).toContainText(
      'Villa 7, Al Wasl Road, Jumeirah 1, Opposite the park, Dubai, Dubai, PO Box 54321',
    );
    await expect(page.getByTestId('detail-address-type')).toHaveText('Home');
    // The address's phone (0501234567) as people read it (docs/product.md#phone-numbers).
    await expect(page.getByTestId('detail-phone')).toHaveText('050 123 4567');
    await expect(page.getByTestId('detail-status')).toHaveText('Delivery Pending');
    await expect(page.getByTestId('detail-product-name')).toHaveText(BOARD.name);
    await expect(page.getByTestId('detail-product')).toContainText('Qty 1');
    for (const id of ['detail-subtotal', 'detail-discount', 'detail-vat', 'detail-total'])
      await expect(page.getByTestId(id)).toContainText('AED');
    await expect(page.getByTestId('detail-payment-type')).toHaveText('Cash on delivery');
    await expect(page.getByTestId('detail-payment-status')).toHaveText('Unpaid');
    await page.getByRole('link', { name: 'Back to Your Orders' }).click();
    await expect(page).toHaveURL(/\/orders$/);
  });
});

test.describe('orders of another customer', () => {
  test.describe.configure({ timeout: 120_000 });

  test("another customer's order answers 404 on every route", async ({ page, context }) => {
    const theirs = await cashOrder(page, await shopper(page, 'Noor Saeed'), POUCHES.id);
    const ok = await page.goto(`/order/${theirs}`);
    expect(ok?.status()).toBe(200);

    await context.clearCookies();
    await shopper(page, 'Rashid Omar');
    const detail = await page.goto(`/order/${theirs}`);
    expect(detail?.status()).toBe(404);
    await expect(page.getByTestId('not-found-notice')).toBeVisible();
    await expect(page.getByText(`Order Detail - #${theirs}`)).toHaveCount(0);
    const success = await page.goto(`/checkout/payment/success?order=${theirs}&method=cod`);
    expect(success?.status()).toBe(404);
    await expect(page.getByText('Order Placed Successfully')).toHaveCount(0);
    const api = await page.request.get('/api/products/order-details', { params: { order_id: theirs } });
    expect(api.status()).toBe(404);
    // Their list does not show it either.
    await page.goto('/orders');
    await expect(page.getByTestId('orders-empty')).toBeVisible();
    // Ids that are not ids.
    expect((await page.goto('/order/abc'))?.status()).toBe(404);
    expect((await page.goto('/order/0'))?.status()).toBe(404);
  });
});
