// The staff's tax invoices and credit notes on a 390 px phone (docs/product.md#back-office-tax-invoices):
// the same journey as at 1280 px, the page never scrolls sideways; axe clean.
import { test } from './admin.fixtures';
import { badDateJourney, invoiceListJourney } from './admin-invoices.shared';

test.describe.configure({ timeout: 90_000 });

test('staff open the list, switch kinds, search, export and clear on a phone', async ({ staffPage: page }) => {
  await invoiceListJourney(page, true);
});

test('a date it cannot read is named on a phone', async ({ staffPage: page }) => {
  await badDateJourney(page);
});
