// The staff's orders list and dashboard at 1280 px (docs/product.md#back-office-dashboard-and-orders-list):
// search by phone and name, filters, the CSV export link, opening an order; the filters work
// without JavaScript; axe clean.
import { test, expect } from './admin.fixtures';
import { customerOrder, dashboardJourney, orderItems, orderListJourney } from './admin-orders.helpers';

test.describe.configure({ timeout: 90_000 });

test('staff find an order, filter, export and open it', async ({ staffPage: page, browser }) => {
  const order = await customerOrder(browser, 'desk');
  await orderListJourney(page, order, false);
});

test('the dashboard sums up and links into the list', async ({ staffPage: page, browser }) => {
  await customerOrder(browser, 'dash');
  await dashboardJourney(page, false);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  test('the search and filter form works as a plain GET form', async ({ adminPage: page, browser }) => {
    const order = await customerOrder(browser, 'nojs');
    await page.goto('/admin/orders');
    await page.getByLabel('Search', { exact: true }).fill(order.email);
    await page.getByLabel('Payment status').selectOption('unpaid');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL(/payment_status=unpaid/);
    await expect(orderItems(page, false)).toHaveCount(1);
    await expect(orderItems(page, false).first()).toContainText(order.name);
  });

  test('a date it cannot read is named, and the rest still applies', async ({ staffPage: page }) => {
    await page.goto('/admin/orders?from=2026-02-30&sort=total_desc');
    await expect(page.locator('#from-error')).toBeVisible();
    await expect(page.getByLabel('Sort by')).toHaveValue('total_desc');
  });
});
