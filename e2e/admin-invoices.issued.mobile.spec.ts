// Issued documents in the back office on a 390 px phone (docs/product.md#back-office-tax-invoices):
// the journey of admin-invoices.issued.spec.ts with the list's cards. Needs the issuing service
// (docs/decisions/0051-tax-invoices.md) and an e2e server with SHOP_TRN.
import { test } from './admin.fixtures';
import { issuedInvoiceJourney } from './admin-invoices.shared';

test.describe.configure({ timeout: 120_000 });

test('a delivered cash order gets its invoice, a refund its credit note, on a phone', async ({ staffPage: page, browser }) => {
  await issuedInvoiceJourney(page, browser, true, 7);
});
