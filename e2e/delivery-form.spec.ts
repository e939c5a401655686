// The delivery location form belongs to one order (docs/product.md#delivery-location-form,
// docs/decisions/0026-delivery-form-per-order.md): each heavy checkout books its own, prefilled from the last one
// and editable; the summary, the success page, the order page and the confirmation mail give the
// date the shopper chose; the date is typed and shown as dd/mm/yyyy.
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { toasts, waitForIslands } from './helpers';
import { expectNoSeriousViolations } from './axe.helpers';
import { addToServerCart } from './fixtures';
import { e2eDataDir } from '../playwright.config';
import { parseMail } from '../tests/mailbox';

test.use({ shopperName: 'Khalid Al Nuaimi' });
test.describe.configure({ timeout: 300_000 });

/** A date `days` from now: as the API keeps it (yyyy-mm-dd), as typed (dd/mm/yyyy) and as the pages show it ('5 Dec 2026'). */
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

/** The first vault door (over 100 kg each) that is still in stock. */
async function vaultDoorInStock(page: Page): Promise<number> {
  const r = await page.request.get('/api/products/all-product-list', { params: { category_id: 15, limit: 50 } });
  const list = ((await r.json()) as { data: { data: { id: number; quantity: number }[] } }).data.data;
  const door = list.find((p) => p.quantity > 1);
  expect(door, 'a vault door in stock').toBeTruthy();
  return door!.id;
}

async function openCheckoutDetails(page: Page): Promise<void> {
  await page.goto('/cart/checkout-details');
  await waitForIslands(page);
}

/** The plain text of the newest order confirmation mail to `email` for order `id`. */
async function confirmationMail(email: string, id: number): Promise<string> {
  const outbox = path.join(e2eDataDir, 'outbox');
  let text = '';
  await expect
    .poll(
      () => {
        for (const file of fs.existsSync(outbox) ? fs.readdirSync(outbox) : []) {
          const mail = parseMail(fs.readFileSync(path.join(outbox, file)));
          if (mail.to.toLowerCase().includes(email.toLowerCase()) && mail.subject.includes(`order #${id} confirmed`)) {
            text = mail.text ?? '';
            return true;
          }
        }
        return false;
      },
      { message: `the confirmation of order #${id}`, timeout: 20_000 },
    )
    .toBe(true);
  return text;
}

const orderIdFromUrl = (page: Page) => Number(new URL(page.url()).searchParams.get('order'));

test('each heavy checkout books its own delivery: prefilled, editable, in the summary; the success page, order page and mail give the chosen date', async ({
  signedInPage: page,
  shopper,
  address,
}) => {
  expect(address).toBeGreaterThan(0);
  const door = await vaultDoorInStock(page);
  await addToServerCart(page, door);
  await openCheckoutDetails(page);

  // The first heavy checkout: an empty form; the date is typed as dd/mm/yyyy.
  const form = page.getByTestId('delivery-form');
  await expect(form.getByTestId('delivery-prefilled')).toHaveCount(0);
  await expect(form.getByLabel('Contact name')).toHaveValue('');
  const dateField = form.getByLabel('Date of delivery');
  await expect(dateField).toHaveAttribute('placeholder', 'dd/mm/yyyy');
  await expect(form.getByText('dd/mm/yyyy, e.g. 05/12/2026')).toBeVisible();
  const first = dayAhead(5);
  await form.getByLabel('Contact name').fill('Khalid Al Nuaimi');
  // Typed as people do with the country's 00 prefix; kept in the one national form (docs/product.md#phone-numbers).
  await form.getByLabel('Contact number').pressSequentially('00971 50 765 4321');
  await dateField.pressSequentially(first.typed.replaceAll('/', ''));
  await expect(dateField).toHaveValue(first.typed);
  await form.getByLabel('Available timing').selectOption('9:00 AM - 12:00 PM');
  await form.getByRole('group', { name: 'Is a lift available?' }).getByText('Yes', { exact: true }).click();
  await form.getByRole('group', { name: 'Is a building pass required?' }).getByText('No', { exact: true }).click();
  await form.getByRole('button', { name: 'Save delivery details' }).click();
  await expect(toasts(page)).toContainText('Thanks for adding details');
  const saved = page.getByTestId('delivery-details');
  await expect(saved.getByTestId('delivery-details-date')).toHaveText(`${first.shown}, 9:00 AM - 12:00 PM`);
  await expect(saved).toContainText('Khalid Al Nuaimi, 050 765 4321');
  await expect(page.getByTestId('summary-delivery')).toContainText(`Delivery on ${first.shown}, 9:00 AM - 12:00 PM`);

  // Changed before paying: the date through the calendar (the browser's picker writes yyyy-mm-dd).
  await saved.getByRole('button', { name: 'Change the delivery location details' }).click();
  await expect(form).toBeVisible();
  await expect(form.getByLabel('Contact name')).toHaveValue('Khalid Al Nuaimi');
  await expect(dateField).toHaveValue(first.typed);
  await expect(form.getByRole('button', { name: 'Open the calendar' })).toBeVisible();
  const chosen = dayAhead(9);
  await form.getByTestId('delivery-date-picker').fill(chosen.iso);
  await expect(dateField).toHaveValue(chosen.typed);
  await form.getByLabel('Available timing').selectOption('3:00 PM - 6:00 PM');
  // Paying with the change unsaved is refused: the details are not the order's yet.
  await page.getByTestId('pay-cash').click();
  await expect(page.getByTestId('persistent-notice')).toContainText('Please Fill Delivery Location Details');
  await page.getByTestId('persistent-notice').getByRole('button', { name: 'Close' }).click();
  await form.getByRole('button', { name: 'Save delivery details' }).click();
  await expect(saved.getByTestId('delivery-details-date')).toHaveText(`${chosen.shown}, 3:00 PM - 6:00 PM`);
  await expect(page.getByTestId('summary-delivery')).toContainText(`Delivery on ${chosen.shown}, 3:00 PM - 6:00 PM`);

  await page.getByTestId('pay-cash').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Order Placed Successfully' })).toBeVisible();
  const firstOrder = orderIdFromUrl(page);
  const successDate = page.getByTestId('success-delivery-date');
  await expect(successDate).toContainText(chosen.shown);
  await expect(page.getByTestId('order-result')).toContainText('Date of delivery');
  await expect(page.getByTestId('order-result')).not.toContainText('Expected delivery');
  await page.getByRole('link', { name: 'View order details' }).click();
  await expect(page.getByTestId('detail-expected')).toContainText(chosen.shown);
  await expect(page.getByTestId('detail-delivery')).toContainText(chosen.shown);
  expect(await confirmationMail(shopper.email, firstOrder)).toContain(`Delivery date: ${chosen.shown}, 3:00 PM - 6:00 PM.`);

  // The next heavy checkout: the form again, prefilled from the last one, for this order.
  await addToServerCart(page, door);
  await openCheckoutDetails(page);
  await expect(page.getByTestId('delivery-details')).toHaveCount(0);
  await expect(page.getByTestId('summary-delivery')).toHaveCount(0);
  await expect(form.getByTestId('delivery-prefilled')).toBeVisible();
  await expect(form.getByLabel('Contact name')).toHaveValue('Khalid Al Nuaimi');
  await expect(form.getByLabel('Contact number')).toHaveValue('0507654321');
  await expect(dateField).toHaveValue(chosen.typed);
  await expect(form.getByLabel('Available timing')).toHaveValue('3:00 PM - 6:00 PM');
  const second = dayAhead(12);
  await dateField.fill('');
  await dateField.pressSequentially(second.typed.replaceAll('/', ''));
  await form.getByRole('group', { name: 'Is a lift available?' }).getByText('No', { exact: true }).click();
  await form.getByLabel('Number of floors to carry up').fill('6');
  await form.getByRole('button', { name: 'Save delivery details' }).click();
  await expect(page.getByTestId('delivery-details')).toContainText('No lift, 6 floors');
  await expect(page.getByTestId('summary-delivery')).toContainText(second.shown);
  await page.getByTestId('pay-cash').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Order Placed Successfully' })).toBeVisible();
  await expect(page.getByTestId('success-delivery-date')).toContainText(second.shown);
  const secondOrder = orderIdFromUrl(page);
  expect(secondOrder).not.toBe(firstOrder);

  // Each order keeps its own details.
  await page.goto(`/order/${secondOrder}`);
  await expect(page.getByTestId('detail-expected')).toContainText(second.shown);
  await expect(page.getByTestId('detail-delivery')).toContainText('No (Number of floors: 6)');
  await page.goto(`/order/${firstOrder}`);
  await expect(page.getByTestId('detail-expected')).toContainText(chosen.shown);
  await expect(page.getByTestId('detail-delivery')).toContainText(chosen.shown);
  await expect(page.getByTestId('detail-delivery')).not.toContainText('Number of floors');
});

test('the date field takes dd/mm/yyyy only: a half-typed or impossible date says how to write it, a past one is refused', async ({
  signedInPage: page,
  address,
}) => {
  expect(address).toBeGreaterThan(0);
  await addToServerCart(page, await vaultDoorInStock(page));
  await openCheckoutDetails(page);
  const form = page.getByTestId('delivery-form');
  const dateField = form.getByLabel('Date of delivery');
  await dateField.pressSequentially('3112');
  await expect(dateField).toHaveValue('31/12');
  await form.getByLabel('Contact name').click();
  await expect(form.getByText('Enter the date as dd/mm/yyyy')).toBeVisible();
  await expect(dateField).toHaveAttribute('aria-invalid', 'true');
  await dateField.fill('31/02/2030');
  await form.getByLabel('Contact name').click();
  await expect(form.getByText('Enter the date as dd/mm/yyyy')).toBeVisible();
  await dateField.fill('01/01/2000');
  await form.getByRole('button', { name: 'Save delivery details' }).click();
  await expect(form.getByText('Date of delivery cannot be in the past')).toBeVisible();
  await expectNoSeriousViolations(page, 'the delivery form with its messages');
  const soon = dayAhead(3);
  await dateField.fill(soon.typed);
  await expect(form.getByText('Date of delivery cannot be in the past')).toHaveCount(0);
  // The browser's own picker gets the same date, as yyyy-mm-dd, and may not go before today.
  await expect(form.getByTestId('delivery-date-picker')).toHaveValue(soon.iso);
  await expect(form.getByTestId('delivery-date-picker')).toHaveAttribute('min', dayAhead(0).iso);
});
