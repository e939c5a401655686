// Checkout and orders at phone width (390 px): nothing wider than the screen, the address form
// and the delivery form usable, the pay actions reachable, the orders filter in its drawer.
import { test, type Page } from '@playwright/test';
import { pageWidths, waitForIslands } from './helpers';
import { PASSWORD, registerThroughApi, uniqueEmail, expect } from './auth.helpers';
import { addToServerCart } from './fixtures';

const DOOR_CATEGORY = 15;

async function noSideScroll(page: Page, where: string): Promise<void> {
  const { scrollWidth, innerWidth } = await pageWidths(page);
  expect(scrollWidth, `${where} fits ${innerWidth} px`).toBeLessThanOrEqual(innerWidth);
}

test.describe('checkout on a phone', () => {
  test.describe.configure({ timeout: 120_000 });

  test('address form, checkout details with a heavy cart, payment, success, orders with the filter drawer', async ({ page }) => {
    await registerThroughApi(page, { name: 'Mona Al Kaabi', email: uniqueEmail('phone'), password: PASSWORD });
    const list = await page.request.get('/api/products/all-product-list', { params: { category_id: DOOR_CATEGORY, limit: 50 } });
    const door = ((await list.json()) as { data: { data: { id: number; quantity: number }[] } }).data.data.find((p) => p.quantity > 0)!;
    for (const id of [door.id, 98]) await addToServerCart(page, id);

    await page.goto('/cart/save-address');
    await waitForIslands(page);
    await noSideScroll(page, 'the address form');
    const form = page.getByTestId('address-form');
    await form.getByRole('button', { name: 'Add Address' }).click();
    await expect(form.getByText('Name is required')).toBeVisible();
    await noSideScroll(page, 'the address form with its messages');
    await form.getByLabel('Full name').fill('Mona Al Kaabi');
    await form.getByLabel('Phone number').fill('0521112233');
    await form.getByLabel('Flat / Building').fill('Tower B, 1904');
    await form.getByLabel('Address', { exact: true }).fill('Corniche Road');
    await form.getByLabel('Locality').fill('Al Khalidiyah');
    await form.getByLabel('Landmark').fill('Near the Corniche beach');
    await form.getByLabel('City').fill('Abu Dhabi');
    await form.getByLabel('Emirate').selectOption('Abu Dhabi');
    await form.getByLabel('PO Box').fill('33221');
    await form.getByText('Other', { exact: true }).click();
    await form.getByRole('button', { name: 'Add Address' }).click();
    await expect(page).toHaveURL(/\/cart\/checkout-details$/);
    await waitForIslands(page);
    await expect(page.getByTestId('address-card')).toContainText('Other');
    await expect(page.getByTestId('delivery-form')).toBeVisible();
    await noSideScroll(page, 'checkout details');

    await page.getByTestId('pay-online').click();
    const notice = page.getByTestId('persistent-notice');
    await expect(notice).toBeInViewport();
    const box = await notice.boundingBox();
    expect(box!.width).toBeLessThanOrEqual(390);
    await notice.getByRole('button', { name: 'Close' }).click();

    const delivery = page.getByTestId('delivery-form');
    await delivery.getByLabel('Contact name').fill('Mona');
    await delivery.getByLabel('Contact number').fill('0521112233');
    const soon = new Date(Date.now() + 3 * 86_400_000);
    await delivery
      .getByLabel('Date of delivery')
      .fill(`${String(soon.getDate()).padStart(2, '0')}/${String(soon.getMonth() + 1).padStart(2, '0')}/${soon.getFullYear()}`);
    await delivery.getByLabel('Available timing').selectOption({ index: 2 });
    await delivery.getByRole('group', { name: 'Is a lift available?' }).getByText('Yes', { exact: true }).click();
    await delivery.getByRole('group', { name: 'Is a building pass required?' }).getByText('No', { exact: true }).click();
    await delivery.getByRole('button', { name: 'Save delivery details' }).click();
    await expect(page.getByTestId('delivery-details')).toBeVisible();

    await page.getByTestId('pay-online').click();
    await expect(page).toHaveURL(/\/checkout$/);
    await waitForIslands(page);
    await expect(page.getByTestId('payment-item')).toHaveCount(2);
    await noSideScroll(page, '/checkout');
    await page.getByTestId('pay-now').click();
    await page.getByRole('button', { name: 'Pay successfully' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Order Placed Successfully' })).toBeVisible();
    await noSideScroll(page, 'the success page');

    await page.getByRole('link', { name: 'Go to Your Orders' }).click();
    await expect(page.getByTestId('order-card')).toHaveCount(1);
    await noSideScroll(page, '/orders');
    // On phones the status filter sits in a drawer.
    await expect(page.locator('aside').getByTestId('order-filter')).toBeHidden();
    const drawer = page.getByTestId('filter-drawer');
    await drawer.getByText('Filter', { exact: true }).click();
    await drawer.getByRole('link', { name: 'Cancelled' }).click();
    await expect(page).toHaveURL(/filter=cancelled/);
    await expect(page.getByText('No orders found')).toBeVisible();
    await expect(page.getByTestId('filter-drawer').locator('summary')).toContainText('Cancelled');

    await page.goto('/orders');
    await page.getByTestId('order-link').click();
    await expect(page.getByTestId('detail-delivery')).toBeVisible();
    await noSideScroll(page, 'the order detail');
  });
});
