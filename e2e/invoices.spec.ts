// Tax invoices at 1280 px (docs/decisions/0051-tax-invoices.md): see invoices.shared.ts.
import { test } from './fixtures';
import { businessBuysAndDownloads, businessDetailsInProfile } from './invoices.shared';

test.describe('tax invoices', () => {
  test.describe.configure({ timeout: 90_000 });

  test('a business buyer pays by card and downloads the tax invoice from the order page', async ({
    signedInPage: page,
    address: _address,
    cartWithItems: _cart,
  }) => {
    await businessBuysAndDownloads(page);
  });

  test("the profile's business details, both or neither, prefill checkout", async ({
    signedInPage: page,
    address: _address,
    cartWithItems: _cart,
  }) => {
    await businessDetailsInProfile(page);
  });
});
