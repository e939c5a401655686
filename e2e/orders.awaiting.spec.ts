// A card order awaiting payment (issue 10, point 2; docs/decisions/0013-order-holds.md): Your
// Orders and the order page say 'Awaiting payment' (not 'Delivery Pending') with until when the
// items are held, 'Complete payment' returns to the card page for the same order and intent
// (which shows the hold's end and the minutes left), and 'Cancel' closes it (the stock coming back
// is proven by the service and API tests, which own their products' stock).
import type { Page } from '@playwright/test';
import { waitForIslands } from './helpers';
import { SMALL_BOARD as BOARD } from './cart.helpers';
import { expect, test } from './fixtures';

/** 'HH:MM' in the UAE, as the shop shows the hold's end. */
const uaeTime = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hour12: false, timeZone: 'Asia/Dubai' }).format(new Date(iso));

/** The shopper's cart (the board, twice) ordered by card to their address through the API (unpaid). */
async function cardOrderAwaitingPayment(
  page: Page,
  addressId: number,
): Promise<{ orderId: number; holdEnds: string; clientSecret: string }> {
  const placed = await page.request.post('/api/products/place-order', { data: { address_id: addressId } });
  expect(placed.status(), await placed.text()).toBe(201);
  const { order_id: orderId, client_secret: clientSecret } = (
    (await placed.json()) as { data: { order_id: number; client_secret: string } }
  ).data;
  const detail = (await (await page.request.get('/api/products/order-details', { params: { order_id: orderId } })).json()) as {
    data: { hold_expires_at: string }[];
  };
  return { orderId, holdEnds: uaeTime(detail.data[0]!.hold_expires_at), clientSecret };
}

test.describe('a card order awaiting payment', () => {
  test.describe.configure({ timeout: 120_000 });
  test.use({ cartLines: [{ product_id: BOARD.id, quantity: 2 }] });

  test("Your Orders and the order page say 'Awaiting payment' with the hold's end; Complete payment resumes the same order and intent", async ({
    signedInPage: page,
    address,
    cartWithItems: _cart,
  }) => {
    const { orderId, holdEnds, clientSecret } = await cardOrderAwaitingPayment(page, address);

    await page.goto('/orders');
    const card = page.getByTestId('order-card').filter({ hasText: `Order #${orderId}` });
    await expect(card.getByTestId('order-status')).toHaveText('Awaiting payment');
    await expect(card.getByTestId('order-hold')).toHaveText(`Pay by ${holdEnds} to keep these items.`);
    await expect(card.getByRole('link', { name: `Complete payment of order #${orderId}` })).toBeVisible();
    await expect(card.getByRole('button', { name: `Cancel order #${orderId}` })).toBeVisible();

    await page.goto(`/order/${orderId}`);
    await expect(page.getByTestId('detail-status')).toHaveText('Awaiting payment');
    await expect(page.getByTestId('detail-expected')).toHaveCount(0);
    await expect(page.getByRole('button', { name: `Cancel order #${orderId}` })).toBeVisible();

    // A new tab without the stored payment: Complete payment still finds the order and its intent.
    await page.evaluate(() => {
      localStorage.removeItem('py_id');
      sessionStorage.clear();
    });
    await page.getByRole('link', { name: `Complete payment of order #${orderId}` }).click();
    await expect(page).toHaveURL(new RegExp(`/checkout\\?order=${orderId}$`));
    await waitForIslands(page);
    await expect(page.getByRole('heading', { level: 2, name: `Order #${orderId}` })).toBeVisible();
    const hold = page.getByTestId('hold-notice');
    await expect(hold).toContainText(`We hold these items for you until ${holdEnds}.`);
    await expect(hold).toContainText(/(1[0-5]|[2-9]) minutes left to pay\./);
    expect(await page.evaluate(() => sessionStorage.getItem('payment_client_secret'))).toBe(clientSecret);

    await page.getByTestId('pay-now').click();
    await expect(page).toHaveURL(/\/checkout\/test-payment\?/);
    await page.getByRole('button', { name: 'Pay successfully' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Order Placed Successfully' })).toBeVisible();

    await page.goto('/orders');
    await expect(card.getByTestId('order-status')).toHaveText('Delivery Pending');
    await expect(card.getByTestId('order-payment-status')).toHaveText('Paid');
    await expect(card.getByTestId('order-awaiting')).toHaveCount(0);
  });

  test('Cancel puts the items back on sale and the order reads Cancelled', async ({
    signedInPage: page,
    address,
    cartWithItems: _cart,
  }) => {
    const { orderId } = await cardOrderAwaitingPayment(page, address);

    await page.goto('/orders');
    const card = page.getByTestId('order-card').filter({ hasText: `Order #${orderId}` });
    // Dismissing the confirmation changes nothing.
    page.once('dialog', (dialog) => void dialog.dismiss());
    await card.getByRole('button', { name: `Cancel order #${orderId}` }).click();
    await expect(card.getByTestId('order-status')).toHaveText('Awaiting payment');

    page.once('dialog', (dialog) => {
      expect(dialog.message()).toBe(`Cancel order #${orderId}? Its items go back on sale.`);
      void dialog.accept();
    });
    await card.getByRole('button', { name: `Cancel order #${orderId}` }).click();
    await expect(card.getByTestId('order-status')).toHaveText('Cancelled');
    await expect(card.getByTestId('order-awaiting')).toHaveCount(0);
    const list = (await (await page.request.get('/api/products/order-list')).json()) as {
      data: { data: { combined_order_id: number; delivery_status: string; awaiting_payment: boolean }[] };
    };
    expect(list.data.data.find((o) => o.combined_order_id === orderId)).toMatchObject({
      delivery_status: 'cancelled',
      awaiting_payment: false,
    });

    // The card page of a cancelled order offers nothing to pay.
    await page.goto(`/checkout?order=${orderId}`);
    await expect(page).toHaveURL(new RegExp(`/order/${orderId}$`));
    await expect(page.getByTestId('detail-status')).toHaveText('Cancelled');
  });
});
