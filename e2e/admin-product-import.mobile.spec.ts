// The products' CSV import at 390 px: the same journey on a phone, nothing scrolls sideways.
import { test } from './admin.fixtures';
import { productImportJourney } from './admin-product-import.shared';

test.setTimeout(180_000);

test('on a phone, staff see a bad file’s problems, import 1,000 products with progress, find one in the shop, and update it by SKU', async ({
  staffPage,
}) => {
  await productImportJourney(staffPage, 'mobile');
});
