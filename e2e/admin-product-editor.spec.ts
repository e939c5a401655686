// The product editor at 1280 px (docs/decisions/0045-catalog-editing.md).
import { test } from './admin.fixtures';
import { productEditorJourney } from './admin-product-editor.shared';

test.setTimeout(180_000);

test('staff create a product with rich text and a colour, see it in the shop, and run its stock, copy and archive', async ({
  staffPage,
}) => {
  await productEditorJourney(staffPage, 'desktop');
});
