// The staff's products list at 1280 px (docs/decisions/0045-catalog-editing.md).
import { test } from './admin.fixtures';
import { productListJourney } from './admin-products.shared';

test('staff find a product by SKU, filter by stock and status, and page through the list', async ({ staffPage }) => {
  await productListJourney(staffPage, 'desktop');
});
