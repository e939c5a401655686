// Tax invoices in the browser (docs/decisions/0051-tax-invoices.md), shared by the desktop and phone
// specs: a business buyer at checkout (a wrong TRN said under its field), a card order paid on the
// test payment page, then /order/{id} with its "Download tax invoice" link answering a PDF, and the
// profile's business details; axe finds nothing serious on either page.
import type { Page } from '@playwright/test';
import { expect } from './auth.helpers';
import { expectNoSeriousViolations } from './axe.helpers';
import { pageWidths, waitForIslands } from './helpers';

const SHOTS = process.env.E2E_SCREENSHOTS_DIR;

/** With E2E_SCREENSHOTS_DIR: the page at this width (and, from the desktop, at a tablet's 820 px too). */
async function shot(page: Page, name: string): Promise<void> {
  if (!SHOTS) return;
  const size = page.viewportSize()!;
  await page.screenshot({ path: `${SHOTS}/${name}-${size.width}.png`, fullPage: true });
  if (size.width < 1280) return;
  await page.setViewportSize({ width: 820, height: 1180 });
  await page.screenshot({ path: `${SHOTS}/${name}-820.png`, fullPage: true });
  await page.setViewportSize(size);
}

async function fits(page: Page, where: string): Promise<void> {
  const { scrollWidth, innerWidth } = await pageWidths(page);
  expect(scrollWidth, `${where} fits ${innerWidth} px`).toBeLessThanOrEqual(innerWidth);
}

/** The signed-in shopper (an address, a cart) buys as a business by card and downloads the invoice. */
export async function businessBuysAndDownloads(page: Page): Promise<void> {
  await page.goto('/cart/checkout-details');
  await waitForIslands(page);
  const business = page.getByTestId('business-buyer');
  await business.getByText('Buying for a VAT-registered business?').click();
  await business.getByLabel('Company name', { exact: true }).fill('Gulf Safes Trading LLC');
  await business.getByLabel('TRN (tax registration number)', { exact: true }).fill('100 1234 5670');
  await page.getByTestId('pay-online').click();
  await expect(business.getByText('A TRN is 15 digits, like 100123456700003.')).toBeVisible();
  await expect(page).toHaveURL(/\/cart\/checkout-details$/);
  await fits(page, 'checkout details with the business fields');
  await shot(page, 'checkout-business');
  await expectNoSeriousViolations(page, 'checkout details with the business fields');
  await business.getByLabel('TRN (tax registration number)', { exact: true }).fill('100-1234-5670-0003');
  await page.getByTestId('pay-online').click();
  await expect(page).toHaveURL(/\/checkout$/);
  await waitForIslands(page);
  await page.getByTestId('pay-now').click();
  await page.getByRole('button', { name: 'Pay successfully' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Order Placed Successfully' })).toBeVisible();

  const list = await page.request.get('/api/products/order-list');
  const orderId = ((await list.json()) as { data: { data: { combined_order_id: number }[] } }).data.data[0]!.combined_order_id;
  const details = await page.request.get('/api/products/order-details', { params: { order_id: orderId } });
  const detail = ((await details.json()) as { data: { invoice_url: string | null; invoice_number: string | null; buyer_trn: string }[] })
    .data[0]!;
  expect(detail.invoice_url).toBe(`/order/${orderId}/invoice.pdf`);
  expect(detail.buyer_trn).toBe('100123456700003');

  await page.goto(`/order/${orderId}`);
  await expect(page.getByTestId('detail-buyer')).toContainText('Gulf Safes Trading LLC');
  await expect(page.getByTestId('detail-buyer')).toContainText('TRN 100123456700003');
  const link = page.getByTestId('download-invoice');
  await expect(link).toHaveText('Download tax invoice');
  await expect(page.getByTestId('detail-documents')).toContainText(`Tax invoice ${detail.invoice_number}`);
  await fits(page, 'the order page');
  await shot(page, 'order-invoice');
  await expectNoSeriousViolations(page, 'the order page with its tax invoice');

  const download = page.waitForEvent('download');
  await link.click();
  expect((await download).suggestedFilename()).toBe(`${detail.invoice_number}.pdf`);
  const pdf = await page.request.get(detail.invoice_url!);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect(pdf.headers()['cache-control']).toBe('private, no-store');
  expect((await pdf.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
}

/** The profile's business details: a half entry refused by field, then saved and started from at checkout. */
export async function businessDetailsInProfile(page: Page): Promise<void> {
  await page.goto('/profile');
  await waitForIslands(page);
  const card = page.getByRole('region', { name: 'Business details' });
  await card.getByRole('button', { name: 'Edit' }).click();
  await card.getByLabel('Company name', { exact: true }).fill('Al Noor Office Supplies');
  await card.getByRole('button', { name: 'Save' }).click();
  await expect(card.getByText("Add the company's TRN too, or leave both empty.")).toBeVisible();
  await card.getByLabel('TRN (tax registration number)', { exact: true }).fill('100987654300003');
  await fits(page, 'the profile with business details');
  await shot(page, 'profile-business');
  await expectNoSeriousViolations(page, 'the profile with business details');
  await card.getByRole('button', { name: 'Save' }).click();
  await expect(page.locator('#toasts').getByText('Business details saved: your next orders start from them.')).toBeVisible();
  await expect(card.getByLabel('TRN (tax registration number)', { exact: true })).toHaveValue('100987654300003');

  await page.goto('/cart/checkout-details');
  const business = page.getByTestId('business-buyer');
  await expect(business.getByRole('checkbox')).toBeChecked();
  await expect(business.getByLabel('Company name', { exact: true })).toHaveValue('Al Noor Office Supplies');
}
