// The staff's orders list and dashboard on a 390 px phone (docs/product.md#back-office-dashboard-and-orders-list):
// orders are cards, the page never scrolls sideways, and the same journey works; axe clean.
import { test } from './admin.fixtures';
import { customerOrder, dashboardJourney, orderListJourney } from './admin-orders.helpers';

test.describe.configure({ timeout: 90_000 });

test('staff find an order, filter, export and open it on a phone', async ({ staffPage: page, browser }) => {
  const order = await customerOrder(browser, 'phone');
  await orderListJourney(page, order, true);
});

test('the dashboard on a phone', async ({ adminPage: page, browser }) => {
  await customerOrder(browser, 'phonedash');
  await dashboardJourney(page, true);
});
