// The product editor at 390 px: the same journey on a phone, nothing scrolls sideways.
import { test } from './admin.fixtures';
import { productEditorJourney } from './admin-product-editor.shared';

test.setTimeout(180_000);

test('on a phone, staff create a product with rich text and a colour, see it in the shop, and run its stock, copy and archive', async ({
  staffPage,
}) => {
  await productEditorJourney(staffPage, 'mobile');
});
