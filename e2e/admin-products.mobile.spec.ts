// The staff's products list at 390 px: the same journey, nothing scrolls sideways.
import { test } from './admin.fixtures';
import { productListJourney } from './admin-products.shared';

test('on a phone, staff find a product by SKU, filter by stock and status, and page through the list', async ({ staffPage }) => {
  await productListJourney(staffPage, 'mobile');
});
