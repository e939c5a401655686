// The products' CSV import at 1280 px (docs/decisions/0048-product-csv.md).
import { test } from './admin.fixtures';
import { productImportJourney } from './admin-product-import.shared';

test.setTimeout(180_000);

test('staff see a bad file’s problems, import 1,000 products with progress, find one in the shop, and update it by SKU', async ({
  staffPage,
}) => {
  await productImportJourney(staffPage, 'desktop');
});
