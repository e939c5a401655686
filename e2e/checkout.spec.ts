// Checkout in the browser (docs/product.md#address-selection, #behaviour, #validation, #messages; docs/decisions/0020-orders-stock-and-payment.md): a guest cart carried into the
// account, the address form, a card payment through the test payment page (declined, then paid),
// cash on delivery, the delivery location form of a heavy cart, one order per submission.
import { test, type Page } from '@playwright/test';
import { headerBadge, toasts, waitForIslands } from './helpers';
import { PASSWORD, loginDialog, userMenuButton, expect } from './auth.helpers';
import { addAddressThroughApi, addToServerCart, signUpThroughApi } from './fixtures';

/** Seed products with plenty of stock, so parallel tests do not run out. */
const BOARD = { id: 121, name: 'BrightBoard Mini Dry-Wipe Board 45 x 60 cm MB-4560' };
const POUCHES = { id: 98, name: 'PaperTrail Laminating Pouches A4 125 Micron, Pack of 100 PCH-A4' };
const LAMINATOR = { id: 95, name: 'PaperTrail LamiPro A4 Laminator LP-A4' };

const ADDRESS = {
  name: 'Aisha Al Mansoori',
  phone: '0501234567',
  pincode: '12345',
  flat_building: 'Flat 1203, Marina Heights',
  address: 'Al Marsa Street',
  locality: 'Dubai Marina',
  land_mark: 'Near Marina Mall',
  city: 'Dubai',
  state: 'Dubai',
  address_type: 'Home',
};

interface OrderListJson {
  data: { total: number; data: { combined_order_id: number; payment_status: string; payment_type: string; delivery_status: string }[] };
}

const newAccount = (page: Page, name = 'Aisha Al Mansoori') => signUpThroughApi(page, name, 'checkout');
const addAddress = (page: Page, extra: Partial<typeof ADDRESS> = {}) => addAddressThroughApi(page, { ...ADDRESS, ...extra });

async function orders(page: Page): Promise<OrderListJson['data']> {
  const r = await page.request.get('/api/products/order-list');
  expect(r.status(), await r.text()).toBe(200);
  return ((await r.json()) as OrderListJson).data;
}

async function openCheckoutDetails(page: Page): Promise<void> {
  await page.goto('/cart/checkout-details');
  await waitForIslands(page);
}

/** The first vault door (category 15, over 100 kg each) that is still in stock. */
async function vaultDoorInStock(page: Page): Promise<{ id: number; name: string }> {
  const r = await page.request.get('/api/products/all-product-list', { params: { category_id: 15, limit: 50 } });
  const list = ((await r.json()) as { data: { data: { id: number; name: string; quantity: number }[] } }).data.data;
  const door = list.find((p) => p.quantity > 0);
  expect(door, 'a vault door in stock').toBeTruthy();
  return door!;
}

test.describe('checkout', () => {
  test.describe.configure({ timeout: 120_000 });

  test('the whole journey: guest cart, sign in, add an address, a declined card, then a paid one, the order in Your Orders', async ({
    page,
    context,
  }) => {
    const { email } = await newAccount(page);
    await context.clearCookies(); // a guest again, with an account to sign in to

    // A guest fills the cart.
    await page.goto(`/product/${BOARD.id}`);
    await waitForIslands(page);
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect(page.getByRole('link', { name: 'Go to cart' })).toBeVisible();
    await page.goto('/cart');
    await waitForIslands(page);
    await expect(page.getByTestId('cart-line')).toHaveCount(1);

    // Checking out asks to sign in; the guest cart goes to the account.
    await page.getByRole('button', { name: 'Continue to Checkout' }).click();
    const dialog = loginDialog(page);
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Password').fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Sign in' }).click();
    // Signed in, the shopper goes on where they were going (docs/decisions/0031-return-after-sign-in.md).
    await expect(page).toHaveURL(/\/cart\/checkout-details$/);
    await expect(userMenuButton(page)).toBeVisible();
    await waitForIslands(page);

    // The address screen: breadcrumb, steps, the summary, no address yet.
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toHaveText(/Home\s*\/\s*Cart\s*\/\s*Address/);
    await expect(page.getByTestId('checkout-steps').locator('[aria-current="step"]')).toContainText('Checkout details');
    const summary = page.getByTestId('checkout-summary');
    await expect(summary.getByTestId('summary-item')).toHaveCount(1);
    await expect(summary.getByTestId('summary-item')).toContainText(BOARD.name);
    await expect(page.getByTestId('no-address')).toBeVisible();
    await page.getByTestId('pay-online').click();
    await expect(page.getByTestId('checkout-error')).toHaveText('Please add a delivery address');

    // Add an address: every message on an empty submit, no letters where digits are asked.
    await page.getByRole('link', { name: 'Add New Address' }).click();
    await expect(page).toHaveURL(/\/cart\/save-address$/);
    await waitForIslands(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Add Address' })).toBeVisible();
    const form = page.getByTestId('address-form');
    await form.getByRole('button', { name: 'Add Address' }).click();
    for (const message of [
      'Name is required',
      'Phone Number is required',
      'Po Box is required',
      'Address is required',
      'City is required',
      'Emirates is required',
      'Flat number is required',
      'Locality is required',
      'Address type is required',
      'Landmark is required',
    ]) {
      await expect(form.getByText(message, { exact: true })).toBeVisible();
    }
    await expect(form.getByLabel('Full name')).toBeFocused();
    await form.getByLabel('Phone number').fill('050-12a3 4567');
    await expect(form.getByLabel('Phone number')).toHaveValue('050-123 4567');
    await form.getByLabel('PO Box').pressSequentially('12a3456');
    await expect(form.getByLabel('PO Box')).toHaveValue('12345');
    await expect(form.getByText('Phone Number is required')).toBeHidden();
    await form.getByLabel('Full name').fill(ADDRESS.name);
    await form.getByLabel('Phone number').fill(ADDRESS.phone);
    await form.getByLabel('Flat / Building').fill(ADDRESS.flat_building);
    await form.getByLabel('Address', { exact: true }).fill(ADDRESS.address);
    await form.getByLabel('Locality').fill(ADDRESS.locality);
    await form.getByLabel('Landmark').fill(ADDRESS.land_mark);
    await form.getByLabel('City').fill(ADDRESS.city);
    await form.getByLabel('Emirate').selectOption('Dubai');
    await form.getByText('Home', { exact: true }).click();
    await form.getByRole('button', { name: 'Add Address' }).click();
    await expect(page).toHaveURL(/\/cart\/checkout-details$/);
    await expect(toasts(page)).toContainText('Address saved successfully');
    await waitForIslands(page);
    const card = page.getByTestId('address-card');
    await expect(card).toHaveCount(1);
    await expect(card).toContainText(ADDRESS.name);
    await expect(card).toContainText('Home');
    await expect(card).toContainText(
      'Flat 1203, Marina Heights, Al Marsa Street, Dubai Marina, Near Marina Mall, Dubai, Dubai, PO Box 12345',
    );
    await expect(card.getByTestId('address-phone')).toHaveText('050 123 4567');
    await expect(card.getByRole('radio')).toBeChecked();

    // Pay online: the order and its client secret are stored; /checkout shows the order.
    const total = (await summary.getByTestId('summary-total').textContent())!.trim();
    await page.getByTestId('pay-online').click();
    await expect(page).toHaveURL(/\/checkout$/);
    await waitForIslands(page);
    await expect(page.getByRole('heading', { level: 1, name: "Let's Complete Checkout" })).toBeVisible();
    await expect(page.getByTestId('payment-item')).toHaveCount(1);
    await expect(page.getByTestId('payment-item')).toContainText(BOARD.name);
    await expect(page.getByTestId('payment-total')).toHaveText(total);
    const stored = await page.evaluate(() => ({
      order: localStorage.getItem('py_id'),
      secret: sessionStorage.getItem('payment_client_secret'),
    }));
    expect(stored.order).toMatch(/^\d+$/);
    expect(stored.secret).toContain('_secret_');

    // A declined card: the order stays unpaid and the cart is kept.
    await page.getByRole('button', { name: `Pay now ${total}` }).click();
    await expect(page).toHaveURL(/\/checkout\/test-payment\?/);
    await page.getByRole('button', { name: 'Decline the card' }).click();
    await expect(page.getByText('Your card was declined')).toBeVisible();
    let list = await orders(page);
    expect(list.total).toBe(1);
    expect(list.data[0]!.payment_status).toBe('unpaid');
    await page.goto('/cart');
    await waitForIslands(page);
    await expect(page.getByTestId('cart-line')).toHaveCount(1);

    // Again, and this time the card goes through: the same order, now paid.
    await page.getByRole('link', { name: 'Continue to Checkout' }).click();
    await waitForIslands(page);
    await page.getByTestId('pay-online').click();
    await expect(page).toHaveURL(/\/checkout$/);
    await waitForIslands(page);
    await page.getByRole('button', { name: `Pay now ${total}` }).click();
    await page.getByRole('button', { name: 'Pay successfully' }).click();
    await expect(page).toHaveURL(/\/checkout\/payment\/success\?payment_intent=/);
    await expect(page.getByRole('heading', { level: 1, name: 'Order Placed Successfully' })).toBeVisible();
    await expect(page.getByTestId('success-total')).toHaveText(total);
    await expect(page.getByTestId('checkout-steps').locator('[aria-current="step"]')).toContainText('Order complete');
    await expect(headerBadge(page, 'cart')).toBeHidden();
    await expect
      .poll(() =>
        page.evaluate(() => [
          localStorage.getItem('py_id'),
          sessionStorage.getItem('payment_client_secret'),
          JSON.parse(localStorage.getItem('cart-storage') ?? '[]').length,
        ]),
      )
      .toEqual([null, null, 0]);
    list = await orders(page);
    expect(list.total).toBe(1);
    expect(list.data[0]!.payment_status).toBe('paid');
    const orderId = list.data[0]!.combined_order_id;

    // The order in Your Orders: search and status filter, then its detail.
    await page.getByRole('link', { name: 'Go to Your Orders' }).click();
    await expect(page).toHaveURL(/\/orders$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Your Orders' })).toBeVisible();
    const orderCard = page.getByTestId('order-card');
    await expect(orderCard).toHaveCount(1);
    await expect(orderCard).toContainText(`Order #${orderId}`);
    await expect(orderCard.getByTestId('order-status')).toHaveText('Delivery Pending');
    await expect(orderCard.getByTestId('order-total')).toContainText(total);
    await page.getByRole('link', { name: 'Delivered', exact: true }).click();
    await expect(page).toHaveURL(/filter=delivered/);
    await expect(page.getByText('No orders found')).toBeVisible();
    await page.getByRole('link', { name: 'All orders', exact: true }).click();
    await expect(orderCard).toHaveCount(1);
    await page.getByLabel('Search orders').fill('Dry-Wipe');
    await page.getByLabel('Search orders').press('Enter');
    await expect(page).toHaveURL(/search=Dry-Wipe/);
    await expect(orderCard).toHaveCount(1);
    await page.getByLabel('Search orders').fill('shredder');
    await page.getByLabel('Search orders').press('Enter');
    await expect(page.getByText('No orders found')).toBeVisible();

    await page.goto('/orders');
    await orderCard.getByRole('link', { name: `Order #${orderId}` }).click();
    await expect(page).toHaveURL(new RegExp(`/order/${orderId}$`));
    await expect(page.getByRole('heading', { level: 1, name: `Order Detail - #${orderId}` })).toBeVisible();
    await expect(page.getByTestId('detail-address')).toContainText(ADDRESS.name);
    await expect(page.getByTestId('detail-address-type')).toHaveText('Home');
    await expect(page.getByTestId('detail-phone')).toHaveText('050 123 4567');
    await expect(page.getByTestId('detail-status')).toHaveText('Delivery Pending');
    await expect(page.getByTestId('detail-expected')).toHaveText(/\d{1,2} \w{3} \d{4}/);
    await expect(page.getByTestId('detail-product')).toContainText(BOARD.name);
    await expect(page.getByTestId('detail-total')).toHaveText(total);
    await expect(page.getByTestId('detail-payment-type')).toHaveText('Card (online)');
    await expect(page.getByTestId('detail-payment-status')).toHaveText('Paid');
    await expect(page.getByTestId('detail-delivery')).toHaveCount(0);
  });

  test('cash on delivery: the cart offers it once a default address exists; the cart and coupon are emptied after', async ({ page }) => {
    await newAccount(page, 'Khalid Al Nuaimi');
    await addToServerCart(page, POUCHES.id, 2);
    await page.goto('/cart');
    await waitForIslands(page);
    await expect(page.getByTestId('cart-line')).toHaveCount(1);
    await expect(page.getByTestId('cash-on-delivery')).toHaveCount(0);

    await addAddress(page, { name: 'Khalid Al Nuaimi', address_type: 'Work', state: 'Sharjah', city: 'Sharjah' });
    await page.reload();
    await waitForIslands(page);
    await page.getByTestId('cash-on-delivery').click();
    await expect(page).toHaveURL(/\/cart\/checkout-details\?payment=cash_on_delivery$/);
    await waitForIslands(page);
    await expect(page.getByTestId('address-card')).toContainText('Work');
    // A coupon applied here prices the order: the server's totals follow it.
    const before = (await page.getByTestId('summary-total').textContent())!.trim();
    await page.getByLabel('Coupon code').fill('WELCOME5');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByRole('button', { name: 'Applied' })).toBeVisible();
    await expect(page.getByTestId('summary-discount')).toContainText('−');
    await expect(page.getByTestId('summary-total')).not.toHaveText(before);
    const total = (await page.getByTestId('summary-total').textContent())!.trim();
    await page.getByTestId('pay-cash').click();
    await expect(page).toHaveURL(/\/checkout\/payment\/success\?order=\d+&method=cod$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Order Placed Successfully' })).toBeVisible();
    await expect(page.getByTestId('order-result')).toContainText('Cash on delivery');
    await expect(page.getByTestId('success-total')).toHaveText(total);
    await expect
      .poll(() => page.evaluate(() => [JSON.parse(localStorage.getItem('cart-storage') ?? '[]').length, localStorage.getItem('coupon')]))
      .toEqual([0, null]);
    await expect(headerBadge(page, 'cart')).toBeHidden();

    const list = await orders(page);
    expect(list.total).toBe(1);
    expect(list.data[0]).toMatchObject({ payment_type: 'cash_on_delivery', payment_status: 'unpaid', delivery_status: 'pending' });
    await page.getByRole('link', { name: 'View order details' }).click();
    await expect(page.getByTestId('detail-payment-type')).toHaveText('Cash on delivery');
    await expect(page.getByTestId('detail-payment-status')).toHaveText('Unpaid');
    await expect(page.getByTestId('detail-discount')).toContainText('−');
    await expect(page.getByTestId('detail-summary')).toContainText('WELCOME5');
    await expect(page.getByTestId('detail-total')).toHaveText(total);
    await page.goto('/cart');
    await waitForIslands(page);
    await expect(page.getByTestId('cart-empty')).toBeVisible();
  });

  test('addresses: the default first, a radio makes another the default, edit keeps the values, remove', async ({ page }) => {
    await newAccount(page, 'Fatima Rahman');
    await addToServerCart(page, LAMINATOR.id);
    await addAddress(page, { name: 'Fatima Home' });
    await addAddress(page, { name: 'Fatima Office', address_type: 'Work', phone: '0559876543' });
    await openCheckoutDetails(page);
    const cards = page.getByTestId('address-card');
    await expect(cards).toHaveCount(2);
    // The first address became the default; it is listed first.
    await expect(cards.first()).toContainText('Fatima Home');
    await expect(page.getByRole('radio', { name: /Fatima Home/ })).toBeChecked();
    await page.getByRole('radio', { name: /Fatima Office/ }).check();
    await expect(page.getByRole('radio', { name: /Fatima Office/ })).toBeChecked();
    await expect(page.getByRole('radio', { name: /Fatima Home/ })).not.toBeChecked();
    await expect(cards.first()).toContainText('Fatima Office');
    await page.reload();
    await waitForIslands(page);
    await expect(page.getByRole('radio', { name: /Fatima Office/ })).toBeChecked();
    await expect(page.getByRole('radio', { checked: true })).toHaveCount(1);

    // Edit: the form is filled in; Save changes it; Cancel goes back.
    await page.getByRole('link', { name: 'Edit the address of Fatima Home' }).click();
    await expect(page).toHaveURL(/\/cart\/save-address\/\d+$/);
    await waitForIslands(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Edit Address' })).toBeVisible();
    const form = page.getByTestId('address-form');
    await expect(form.getByLabel('Full name')).toHaveValue('Fatima Home');
    await expect(form.getByLabel('Emirate')).toHaveValue('Dubai');
    await expect(form.getByRole('radio', { name: 'Home' })).toBeChecked();
    await form.getByLabel('Locality').fill('Jumeirah Lake Towers');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL(/\/cart\/checkout-details$/);
    await waitForIslands(page);
    await expect(page.getByTestId('address-card').filter({ hasText: 'Fatima Home' })).toContainText('Jumeirah Lake Towers');
    await page.getByRole('link', { name: 'Edit the address of Fatima Home' }).click();
    await waitForIslands(page);
    await page.getByRole('link', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(/\/cart\/checkout-details$/);
    await waitForIslands(page);

    // Remove the default: the other one becomes the default.
    await page.getByRole('button', { name: 'Remove the address of Fatima Office' }).click();
    await expect(cards).toHaveCount(1);
    await expect(page.getByRole('radio', { name: /Fatima Home/ })).toBeChecked();

    // Somebody else's address, or no such address, is not there to edit.
    expect((await page.goto('/cart/save-address/999999'))?.status()).toBe(404);
  });

  test('a heavy cart needs the delivery location details before paying', async ({ page }) => {
    await page.clock.install();
    await newAccount(page, 'Omar Haddad');
    const door = await vaultDoorInStock(page);
    await addToServerCart(page, door.id);
    await addAddress(page, { name: 'Omar Haddad' });
    await openCheckoutDetails(page);
    const form = page.getByTestId('delivery-form');
    await expect(form.getByRole('heading', { name: 'Delivery location details' })).toBeVisible();
    await expect(form).toContainText('Delivery will be scheduled only according to vehicle availability.');

    // Paying without them: a notification that stays until it is closed.
    await page.getByTestId('pay-online').click();
    const notice = page.getByTestId('persistent-notice');
    await expect(notice).toHaveRole('alert');
    await expect(notice).toContainText('Please Fill Delivery Location Details');
    await page.clock.runFor(3_000);
    await expect(notice).toBeVisible();
    await notice.getByRole('button', { name: 'Close' }).click();
    await expect(notice).toBeHidden();
    await page.getByTestId('pay-cash').click();
    await expect(notice).toBeVisible();
    await notice.getByRole('button', { name: 'Close' }).click();
    expect((await orders(page)).total).toBe(0);

    // The form: its messages, digits only, floors only without a lift, no past date.
    await form.getByRole('button', { name: 'Save delivery details' }).click();
    for (const message of [
      'Contact name is required',
      'Contact number must be 10 digits',
      'Date of delivery is required',
      'Available timing is required',
    ]) {
      await expect(form.getByText(message, { exact: true })).toBeVisible();
    }
    const floors = form.getByLabel('Number of floors to carry up');
    await expect(floors).toHaveCount(0);
    await form.getByRole('group', { name: 'Is a lift available?' }).getByText('No', { exact: true }).click();
    await expect(floors).toBeVisible();
    await floors.pressSequentially('x0');
    await expect(floors).toHaveValue('0');
    await form.getByRole('group', { name: 'Is a lift available?' }).getByText('Yes', { exact: true }).click();
    await expect(floors).toHaveCount(0);
    await form.getByRole('group', { name: 'Is a lift available?' }).getByText('No', { exact: true }).click();
    await form.getByLabel('Contact name').fill('Omar Haddad');
    await form.getByLabel('Contact number').pressSequentially('+971 5a0-123 4567');
    await expect(form.getByLabel('Contact number')).toHaveValue('+971 50-123 4567');
    await form.getByLabel('Date of delivery').fill('01/01/2000');
    await form.getByLabel('Available timing').selectOption('9:00 AM - 12:00 PM');
    await form.getByRole('group', { name: 'Is a building pass required?' }).getByText('Yes', { exact: true }).click();
    await form.getByLabel('Number of floors to carry up').fill('0');
    await form.getByRole('button', { name: 'Save delivery details' }).click();
    await expect(form.getByText('Date of delivery cannot be in the past')).toBeVisible();
    await expect(form.getByText('No of floors should be positive')).toBeVisible();
    const inAWeek = new Date(Date.now() + 7 * 86_400_000);
    const date = `${String(inAWeek.getDate()).padStart(2, '0')}/${String(inAWeek.getMonth() + 1).padStart(2, '0')}/${inAWeek.getFullYear()}`;
    await form.getByLabel('Date of delivery').fill(date);
    await form.getByLabel('Number of floors to carry up').fill('4');
    await form.getByRole('button', { name: 'Save delivery details' }).click();
    await expect(toasts(page)).toContainText('Thanks for adding details');
    await expect(form).toBeHidden();
    await expect(page.getByTestId('delivery-details')).toContainText('Omar Haddad, 050 123 4567');
    await expect(page.getByTestId('delivery-details')).toContainText('No lift, 4 floors');

    // Now paying works, and the order keeps the details.
    await page.getByTestId('pay-online').click();
    await expect(page).toHaveURL(/\/checkout$/);
    await waitForIslands(page);
    await page.getByTestId('pay-now').click();
    await page.getByRole('button', { name: 'Pay successfully' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Order Placed Successfully' })).toBeVisible();
    await page.getByRole('link', { name: 'View order details' }).click();
    const details = page.getByTestId('detail-delivery');
    await expect(details).toContainText('Omar Haddad, 050 123 4567');
    await expect(details).toContainText('9:00 AM - 12:00 PM');
    await expect(details).toContainText('No (Number of floors: 4)');
    await expect(page.getByTestId('detail-product')).toContainText(door.name);
  });

  test('a double click on Pay online makes one order, and paying again for the same cart resumes it', async ({ page }) => {
    await newAccount(page, 'Layla Hassan');
    await addToServerCart(page, BOARD.id);
    await addAddress(page, { name: 'Layla Hassan' });
    await openCheckoutDetails(page);
    await page.getByTestId('pay-online').dblclick();
    await expect(page).toHaveURL(/\/checkout$/);
    await waitForIslands(page);
    await expect(page.getByTestId('payment-item')).toHaveCount(1);
    let list = await orders(page);
    expect(list.total).toBe(1);
    const first = list.data[0]!.combined_order_id;

    // Back and Pay online again with the same cart: the same attempt, the same order.
    await page.goBack();
    await expect(page).toHaveURL(/\/cart\/checkout-details$/);
    await waitForIslands(page);
    await page.getByTestId('pay-online').click();
    await expect(page).toHaveURL(/\/checkout$/);
    list = await orders(page);
    expect(list.total).toBe(1);
    expect(await page.evaluate(() => localStorage.getItem('py_id'))).toBe(String(first));

    // Two requests at once with another key (two tabs, a retried request): the one order awaiting
    // payment is resumed, never a second one holding the same stock.
    const body = {
      address_id: (await (await page.request.get('/api/products/address-list')).json()).data[0].id,
      idempotency_key: 'same-key-twice-0001',
    };
    const [a, b] = await Promise.all([
      page.request.post('/api/products/place-order', { data: body }),
      page.request.post('/api/products/place-order', { data: body }),
    ]);
    expect(a.status()).toBe(201);
    expect(b.status()).toBe(201);
    expect(((await a.json()) as { data: { order_id: number } }).data.order_id).toBe(first);
    expect(((await b.json()) as { data: { order_id: number } }).data.order_id).toBe(first);
    expect((await orders(page)).total).toBe(1);
  });

  test('signed-out visitors of the checkout pages go to the sign-in dialog; /checkout without a stored payment goes to the cart', async ({
    page,
  }) => {
    for (const path of [
      '/cart/checkout-details',
      '/cart/choose-address',
      '/cart/save-address',
      '/checkout',
      '/checkout/payment/success?payment_intent=pi_x',
      '/orders',
      '/order/1',
    ]) {
      await page.goto(path);
      await expect(page, path).toHaveURL('/');
      await expect(loginDialog(page), path).toBeVisible();
    }
    await newAccount(page, 'Sara Karim');
    await page.goto('/cart/choose-address');
    await expect(page).toHaveURL(/\/cart\/choose-address$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Checkout details' })).toBeVisible();
    await page.goto('/checkout');
    await expect(page).toHaveURL(/\/cart$/);
    // A payment the shopper does not have is not confirmed.
    await page.goto('/checkout/payment/success?payment_intent=pi_test_nothing&redirect_status=succeeded');
    await expect(page.getByTestId('order-result')).toHaveAttribute('data-result', 'missing');
    await expect(page.getByRole('heading', { name: 'Order Placed Successfully' })).toHaveCount(0);
  });
});
