// The browser tests' shared setup (docs/decisions/0024-fast-tests.md): a `test` whose fixtures
// give a signed-in shopper, their delivery address and a server cart with items, all made
// through the API (seconds cheaper than the dialogs, which auth.spec.ts and profile.spec.ts prove),
// and the API helpers they are built from, for specs that need more than one of each.
//
//   import { test } from './fixtures';
//   test.use({ shopperName: 'Mona Al Kaabi', cartLines: [{ product_id: 98, quantity: 2 }] });
//   test('…', async ({ signedInPage: page, address, cartWithItems }) => { … });
import { test as base, type Page } from '@playwright/test';
import { PASSWORD, registerThroughApi, uniqueEmail, expect } from './auth.helpers';
import { DUBAI_ADDRESS, SMALL_BOARD } from './cart.helpers';

/** The fields of the add-address call; the name is the shopper's own. */
export type AddressFields = typeof DUBAI_ADDRESS & { name: string };

export interface Shopper {
  id: number;
  name: string;
  email: string;
}

export interface CartLine {
  product_id: number;
  quantity: number;
}

/** Registers a new customer through the API with the page's cookies: the page is then signed in as them. */
export async function signUpThroughApi(page: Page, name: string, tag = 'shopper'): Promise<Shopper> {
  const email = uniqueEmail(tag);
  const id = await registerThroughApi(page, { name, email, password: PASSWORD });
  return { id, name, email };
}

/** Adds a delivery address for the signed-in customer (a Dubai one unless told otherwise); answers its id. */
export async function addAddressThroughApi(page: Page, fields: Partial<AddressFields> & { name: string }): Promise<number> {
  const r = await page.request.post('/api/products/add-address', { data: { ...DUBAI_ADDRESS, ...fields } });
  expect(r.status(), await r.text()).toBe(201);
  return ((await r.json()) as { data: { id: number } }).data.id;
}

/** Puts a product in the signed-in customer's server cart. */
export async function addToServerCart(page: Page, productId: number, quantity = 1): Promise<void> {
  const r = await page.request.post('/api/products/add-cart', { data: { product_id: productId, quantity } });
  expect(r.status(), await r.text()).toBe(201);
}

interface ShopOptions {
  /** The signed-in shopper's name (default 'Aisha Al Mansoori'). */
  shopperName: string;
  /** What `cartWithItems` puts in the cart (default one BrightBoard mini board, AED 49.00). */
  cartLines: CartLine[];
}

interface ShopFixtures {
  /** The customer the test's page is signed in as (a new one per test). */
  shopper: Shopper;
  /** The test's page, signed in as `shopper`. */
  signedInPage: Page;
  /** The id of the shopper's (default) Dubai delivery address. */
  address: number;
  /** The shopper's server cart, holding `cartLines`. */
  cartWithItems: CartLine[];
}

export const test = base.extend<ShopOptions & ShopFixtures>({
  shopperName: ['Aisha Al Mansoori', { option: true }],
  cartLines: [[{ product_id: SMALL_BOARD.id, quantity: 1 }], { option: true }],
  shopper: async ({ page, shopperName }, use) => {
    await use(await signUpThroughApi(page, shopperName));
  },
  // Naming a fixture makes Playwright set it up first: here, the shopper's sign-up.
  signedInPage: async ({ page, shopper: _signedUp }, use) => {
    await use(page);
  },
  address: async ({ page, shopper }, use) => {
    await use(await addAddressThroughApi(page, { name: shopper.name }));
  },
  cartWithItems: async ({ page, shopper: _signedUp, cartLines }, use) => {
    for (const line of cartLines) await addToServerCart(page, line.product_id, line.quantity);
    await use(cartLines);
  },
});

export { expect };
