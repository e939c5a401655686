// The delivery location form on a phone (390 px; docs/decisions/0026-delivery-form-per-order.md): the date is typed
// and shown as dd/mm/yyyy with the calendar button inside the field, the saved details can be
// changed, and the summary, the success page and the order page give the chosen date.
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { pageWidths, waitForIslands } from './helpers';
import { addToServerCart } from './fixtures';

test.use({ shopperName: 'Mona Al Kaabi' });
test.describe.configure({ timeout: 150_000 });

function dayAhead(days: number) {
  const d = new Date(Date.now() + days * 86_400_000);
  const [yyyy, mm, dd] = [String(d.getFullYear()), String(d.getMonth() + 1).padStart(2, '0'), String(d.getDate()).padStart(2, '0')];
  return {
    iso: `${yyyy}-${mm}-${dd}`,
    typed: `${dd}/${mm}/${yyyy}`,
    shown: new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
      new Date(Date.UTC(Number(yyyy), Number(mm) - 1, Number(dd))),
    ),
  };
}

async function noSideScroll(page: Page, where: string): Promise<void> {
  const { scrollWidth, innerWidth } = await pageWidths(page);
  expect(scrollWidth, `${where} fits ${innerWidth} px`).toBeLessThanOrEqual(innerWidth);
}

test('a heavy checkout on a phone: dd/mm/yyyy with a calendar button, Change, and the chosen date after', async ({
  signedInPage: page,
  address,
}) => {
  expect(address).toBeGreaterThan(0);
  const r = await page.request.get('/api/products/all-product-list', { params: { category_id: 15, limit: 50 } });
  const door = ((await r.json()) as { data: { data: { id: number; quantity: number }[] } }).data.data.find((p) => p.quantity > 0)!;
  await addToServerCart(page, door.id);
  await page.goto('/cart/checkout-details');
  await waitForIslands(page);

  const form = page.getByTestId('delivery-form');
  const dateField = form.getByLabel('Date of delivery');
  await dateField.scrollIntoViewIfNeeded();
  await expect(dateField).toHaveAttribute('inputmode', 'numeric');
  await expect(dateField).toHaveAttribute('placeholder', 'dd/mm/yyyy');
  // The calendar button sits inside the field, big enough to tap.
  const field = (await dateField.boundingBox())!;
  const button = (await form.getByRole('button', { name: 'Open the calendar' }).boundingBox())!;
  expect(button.x).toBeGreaterThanOrEqual(field.x);
  expect(button.x + button.width).toBeLessThanOrEqual(field.x + field.width + 0.5);
  expect(button.height).toBeGreaterThanOrEqual(field.height - 1);
  expect(button.width).toBeGreaterThanOrEqual(40);

  const day = dayAhead(4);
  await form.getByLabel('Contact name').fill('Mona');
  await form.getByLabel('Contact number').pressSequentially('052 111 2233');
  await dateField.pressSequentially(day.typed.replaceAll('/', ''));
  await expect(dateField).toHaveValue(day.typed);
  await form.getByLabel('Available timing').selectOption('12:00 PM - 3:00 PM');
  await form.getByRole('group', { name: 'Is a lift available?' }).getByText('Yes', { exact: true }).click();
  await form.getByRole('group', { name: 'Is a building pass required?' }).getByText('No', { exact: true }).click();
  await noSideScroll(page, 'the delivery form');
  await form.getByRole('button', { name: 'Save delivery details' }).click();
  await expect(page.getByTestId('delivery-details-date')).toHaveText(`${day.shown}, 12:00 PM - 3:00 PM`);
  await expect(page.getByTestId('delivery-details')).toContainText('Mona, 052 111 2233');

  // Changed: the form comes back with the saved values, dd/mm/yyyy in the date field.
  await page.getByRole('button', { name: 'Change the delivery location details' }).click();
  await expect(dateField).toHaveValue(day.typed);
  const later = dayAhead(6);
  await dateField.fill(later.typed);
  await form.getByRole('button', { name: 'Save delivery details' }).click();
  await expect(page.getByTestId('delivery-details-date')).toContainText(later.shown);
  await expect(page.getByTestId('summary-delivery')).toContainText(`Delivery on ${later.shown}`);
  await noSideScroll(page, 'checkout details with the delivery details');

  await page.getByTestId('pay-cash').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Order Placed Successfully' })).toBeVisible();
  await expect(page.getByTestId('success-delivery-date')).toContainText(later.shown);
  await expect(page.getByTestId('order-result')).not.toContainText('Expected delivery');
  await noSideScroll(page, 'the success page');
  await page.getByRole('link', { name: 'View order details' }).click();
  await expect(page.getByTestId('detail-expected')).toContainText(later.shown);
  await expect(page.getByTestId('detail-delivery')).toContainText(later.shown);
});
