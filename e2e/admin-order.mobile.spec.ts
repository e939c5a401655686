// The staff's order page on a 390 px phone (docs/decisions/0034-running-orders.md): everything
// stacks without widening the page, a cash order is shipped and delivered from the phone, the
// refund dialog fits, and axe finds nothing serious.
import { test, expect } from './admin.fixtures';
import { expectNoSeriousViolations } from './axe.helpers';
import { SMALL_BOARD } from './cart.helpers';
import { act, cashOrder, expectMail, openOrder } from './admin-order.helpers';
import { expectNoSidewaysScroll } from './helpers';

test.describe.configure({ timeout: 120_000 });

test('ships and delivers a cash order from a phone, then opens the refund dialog', async ({ staffPage: page, browser }) => {
  const { shopper, page: shopperPage, orderId } = await cashOrder(browser, SMALL_BOARD.id, 2);
  await openOrder(page, orderId);
  expect(page.viewportSize()?.width).toBe(390);
  await expectNoSidewaysScroll(page);
  await expectNoSeriousViolations(page, 'admin order page (390 px)');

  await page.getByLabel('Note to the customer (optional)').fill('Leaving the warehouse today.');
  await act(page, 'Mark shipped', /marked shipped/);
  await act(page, 'Mark on the way', /marked on the way/);
  await act(page, 'Mark delivered', /marked delivered/);
  await expect(page.getByTestId('admin-payment-status')).toHaveText('Paid');
  await expectNoSidewaysScroll(page);
  await expectMail(shopper.email, new RegExp(`order #${orderId} was delivered`));

  await page.getByTestId('order-actions').getByRole('button', { name: 'Refund…' }).click();
  const dialog = page.getByRole('dialog', { name: `Refund order #${orderId}` });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Refund everything left' }).click();
  await expect(dialog.getByTestId('refund-amount')).toHaveAttribute(
    'data-aed',
    (await page.getByTestId('admin-order-total').getAttribute('data-aed'))!,
  );
  const box = await dialog.boundingBox();
  expect(box!.width).toBeLessThanOrEqual(390);
  await expectNoSeriousViolations(page, 'refund dialog (390 px)');
  await dialog.getByRole('button', { name: 'Back' }).click();

  await shopperPage.setViewportSize({ width: 390, height: 844 });
  await shopperPage.goto(`/order/${orderId}`);
  await expect(shopperPage.getByTestId('detail-status')).toHaveText('Delivered');
  await expect(shopperPage.getByTestId('detail-notes')).toContainText('Leaving the warehouse today.');
});
