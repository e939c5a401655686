// Phone numbers as people type them at 390 px (docs/product.md#phone-numbers): the address form saves
// '+971 50 123 4567' as 0501234567 and shows it as 050 123 4567.
import { test } from './fixtures';
import { addAddressTypingPhone } from './phone.helpers';

test('the address form takes +971 50 123 4567 on a phone and keeps one form', async ({ signedInPage: page, shopper }) => {
  await addAddressTypingPhone(page, shopper.name);
});
