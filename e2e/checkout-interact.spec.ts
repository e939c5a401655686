// The checkout before its islands hydrate, on the desktop: e2e/checkout-interact.shared.ts.
import { test } from './fixtures';
import {
  addressFormBeforeHydration,
  deliveryFormBeforeHydration,
  payBeforeHydration,
  placeOrderBeforeHydration,
} from './checkout-interact.shared';

test.describe.configure({ timeout: 120_000 });

test('a click on Cash on delivery before hydration places one order', async ({
  signedInPage: page,
  address: _address,
  cartWithItems: _cart,
}) => {
  await placeOrderBeforeHydration(page, false);
});

test('the delivery form typed and saved before hydration saves what was typed', async ({ signedInPage: page, address: _address }) => {
  await deliveryFormBeforeHydration(page, false);
});

test('the address form typed before hydration keeps its focus and caret, and saves', async ({ signedInPage: page }) => {
  await addressFormBeforeHydration(page, false);
});

test('Pay now before the payment page hydrates goes to the payment', async ({
  signedInPage: page,
  address: _address,
  cartWithItems: _cart,
}) => {
  await payBeforeHydration(page, false);
});
