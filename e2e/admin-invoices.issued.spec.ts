// Issued documents in the back office at 1280 px (docs/product.md#back-office-tax-invoices): staff
// deliver a cash order, which issues its tax invoice, and refund a unit, which issues a credit note;
// both are on the order page and in the list, linked both ways, downloaded and exported. Needs the
// issuing service (docs/decisions/0051-tax-invoices.md) and an e2e server with SHOP_TRN.
import { test } from './admin.fixtures';
import { issuedInvoiceJourney } from './admin-invoices.shared';

test.describe.configure({ timeout: 120_000 });

test('a delivered cash order gets its invoice, a refund its credit note, both found and downloaded', async ({
  staffPage: page,
  browser,
}) => {
  await issuedInvoiceJourney(page, browser, false, 6);
});
