// What a shopper does on the checkout pages before their React islands have hydrated
// (client:interact: they load on the first interaction; docs/decisions/0042-page-weight.md#the-checkout).
// The island's component and React's renderer are held back until the test lets them through
// (a route that waits), so every action below surely comes before hydration; it still does its job,
// once, with what was typed, and no form is ever submitted natively (a GET with its fields in the URL).
// Run on the desktop (checkout-interact.spec.ts) and on a phone, by touch (checkout-interact.mobile.spec.ts).
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { addToServerCart } from './fixtures';
import { DUBAI_ADDRESS } from './cart.helpers';

/** Holds back the first waiting island's component and the React renderer until `release`. */
async function holdIslandChunks(page: Page, island: Locator): Promise<{ release: () => void; requested: () => string[] }> {
  await expect(island).toHaveAttribute('client', 'interact');
  await expect(island).toHaveAttribute('ssr', '');
  const held = [await island.getAttribute('component-url'), await island.getAttribute('renderer-url')].map(
    (url) => new URL(url!, page.url()).pathname,
  );
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const requested: string[] = [];
  await page.route(
    (url) => held.includes(url.pathname),
    async (route) => {
      requested.push(new URL(route.request().url()).pathname);
      await released;
      await route.continue();
    },
  );
  return { release, requested: () => requested };
}

/** Every page the tab navigated to; none may carry a form's fields. */
function navigations(page: Page): string[] {
  const seen: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) seen.push(frame.url());
  });
  return seen;
}

const FIELD_IN_URL = /[?&](?:name|phone|contact_name|contact_number|flat_building|address|city|email|password)=/;

async function press(control: Locator, mobile: boolean): Promise<void> {
  if (mobile) await control.tap();
  else await control.click();
}

/** A click on Cash on delivery before hydration places one order and goes to the success page. */
export async function placeOrderBeforeHydration(page: Page, mobile: boolean): Promise<void> {
  const seen = navigations(page);
  await page.goto('/cart/checkout-details');
  const island = page.locator('astro-island[client="interact"]');
  const chunks = await holdIslandChunks(page, island);
  await press(page.getByTestId('pay-cash'), mobile);
  // The interaction asked for the chunks; the island has not hydrated, and the click is held.
  await expect.poll(() => chunks.requested().length).toBeGreaterThan(0);
  await expect(island).toHaveAttribute('ssr', '');
  await expect(page).toHaveURL(/\/cart\/checkout-details$/);
  chunks.release();
  await expect(page).toHaveURL(/\/checkout\/payment\/success\?order=\d+&method=cod$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Order Placed Successfully' })).toBeVisible();
  const orders = (await (await page.request.get('/api/products/order-list')).json()) as { data: { total: number } };
  expect(orders.data.total).toBe(1);
  expect(seen.filter((url) => FIELD_IN_URL.test(url))).toEqual([]);
}

/** The delivery form typed, chosen and saved before hydration: the saved details are the ones typed. */
export async function deliveryFormBeforeHydration(page: Page, mobile: boolean): Promise<void> {
  const seen = navigations(page);
  const r = await page.request.get('/api/products/all-product-list', { params: { category_id: 15, limit: 50 } });
  const door = ((await r.json()) as { data: { data: { id: number; quantity: number }[] } }).data.data.find((p) => p.quantity > 0)!;
  await addToServerCart(page, door.id);
  await page.goto('/cart/checkout-details');
  const island = page.locator('astro-island[client="interact"]');
  const chunks = await holdIslandChunks(page, island);
  const form = page.getByTestId('delivery-form');
  const d = new Date(Date.now() + 4 * 86_400_000);
  const typed = `${String(d.getDate()).padStart(2, '0')}/${String(d.getMonth() + 1).padStart(2, '0')}/${d.getFullYear()}`;
  const shown = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' }).format(d);
  await form.getByLabel('Contact name').fill('Mona');
  await form.getByLabel('Contact number').fill('052 111 2233');
  await form.getByLabel('Available timing').selectOption('12:00 PM - 3:00 PM');
  await press(form.getByRole('group', { name: 'Is a lift available?' }).getByText('Yes', { exact: true }), mobile);
  await press(form.getByRole('group', { name: 'Is a building pass required?' }).getByText('No', { exact: true }), mobile);
  const date = form.getByLabel('Date of delivery');
  await date.fill(typed);
  await press(form.getByRole('button', { name: 'Save delivery details' }), mobile);
  await expect(island).toHaveAttribute('ssr', '');
  chunks.release();
  await expect(page.getByTestId('delivery-details-date')).toHaveText(`${shown}, 12:00 PM - 3:00 PM`);
  await expect(page.getByTestId('delivery-details')).toContainText('Mona, 052 111 2233');
  await expect(page).toHaveURL(/\/cart\/checkout-details$/);
  expect(seen.filter((url) => FIELD_IN_URL.test(url))).toEqual([]);
}

/** The address form typed before hydration: the focus and caret stay, typing goes on, and Add Address saves it. */
export async function addressFormBeforeHydration(page: Page, mobile: boolean): Promise<void> {
  const seen = navigations(page);
  await page.goto('/cart/save-address');
  const island = page.locator('astro-island[client="interact"]');
  const chunks = await holdIslandChunks(page, island);
  const form = page.getByTestId('address-form');
  await form.getByLabel('Full name').fill('Khalid Rahman');
  await form.getByLabel('Phone number').fill('050 765 4321');
  await form.getByLabel('Flat / Building').fill(DUBAI_ADDRESS.flat_building);
  await form.getByLabel('Address', { exact: true }).fill(DUBAI_ADDRESS.address);
  await form.getByLabel('Locality').fill(DUBAI_ADDRESS.locality);
  await form.getByLabel('City').fill(DUBAI_ADDRESS.city);
  await form.getByLabel('Emirate').selectOption(DUBAI_ADDRESS.state);
  await form.getByLabel('PO Box').fill(DUBAI_ADDRESS.pincode);
  // A choice's label clicked before hydration: held, then chosen.
  await press(form.getByText('Home', { exact: true }), mobile);
  const landmark = form.getByLabel('Landmark');
  await landmark.fill('Opposite park');
  // The caret put back after "Opposite ": what is typed after hydration goes there.
  await landmark.evaluate((input: HTMLInputElement) => input.setSelectionRange(9, 9));
  await expect(island).toHaveAttribute('ssr', '');
  chunks.release();
  await expect(island).not.toHaveAttribute('ssr', /.*/);
  await expect(landmark).toBeFocused();
  await expect(landmark).toHaveValue('Opposite park');
  await page.keyboard.type('the ');
  await expect(landmark).toHaveValue('Opposite the park');
  await press(form.getByRole('button', { name: 'Add Address' }), mobile);
  await expect(page).toHaveURL(/\/cart\/checkout-details$/);
  const list = (await (await page.request.get('/api/products/address-list')).json()) as {
    data: { name: string; phone: string; land_mark: string; city: string }[];
  };
  expect(list.data.find((a) => a.name === 'Khalid Rahman')).toMatchObject({
    phone: '0507654321',
    land_mark: 'Opposite the park',
    city: 'Dubai',
  });
  expect(seen.filter((url) => FIELD_IN_URL.test(url))).toEqual([]);
}

/** On the payment page, rendered whole by the server, Pay now before hydration goes to the test payment page. */
export async function payBeforeHydration(page: Page, mobile: boolean): Promise<void> {
  await page.goto('/cart/checkout-details');
  await press(page.getByTestId('pay-online'), mobile);
  await expect(page).toHaveURL(/\/checkout$/);
  const island = page.locator('astro-island[client="interact"]');
  // The order, its total and the button are on the page before any interaction.
  await expect(page.getByTestId('payment-item')).toHaveCount(1);
  await expect(page.getByTestId('hold-notice')).toBeVisible();
  const chunks = await holdIslandChunks(page, island);
  await press(page.getByTestId('pay-now'), mobile);
  await expect(island).toHaveAttribute('ssr', '');
  chunks.release();
  await expect(page).toHaveURL(/\/checkout\/test-payment\?payment_intent_client_secret=/);
}

/** The four journeys, declared once for the desktop spec and the phone spec (`touch`). */
export function checkoutBeforeHydrationTests(touch: boolean): void {
  test.describe.configure({ timeout: 120_000 });

  test('a click on Cash on delivery before hydration places one order', async ({
    signedInPage: page,
    address: _address,
    cartWithItems: _cart,
  }) => {
    await placeOrderBeforeHydration(page, touch);
  });

  test('the delivery form typed and saved before hydration saves what was typed', async ({ signedInPage: page, address: _address }) => {
    await deliveryFormBeforeHydration(page, touch);
  });

  test('the address form typed before hydration keeps its focus and caret, and saves', async ({ signedInPage: page }) => {
    await addressFormBeforeHydration(page, touch);
  });

  test('Pay now before the payment page hydrates goes to the payment', async ({
    signedInPage: page,
    address: _address,
    cartWithItems: _cart,
  }) => {
    await payBeforeHydration(page, touch);
  });
}
