// The staff's tax invoices and credit notes at 1280 px (docs/product.md#back-office-tax-invoices):
// the list's tabs, search, errors and export, axe clean; the form works without JavaScript. What
// needs documents issued is in admin-invoices.issued.spec.ts.
import { test, expect } from './admin.fixtures';
import { badDateJourney, invoiceListJourney } from './admin-invoices.shared';

test.describe.configure({ timeout: 90_000 });

test('staff open the list, switch kinds, search, export and clear', async ({ staffPage: page }) => {
  await invoiceListJourney(page, false);
});

test('a date it cannot read is named, and the rest still applies', async ({ staffPage: page }) => {
  await badDateJourney(page);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  test('the search form is a plain GET form', async ({ adminPage: page }) => {
    await page.goto('/admin/invoices?type=invoice');
    await page.getByLabel('Search', { exact: true }).fill('#999999');
    await page.getByLabel('Issued from').fill('2026-11-01');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/invoices\?type=invoice&q=%23999999&from=2026-11-01/);
    await expect(page.getByTestId('invoices-empty')).toBeVisible();
    await expect(page.getByTestId('invoice-count')).toHaveText('0 documents');
  });
});
