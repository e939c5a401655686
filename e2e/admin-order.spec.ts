// The staff's order page at 1280 px (docs/decisions/0034-running-orders.md): a staff member ships
// and delivers a cash order (the shopper's page shows it, the mails arrive), cancels another (its
// stock comes back), refunds a card order in part through the test payment provider, and a
// change made meanwhile is refused with a reload. Axe clean.
import { test, expect } from './admin.fixtures';
import { expectNoSeriousViolations } from './axe.helpers';
import { SMALL_BOARD } from './cart.helpers';
import { act, cashOrder, expectMail, openOrder, paidCardOrder, spareProduct, stockOf } from './admin-order.helpers';

test.describe.configure({ timeout: 120_000 });

test('ships and delivers a cash order: the shopper sees each change and the note, and gets each mail', async ({
  staffPage: page,
  browser,
}) => {
  const { shopper, page: shopperPage, orderId } = await cashOrder(browser, SMALL_BOARD.id);
  await openOrder(page, orderId);
  await expect(page.getByTestId('admin-order-status')).toHaveText('Delivery Pending');
  await expect(page.getByTestId('admin-order-lines')).toContainText(SMALL_BOARD.name);
  // Only what the status machine allows.
  const panel = page.getByTestId('order-actions');
  await expect(panel.locator('[data-action]')).toHaveCount(2);
  await expectNoSeriousViolations(page, 'admin order page');

  await page.getByLabel('Note to the customer (optional)').fill('Our driver Ali calls 30 minutes ahead.');
  await act(page, 'Mark shipped', /marked shipped/);
  await expect(page.getByTestId('admin-order-status')).toHaveText('Shipped');
  await expect(page.getByTestId('admin-order-history')).toContainText('Our driver Ali calls 30 minutes ahead.');
  await expectMail(shopper.email, new RegExp(`order #${orderId} has shipped`));

  await shopperPage.goto(`/order/${orderId}`);
  await expect(shopperPage.getByTestId('detail-status')).toHaveText('Shipped');
  await expect(shopperPage.getByTestId('detail-notes')).toContainText('Our driver Ali calls 30 minutes ahead.');
  // The shopper's list shows it at once too.
  const card = (p: typeof shopperPage) => p.locator(`[data-testid="order-card"][data-order-id="${orderId}"]`);
  await shopperPage.goto('/orders');
  await expect(card(shopperPage).getByTestId('order-status')).toHaveText('Shipped');

  await act(page, 'Mark on the way', /marked on the way/);
  await expect(page.getByText('Cash on delivery: marking it delivered marks it paid.')).toBeVisible();
  await act(page, 'Mark delivered', /marked delivered/);
  await expect(page.getByTestId('admin-order-status')).toHaveText('Delivered');
  await expect(page.getByTestId('admin-payment-status')).toHaveText('Paid');
  await expectMail(shopper.email, new RegExp(`order #${orderId} was delivered`));

  await shopperPage.goto(`/order/${orderId}`);
  await expect(shopperPage.getByTestId('detail-status')).toHaveText('Delivered');
  await expect(shopperPage.getByTestId('detail-payment-status')).toHaveText('Paid');
  await shopperPage.goto('/orders');
  await expect(card(shopperPage).getByTestId('order-status')).toHaveText('Delivered');
  await expect(card(shopperPage).getByTestId('order-payment-status')).toHaveText('Paid');
});

test('cancels a cash order: its stock comes back and the shopper is told', async ({ staffPage: page, browser }) => {
  const product = await spareProduct(page, 0);
  const before = await stockOf(page, product.id);
  const { shopper, page: shopperPage, orderId } = await cashOrder(browser, product.id, 3);
  expect(await stockOf(page, product.id)).toBe(before - 3);
  await openOrder(page, orderId);
  page.once('dialog', (dialog) => void dialog.accept());
  await act(page, 'Cancel order', /cancelled and its stock is back/);
  await expect(page.getByTestId('admin-order-status')).toHaveText('Cancelled');
  await expect(page.getByTestId('order-actions')).toContainText('Nothing can be done to this order now.');
  expect(await stockOf(page, product.id)).toBe(before);
  await expectMail(shopper.email, new RegExp(`order #${orderId} was cancelled`));
  await shopperPage.goto(`/order/${orderId}`);
  await expect(shopperPage.getByTestId('detail-status')).toHaveText('Cancelled');
  await shopperPage.goto('/orders');
  await expect(shopperPage.locator(`[data-testid="order-card"][data-order-id="${orderId}"]`).getByTestId('order-status')).toHaveText(
    'Cancelled',
  );
});

test('refunds part of a card order through the test payment provider', async ({ staffPage: page, browser }) => {
  const product = await spareProduct(page, 1);
  const { shopper, page: shopperPage, orderId } = await paidCardOrder(browser, product.id, 2);
  await openOrder(page, orderId);
  await act(page, 'Mark shipped', /marked shipped/);
  await act(page, 'Mark on the way', /marked on the way/);
  await act(page, 'Mark delivered', /marked delivered/);
  const stock = await stockOf(page, product.id);

  await page.getByTestId('order-actions').getByRole('button', { name: 'Refund…' }).click();
  const dialog = page.getByRole('dialog', { name: `Refund order #${orderId}` });
  await expect(dialog).toBeVisible();
  await expectNoSeriousViolations(page, 'refund dialog');
  const total = Number(await page.getByTestId('admin-order-total').getAttribute('data-aed'));
  await dialog.getByTestId('refund-units').first().fill('1');
  await expect(dialog.getByTestId('refund-amount')).toHaveAttribute('data-aed', String(total / 2));
  await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
  await expect(page.getByTestId('admin-order-done')).toHaveText(/refund is done/);
  await expect(page.getByTestId('admin-line-refunded')).toHaveText('1');
  await expect(page.getByTestId('admin-order-refunded')).toBeVisible();
  // Part of the money back: still paid and delivered, and another refund is possible.
  await expect(page.getByTestId('admin-order-status')).toHaveText('Delivered');
  await expect(page.getByTestId('admin-payment-status')).toHaveText('Paid');
  await expect(page.getByTestId('order-actions').getByRole('button', { name: 'Refund…' })).toBeVisible();
  expect(await stockOf(page, product.id)).toBe(stock + 1);
  await expectMail(shopper.email, new RegExp(`order #${orderId}: .* refunded`));

  await shopperPage.goto(`/order/${orderId}`);
  await expect(shopperPage.getByTestId('detail-refunded')).toBeVisible();
  await expect(shopperPage.getByTestId('detail-product-refunded')).toHaveText('1 refunded');
});

test('a change made meanwhile is refused with a reload, and the reload shows it', async ({ staffPage: page, browser }) => {
  const { orderId } = await cashOrder(browser, SMALL_BOARD.id);
  await openOrder(page, orderId);
  // Another staff member ships it first (same API the page uses, the version the page showed).
  const current = (await (await page.request.get(`/api/admin/orders/${orderId}`)).json()) as { data: { version: number } };
  const other = await page.request.post(`/api/admin/orders/${orderId}/status`, { data: { to: 'shipped', version: current.data.version } });
  expect(other.status(), await other.text()).toBe(200);

  await page.getByTestId('order-actions').getByRole('button', { name: 'Mark shipped' }).click();
  const problem = page.getByTestId('action-problem');
  await expect(problem.getByRole('alert')).toHaveText(/This order was changed meanwhile by .*; reload to see the change\./);
  await problem.getByRole('button', { name: 'Reload the order' }).click();
  await expect(page.getByTestId('admin-order-status')).toHaveText('Shipped');
});
