// The back office's tax invoices and credit notes in the browser (docs/product.md#back-office-tax-invoices),
// the journeys the 1280 px and 390 px specs share:
// - the list itself (tabs, the form, a date it cannot read, the export, the no-TRN notice when the
//   server has no SHOP_TRN), which needs nothing issued;
// - a cash order delivered by staff gets its tax invoice and a refund its credit note, each found,
//   linked and downloaded here: issuing is the invoice service's (docs/decisions/0051-tax-invoices.md),
//   so this one needs it and a server with SHOP_TRN.
import type { Browser, Page } from '@playwright/test';
import { expect } from './admin.fixtures';
import { expectNoSeriousViolations } from './axe.helpers';
import { expectNoSidewaysScroll } from './helpers';
import { act, cashOrder, openOrder, spareProduct } from './admin-order.helpers';

/** The visible documents (table from 1024 px, cards below). */
export const documentItems = (page: Page, mobile: boolean) => page.getByTestId(mobile ? 'invoice-card' : 'invoice-row');

/** Whether the server issues tax invoices (SHOP_TRN set), as the list's API says. */
async function issuing(page: Page): Promise<boolean> {
  const r = await page.request.get('/api/admin/invoices');
  expect(r.status()).toBe(200);
  return ((await r.json()) as { data: { issuing: boolean } }).data.issuing;
}

/** The list with whatever it holds: tabs, the search form, errors named, the export, the notice. */
export async function invoiceListJourney(page: Page, mobile: boolean): Promise<void> {
  await page.goto('/admin/invoices');
  await expect(page.getByRole('heading', { level: 1, name: 'Tax invoices' })).toBeVisible();
  const menu = page.getByRole('navigation', { name: mobile ? 'Back office' : 'Back office sections', exact: true });
  await expect(menu.getByRole('link', { name: 'Tax invoices' })).toHaveAttribute('aria-current', 'page');
  await expectNoSeriousViolations(page, '/admin/invoices');
  await expectNoSidewaysScroll(page);
  // Without SHOP_TRN the page says so first; with it, not a word.
  const notice = page.getByTestId('no-trn-notice');
  if (await issuing(page)) await expect(notice).toHaveCount(0);
  else await expect(notice).toContainText('No tax invoices are issued: the shop’s TRN is not set. Set SHOP_TRN');

  // A tab per kind, kept with the search.
  await page.getByLabel('Search', { exact: true }).fill('Nobody Such Buyer');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/invoices\?q=Nobody\+Such\+Buyer/);
  await expect(page.getByTestId('invoices-empty')).toHaveText('No tax invoice or credit note matches.');
  await page.getByTestId('invoice-tab-credit_note').click();
  await expect(page).toHaveURL(/type=credit_note/);
  await expect(page).toHaveURL(/q=Nobody/);
  await expect(page.getByTestId('invoice-tab-credit_note')).toHaveAttribute('aria-current', 'page');
  await expect(page.getByLabel('Search', { exact: true })).toHaveValue('Nobody Such Buyer');

  // The export keeps the filters, leaves out the page, and answers the accountant's columns.
  const href = (await page.getByTestId('invoice-export').getAttribute('href'))!;
  expect(href).toMatch(/^\/api\/admin\/invoices\.csv\?/);
  expect(href).toContain('type=credit_note');
  expect(href).not.toContain('page=');
  const csv = await page.request.get(href);
  expect(csv.status()).toBe(200);
  expect(csv.headers()['content-type']).toBe('text/csv; charset=utf-8');
  expect((await csv.text()).replace(/^\uFEFF/, '').trim()).toBe(
    'Number,Date,Type,Corrects,Order,Buyer,TRN,Net (AED),VAT (AED),Total (AED)',
  );

  // Clear all keeps the tab, drops the search.
  await page.getByRole('link', { name: 'Clear all' }).click();
  await expect(page).toHaveURL(/\/admin\/invoices\?type=credit_note$/);
  await page.getByTestId('invoice-tab-all').click();
  await expect(page).toHaveURL(/\/admin\/invoices$/);
}

/** A date the form cannot read is named beside its field, and the rest of the query still applies. */
export async function badDateJourney(page: Page): Promise<void> {
  const response = await page.goto('/admin/invoices?from=2026-02-30&type=invoice');
  expect(response?.status()).toBe(422);
  await expect(page.locator('#from-error')).toHaveText('Enter a date as yyyy-mm-dd.');
  await expect(page.getByLabel('Issued from')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByTestId('invoice-tab-invoice')).toHaveAttribute('aria-current', 'page');
  await expectNoSeriousViolations(page, '/admin/invoices with an error');
}

/** The Dubai day of now, yyyy-mm-dd. */
const dubaiToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Dubai' }).format(new Date());

/** A PDF link answers a PDF named after the document. */
async function expectPdf(page: Page, href: string, number: string): Promise<void> {
  const r = await page.request.get(href);
  expect(r.status()).toBe(200);
  expect(r.headers()['content-type']).toBe('application/pdf');
  expect(r.headers()['content-disposition']).toBe(`attachment; filename="${number}.pdf"`);
  expect((await r.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
}

/**
 * Needs issuing (docs/decisions/0051-tax-invoices.md) and SHOP_TRN: staff deliver a cash order of two
 * units, which issues its tax invoice; the order page shows it with its PDF; the list finds it by
 * order and by number; then a refund of one unit issues a credit note linked both ways, and the
 * accountant's CSV of today has both, the credit note negative.
 */
export async function issuedInvoiceJourney(page: Page, browser: Browser, mobile: boolean, nth: number): Promise<void> {
  const product = await spareProduct(page, nth);
  const { orderId } = await cashOrder(browser, product.id, 2);
  await openOrder(page, orderId);
  await expect(page.getByTestId('order-tax-documents')).toBeVisible();
  await expect(page.getByTestId('order-tax-document')).toHaveCount(0);
  await act(page, 'Mark shipped', /marked shipped/);
  await act(page, 'Mark on the way', /marked on the way/);
  await act(page, 'Mark delivered', /marked delivered/);

  // Delivered cash: the supply happened, the invoice is there with its PDF.
  const invoiceItem = page.locator('[data-testid="order-tax-document"][data-type="invoice"]');
  await expect(invoiceItem).toHaveCount(1);
  const invoiceNumber = (await invoiceItem.getAttribute('data-number'))!;
  expect(invoiceNumber).toMatch(/^[A-Z0-9]+-\d{6}$/);
  await expect(invoiceItem).toContainText('Simplified tax invoice');
  await expectNoSeriousViolations(page, 'admin order page with its invoice');
  await expectPdf(
    page,
    (await invoiceItem.getByRole('link', { name: `Download ${invoiceNumber} as PDF` }).getAttribute('href'))!,
    invoiceNumber,
  );

  // The list finds it by its order and by its number.
  await page.goto(`/admin/invoices?q=${encodeURIComponent(`#${orderId}`)}`);
  await expect(documentItems(page, mobile)).toHaveCount(1);
  await expect(documentItems(page, mobile).first()).toHaveAttribute('data-number', invoiceNumber);
  await page.getByLabel('Search', { exact: true }).fill(invoiceNumber.toLowerCase());
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(documentItems(page, mobile)).toHaveCount(1);
  await expectNoSeriousViolations(page, '/admin/invoices with an invoice');
  await expectNoSidewaysScroll(page);

  // A refund of one unit after invoicing: a credit note, linked both ways.
  await openOrder(page, orderId);
  await page.getByTestId('order-actions').getByRole('button', { name: 'Refund…' }).click();
  const dialog = page.getByRole('dialog', { name: `Refund order #${orderId}` });
  await dialog.getByTestId('refund-units').first().fill('1');
  await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
  await expect(page.getByTestId('admin-order-done')).toHaveText(/refund is done/);
  const noteItem = page.locator('[data-testid="order-tax-document"][data-type="credit_note"]');
  await expect(noteItem).toHaveCount(1);
  const noteNumber = (await noteItem.getAttribute('data-number'))!;
  await expectPdf(page, (await noteItem.getByRole('link', { name: `Download ${noteNumber} as PDF` }).getAttribute('href'))!, noteNumber);

  await page.goto(`/admin/invoices?q=${encodeURIComponent(`#${orderId}`)}`);
  await expect(documentItems(page, mobile)).toHaveCount(2);
  const note = page.locator(`[data-testid="${mobile ? 'invoice-card' : 'invoice-row'}"][data-number="${noteNumber}"]`);
  await expect(note).toContainText(`Corrects ${invoiceNumber}`);
  const invoice = page.locator(`[data-testid="${mobile ? 'invoice-card' : 'invoice-row'}"][data-number="${invoiceNumber}"]`);
  await expect(invoice).toContainText(noteNumber);
  await note.getByRole('link', { name: `Corrects ${invoiceNumber}` }).click();
  await expect(documentItems(page, mobile)).toHaveCount(1);
  await expect(documentItems(page, mobile).first()).toHaveAttribute('data-number', invoiceNumber);

  // The accountant's CSV of today: both, the credit note negative.
  const today = dubaiToday();
  const csv = await page.request.get(`/api/admin/invoices.csv?from=${today}&to=${today}`);
  const lines = (await csv.text()).split('\n');
  expect(lines.find((l) => l.startsWith(`${invoiceNumber},${today},Simplified tax invoice,,${orderId},`))).toBeTruthy();
  expect(lines.find((l) => l.startsWith(`${noteNumber},${today},Credit note,${invoiceNumber},${orderId},`))).toMatch(/,-\d+\.\d{2}\r?$/);
}
