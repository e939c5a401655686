// The checkout endpoints through /api, as the shop's clients call them, each typed by its endpoint
// of the contract (src/domain/api/addresses.ts, checkout.ts, orders.ts): addresses, the delivery
// location form, online and cash orders, payment confirmation, the order list and order details.
// Without Stripe keys the routes use the built-in test payment provider.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import type { BodyInput, Endpoint, QueryInput } from '@/domain/api/endpoint';
import { addressesApi } from '@/domain/api/addresses';
import { checkoutApi } from '@/domain/api/checkout';
import { ordersApi } from '@/domain/api/orders';
import { cartApi } from '@/domain/api/cart';
import type { Db } from '@/server/db/client';
import { products } from '@/server/db/schema/catalog';
import { addresses, deliveryForms } from '@/server/db/schema/shopping';
import { orderLines, orders } from '@/server/db/schema/orders';
import { checkoutMessages as t } from '@/domain/messages/checkout';
import { cartMessages } from '@/domain/messages/cart';
import { ordersTexts } from '@/domain/messages/orders';
import { CART_MAX_QUANTITY, CART_MAX_UNITS } from '@/domain/cart-rules';
import { ORDER_HOLD_MINUTES, type ORDER_FILTERS } from '@/domain/checkout';
import { cartTotals } from '@/domain/pricing';
import { filsToAed } from '@/domain/money';
import { couponTerms } from '@/server/coupons/coupon.service';
import { placeOrder } from '@/server/orders/order.service';
import { settleTestIntent } from '@/server/payments/test.provider';
import { freshDatabase, type TestDatabase } from '../../../tests/db';
import { recordingMailer } from '../../../tests/accounts';
import { expectFieldError, expectStatus, type EndpointAnswer, type EndpointCall } from '../../../tests/api';
import { insertProduct, type ProductRow } from '../../../tests/factories';
import { insertCoupon, signedInCustomer, type Customer } from '../../../tests/shopping';
import {
  addressForm,
  callCheckout,
  cartOfUser,
  deliveryFormFields,
  orderDeps,
  putInCart,
  sentBody,
  sentQuery,
  shopper,
  stockOf,
  type Shopper,
} from '../../../tests/checkout';

// This file exercises the test payment provider: no Stripe configuration may leak in.
for (const key of ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_API_URL']) delete process.env[key];

let handle: TestDatabase;
let db: Db;
const mailer = recordingMailer();
const call = <E extends Endpoint>(endpoint: E, options: EndpointCall<E> = {}) => callCheckout(db, mailer, endpoint, options);

/** What every answer carries, whatever its endpoint. */
type AnyAnswer = Pick<EndpointAnswer<Endpoint>, 'status' | 'success' | 'message' | 'fields' | 'text'>;

const ADDRESS_FIELDS = [
  'id',
  'name',
  'phone',
  'pincode',
  'flat_building',
  'address',
  'city',
  'state',
  'locality',
  'land_mark',
  'address_type',
  'is_default_address',
];
const ORDER_FIELDS = ['combined_order_id', 'grand_total', 'delivery_status', 'expect_date', 'orderdetails'];
const DETAIL_FIELDS = [
  'addresses',
  'shipping_address',
  'delivery_status',
  'expect_date',
  'products',
  'sub_total',
  'discount_amount',
  'tax_amount',
  'grand_total',
  'weight_form_details',
];

beforeAll(async () => {
  handle = await freshDatabase();
  db = handle.db;
});
afterAll(async () => {
  await handle.dispose();
});

async function addressRows(userId: number) {
  return db.select().from(addresses).where(eq(addresses.userId, userId));
}

async function ordersOf(userId: number) {
  return db.select().from(orders).where(eq(orders.userId, userId));
}

type OrderPayload = BodyInput<typeof checkoutApi.placeOrder>;
const orderPayload = (s: Shopper, extra: Partial<OrderPayload> = {}): OrderPayload => ({
  customer_id: s.user.id,
  address_id: s.address.id,
  ...extra,
});

describe('addresses', () => {
  it('add-address (multipart): 201 with the address fields; the first becomes the default', async () => {
    const me = await signedInCustomer(db);
    const form = addressForm({
      name: 'Aisha Khan',
      phone: '0501234567',
      pincode: '12345',
      state: 'Sharjah',
      city: 'Sharjah',
      address_type: 'Work',
      is_default_address: '0',
    });
    const r = await call(addressesApi.add, { as: me, body: { ...form, customer_id: me.user.id }, encoding: 'multipart' });
    expectStatus(r, 201);
    expect(r.message).toBe(t.addressSaved);
    expect(Object.keys(r.data).sort()).toEqual([...ADDRESS_FIELDS].sort());
    expect(r.data).toMatchObject({
      name: 'Aisha Khan',
      phone: '0501234567',
      pincode: '12345',
      flat_building: form.flat_building,
      address: form.address,
      city: 'Sharjah',
      state: 'Sharjah',
      locality: form.locality,
      land_mark: form.land_mark,
      address_type: 'Work',
      is_default_address: 1,
    });
    const rows = await addressRows(me.user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.id).toBe(r.data.id);
  });

  it('add-address accepts a URL-encoded form and JSON too', async () => {
    const me = await signedInCustomer(db);
    expectStatus(await call(addressesApi.add, { as: me, body: addressForm(), encoding: 'form' }), 201);
    expectStatus(await call(addressesApi.add, { as: me, body: { ...addressForm(), is_default_address: 1 } }), 201);
    expect(await addressRows(me.user.id)).toHaveLength(2);
  });

  it('add-address with bad input: 422 naming each field with the spec messages', async () => {
    const me = await signedInCustomer(db);
    const add = (body: unknown, encoding: 'form' | 'multipart' = 'form') =>
      call(addressesApi.add, { as: me, body: sentBody(addressesApi.add, body), encoding });
    const empty = await add({ customer_id: me.user.id }, 'multipart');
    expectFieldError(empty, 'name', 'Name is required');
    for (const [field, message] of [
      ['phone', 'Phone Number is required'],
      ['pincode', 'Po Box is required'],
      ['address', 'Address is required'],
      ['city', 'City is required'],
      ['state', 'Emirates is required'],
      ['flat_building', 'Flat number is required'],
      ['locality', 'Locality is required'],
      ['address_type', 'Address type is required'],
      ['land_mark', 'Landmark is required'],
    ]) {
      expect((empty.fields[field!] as string[] | undefined)?.[0], field).toBe(message);
    }
    expectFieldError(await add(addressForm({ phone: '050123456789' })), 'phone');
    expectFieldError(await add(addressForm({ phone: '05012abc' })), 'phone');
    expectFieldError(await add(addressForm({ pincode: '123456' })), 'pincode');
    expectFieldError(await add({ ...addressForm(), state: 'Riyadh' }), 'state', 'Emirates is required');
    expect(await addressRows(me.user.id)).toEqual([]);
  });

  it('address-list: the default first; get-address: one of mine', async () => {
    const me = await shopper(db);
    const second = await call(addressesApi.add, {
      as: me,
      body: addressForm({ name: 'Second', is_default_address: '1' }),
      encoding: 'form',
    });
    const third = await call(addressesApi.add, { as: me, body: addressForm({ name: 'Third' }), encoding: 'form' });
    const list = await call(addressesApi.list, { as: me, query: { customer_id: me.user.id } });
    expectStatus(list, 200);
    expect(list.data.map((a) => a.id)[0]).toBe(second.data.id);
    expect(list.data.map((a) => a.is_default_address)).toEqual([1, 0, 0]);
    for (const a of list.data) expect(Object.keys(a).sort()).toEqual([...ADDRESS_FIELDS].sort());

    const one = await call(addressesApi.get, { as: me, query: { address_id: third.data.id, customer_id: me.user.id } });
    expectStatus(one, 200);
    expect(one.data).toMatchObject({ id: third.data.id, name: 'Third', is_default_address: 0 });
  });

  it('update-address: fields change; unticking the only default keeps it', async () => {
    const me = await shopper(db);
    const r = await call(addressesApi.update, {
      as: me,
      body: {
        ...addressForm({ name: 'Renamed', city: 'Ajman', state: 'Ajman', is_default_address: '0' }),
        address_id: me.address.id,
        customer_id: me.user.id,
      },
      encoding: 'form',
    });
    expectStatus(r, 200);
    expect(r.message).toBe(t.addressUpdated);
    expect(r.data).toMatchObject({ id: me.address.id, name: 'Renamed', city: 'Ajman', state: 'Ajman', is_default_address: 1 });
    expectFieldError(
      await call(addressesApi.update, {
        as: me,
        body: { ...addressForm({ pincode: 'abc' }), address_id: me.address.id },
        encoding: 'form',
      }),
      'pincode',
    );
    expectFieldError(
      await call(addressesApi.update, { as: me, body: sentBody(addressesApi.update, addressForm()), encoding: 'form' }),
      'address_id',
    );
  });

  it('change-default-address and delete-address keep exactly one default and answer the list', async () => {
    const me = await shopper(db);
    const b = (await call(addressesApi.add, { as: me, body: addressForm({ name: 'B' }), encoding: 'form' })).data.id;
    const c = (await call(addressesApi.add, { as: me, body: addressForm({ name: 'C' }), encoding: 'form' })).data.id;

    // The shop's first clients also send is_default_address, which the endpoint ignores.
    const changed = await call(addressesApi.makeDefault, {
      as: me,
      body: sentBody(addressesApi.makeDefault, { customer_id: me.user.id, address_id: b, is_default_address: 1 }),
      encoding: 'form',
    });
    expectStatus(changed, 200);
    expect(changed.message).toBe(t.defaultChanged);
    expect(changed.data.filter((a) => a.is_default_address === 1).map((a) => a.id)).toEqual([b]);
    expect(changed.data[0]!.id).toBe(b);

    const removed = await call(addressesApi.remove, { as: me, body: { customer_id: me.user.id, address_id: b }, encoding: 'form' });
    expectStatus(removed, 200);
    expect(removed.message).toBe(t.addressRemoved);
    expect(removed.data.map((a) => a.id).sort()).toEqual([me.address.id, c].sort());
    // The newest remaining address took over.
    expect(removed.data.filter((a) => a.is_default_address === 1).map((a) => a.id)).toEqual([c]);
    expectFieldError(await call(addressesApi.remove, { as: me, body: { address_id: 'abc' }, encoding: 'form' }), 'address_id');
  });

  it("another customer's address: 404 on get, update, delete and change-default, and nothing changes", async () => {
    const owner = await shopper(db, { name: 'Owner Name' });
    const intruder = await shopper(db);
    const id = owner.address.id;
    const before = await addressRows(owner.user.id);
    const get = await call(addressesApi.get, { as: intruder, query: { address_id: id } });
    expectStatus(get, 404);
    expect(get.text).not.toContain('Owner Name');
    expectStatus(
      await call(addressesApi.update, {
        as: intruder,
        body: { ...addressForm({ name: 'Hijack', is_default_address: '1' }), address_id: id },
        encoding: 'form',
      }),
      404,
    );
    expectStatus(
      await call(addressesApi.makeDefault, {
        as: intruder,
        body: sentBody(addressesApi.makeDefault, { address_id: id, is_default_address: 1 }),
        encoding: 'form',
      }),
      404,
    );
    expectStatus(await call(addressesApi.remove, { as: intruder, body: { address_id: id }, encoding: 'form' }), 404);
    expect(await addressRows(owner.user.id)).toEqual(before);
    const mine = await call(addressesApi.list, { as: intruder });
    expect(mine.data.map((a) => a.id)).toEqual([intruder.address.id]);
  });
});

describe('delivery location form (weight-form)', () => {
  const sendForm = (me: Customer, body: BodyInput<typeof checkoutApi.deliveryForm>) =>
    call(checkoutApi.deliveryForm, { as: me, body, encoding: 'multipart' });

  it('saves the form: data.data.id and "Thanks for adding details"', async () => {
    const me = await signedInCustomer(db);
    const r = await sendForm(me, { ...deliveryFormFields({ contact_name: 'Site Manager' }), customer_id: me.user.id });
    expectStatus(r, 200);
    expect(r.message).toBe(t.deliveryDetailsThanks);
    expect(r.data.data.id).toBeTypeOf('number');
    const [row] = await db.select().from(deliveryForms).where(eq(deliveryForms.id, r.data.data.id));
    expect(row).toMatchObject({
      userId: me.user.id,
      contactName: 'Site Manager',
      contactNumber: '0501234567',
      liftAvailable: 'No',
      noOfFloors: 3,
      passRequired: 'Yes',
    });
  });

  it('bad input: 422 with the spec messages', async () => {
    const me = await signedInCustomer(db);
    expectFieldError(await sendForm(me, deliveryFormFields({ contact_name: '' })), 'contact_name', 'Contact name is required');
    expectFieldError(
      await sendForm(me, deliveryFormFields({ contact_number: '12345' })),
      'contact_number',
      'Contact number must be 10 digits',
    );
    expectFieldError(
      await sendForm(me, deliveryFormFields({ lift_available: 'No', no_of_floors: '0' })),
      'no_of_floors',
      'No of floors should be positive',
    );
    expectStatus(await sendForm(me, deliveryFormFields({ lift_available: 'Yes', no_of_floors: '' })), 200);
    expect(await db.select().from(deliveryForms).where(eq(deliveryForms.userId, me.user.id))).toHaveLength(1);
  });
});

describe('placing orders through /api', () => {
  let lock: ProductRow;
  let shredder: ProductRow;
  beforeAll(async () => {
    lock = await insertProduct(db, { name: 'Keypad Lock', unitPrice: 1_050_00, discount: 10, quantity: 1_000, weightKg: 2 });
    shredder = await insertProduct(db, { name: 'Cross-cut Shredder', unitPrice: 210_00, quantity: 1_000, weightKg: 12 });
  });

  it('tampered totals and prices in the payload change nothing (cash-delivery)', async () => {
    const s = await shopper(db);
    const coupon = await insertCoupon(db, { discountType: 'percent', discount: 10, maxDiscount: 100_00 });
    await putInCart(db, s.user.id, lock.id, 2);
    await putInCart(db, s.user.id, shredder.id, 1);
    const stockBefore = await stockOf(db, lock.id);
    const r = await call(checkoutApi.cashOnDelivery, {
      as: s,
      body: orderPayload(s, {
        payment_type: 'cash_on_delivery',
        coupon: coupon.code,
        sub_total: 0.01,
        discount_amount: 99_999,
        tax_amount: 0,
        grand_total: 0.01,
        shipping_address: 'Somewhere else entirely',
        product_array: [
          { product_id: lock.id, price: 0.01, discount: 100, quantity: 50 },
          { product_id: shredder.id, price: -5, discount: 0, quantity: 1 },
        ],
      }),
    });
    expectStatus(r, 201);
    expect(r.message).toBe(t.orderPlaced);
    const expected = cartTotals(
      [
        { unitPrice: lock.unitPrice, discount: lock.discount, quantity: 2 },
        { unitPrice: shredder.unitPrice, discount: shredder.discount, quantity: 1 },
      ],
      couponTerms(coupon),
      new Date(),
    );
    const [order] = await ordersOf(s.user.id);
    expect(order).toMatchObject({
      id: r.data.order_id,
      subTotal: expected.subtotal,
      discountAmount: expected.discount,
      taxAmount: expected.vat,
      grandTotal: expected.grandTotal,
    });
    expect(r.data.grand_total).toBe(filsToAed(expected.grandTotal));
    expect(order!.shippingAddress).toMatchObject({ flat_building: s.address.flatBuilding, city: s.address.city });
    const lines = await db.select().from(orderLines).where(eq(orderLines.orderId, order!.id));
    expect(Object.fromEntries(lines.map((l) => [l.productId, [l.quantity, l.unitPrice, l.discount]]))).toEqual({
      [lock.id]: [2, 1_050_00, 10],
      [shredder.id]: [1, 210_00, 0],
    });
    expect(await stockOf(db, lock.id)).toEqual({ quantity: stockBefore.quantity - 2, unitsSold: stockBefore.unitsSold + 2 });
    expect(await cartOfUser(db, s.user.id)).toEqual({});
    expect(mailer.to(s.user.email)).toHaveLength(1);
  });

  it('place-order (online): data.order_id and data.client_secret; an intent for the server total; tampered amounts ignored', async () => {
    const s = await shopper(db);
    await putInCart(db, s.user.id, shredder.id, 3);
    const r = await call(checkoutApi.placeOrder, {
      as: s,
      body: orderPayload(s, {
        payment_type: 'online',
        sub_total: 1,
        grand_total: 1,
        tax_amount: 0,
        product_array: [{ product_id: shredder.id, price: 1, quantity: 3 }],
      }),
    });
    expectStatus(r, 201);
    expect(r.data.order_id).toBeTypeOf('number');
    expect(r.data.client_secret).toMatch(/^pi_test_\w+_secret_\w+$/);
    const [order] = await ordersOf(s.user.id);
    expect(order!.grandTotal).toBe(630_00);
    expect(r.data.grand_total).toBe(630);
    expect(order!.paymentType).toBe('online');
    // The cart stays until the payment succeeds.
    expect(await cartOfUser(db, s.user.id)).toEqual({ [shredder.id]: 3 });
  });

  it('the same submission twice (same idempotency_key): one order, the same order id', async () => {
    const s = await shopper(db);
    await putInCart(db, s.user.id, lock.id, 1);
    const body = orderPayload(s, { idempotency_key: 'double-click-0001' });
    const first = await call(checkoutApi.placeOrder, { as: s, body });
    const second = await call(checkoutApi.placeOrder, { as: s, body });
    expectStatus(first, 201);
    expectStatus(second, 201);
    expect(second.data.order_id).toBe(first.data.order_id);
    expect(second.data.client_secret).toBe(first.data.client_secret);
    expect(await ordersOf(s.user.id)).toHaveLength(1);

    const c = await shopper(db);
    await putInCart(db, c.user.id, lock.id, 1);
    const cashBody = orderPayload(c, { idempotency_key: 'double-click-cash-1' });
    const [a, b] = await Promise.all([
      call(checkoutApi.cashOnDelivery, { as: c, body: cashBody }),
      call(checkoutApi.cashOnDelivery, { as: c, body: cashBody }),
    ]);
    expectStatus(a, 201);
    expectStatus(b, 201);
    expect(a.data.order_id).toBe(b.data.order_id);
    expect(await ordersOf(c.user.id)).toHaveLength(1);
  });

  it('no address, or another customer\'s: 422 "Please add a delivery address"', async () => {
    const s = await shopper(db);
    const other = await shopper(db);
    await putInCart(db, s.user.id, lock.id, 1);
    for (const endpoint of [checkoutApi.placeOrder, checkoutApi.cashOnDelivery]) {
      const missing = await call(endpoint, { as: s, body: sentBody(endpoint, { customer_id: s.user.id }) });
      expectFieldError(missing, 'address_id', t.addDeliveryAddress);
      const theirs = await call(endpoint, { as: s, body: { address_id: other.address.id } });
      expectStatus(theirs, 422);
      expect(theirs.message).toBe(t.addDeliveryAddress);
    }
    expect(await ordersOf(s.user.id)).toEqual([]);
  });

  it('an empty cart: 422; an expired coupon: 422 and nothing taken', async () => {
    const s = await shopper(db);
    const empty = await call(checkoutApi.cashOnDelivery, { as: s, body: orderPayload(s) });
    expectStatus(empty, 422);
    expect(empty.message).toBe(t.cartEmpty);

    await putInCart(db, s.user.id, lock.id, 1);
    const expired = await insertCoupon(db, { endDate: new Date(Date.now() - 60_000) });
    const before = await stockOf(db, lock.id);
    const r = await call(checkoutApi.cashOnDelivery, { as: s, body: orderPayload(s, { coupon: expired.code }) });
    expectFieldError(r, 'coupon');
    expect(await stockOf(db, lock.id)).toEqual(before);
    expect(await ordersOf(s.user.id)).toEqual([]);
  });

  it('a heavy cart: 422 "Please Fill Delivery Location Details" until a form is sent, then the order links it', async () => {
    const s = await shopper(db);
    const vault = await insertProduct(db, { name: 'Vault Door', unitPrice: 9_450_00, quantity: 5, weightKg: 60 });
    await putInCart(db, s.user.id, vault.id, 2);
    const refused = await call(checkoutApi.cashOnDelivery, { as: s, body: orderPayload(s) });
    expectFieldError(refused, 'weight_form_id', t.fillDeliveryDetails);
    expect(refused.message).toBe(t.fillDeliveryDetails);
    expect((await stockOf(db, vault.id)).quantity).toBe(5);

    const form = await call(checkoutApi.deliveryForm, {
      as: s,
      body: deliveryFormFields({ contact_name: 'Gate Keeper' }),
      encoding: 'multipart',
    });
    const formId = form.data.data.id;
    const placed = await call(checkoutApi.cashOnDelivery, { as: s, body: orderPayload(s, { weight_form_id: formId }) });
    expectStatus(placed, 201);
    const details = await call(ordersApi.detail, { as: s, query: { order_id: placed.data.order_id } });
    expect(details.data[0]!.weight_form_details).toMatchObject({
      id: formId,
      contact_name: 'Gate Keeper',
      contact_number: '0501234567',
      lift_available: 'No',
      no_of_floors: 3,
      pass_required: 'Yes',
    });
  });

  it('a second heavy order gets its own form: the cart offers the first only to prefill, and the first order keeps its details', async () => {
    const s = await shopper(db);
    const vault = await insertProduct(db, { name: 'Vault Door', unitPrice: 9_450_00, quantity: 9, weightKg: 60 });
    const sendForm = (fields: Partial<Parameters<typeof deliveryFormFields>[0]>) =>
      call(checkoutApi.deliveryForm, { as: s, body: deliveryFormFields(fields), encoding: 'multipart' });

    await putInCart(db, s.user.id, vault.id, 2);
    const first = (await sendForm({ date_of_delivery: '2099-04-01', available_timing: '9:00 AM - 12:00 PM' })).data.data.id;
    const firstCart = await call(cartApi.list, { as: s, query: {} });
    expect(firstCart.data.weight_form_details?.id).toBe(first);
    const one = await call(checkoutApi.cashOnDelivery, {
      as: s,
      body: orderPayload(s, { weight_form_id: firstCart.data.weight_form_details!.id }),
    });
    expectStatus(one, 201);

    await putInCart(db, s.user.id, vault.id, 2);
    const cart = await call(cartApi.list, { as: s, query: {} });
    expect(cart.data.weight_form_details).toBeNull();
    expect(cart.data.last_weight_form_details).toMatchObject({ id: first, date_of_delivery: '2099-04-01' });
    expectFieldError(await call(checkoutApi.cashOnDelivery, { as: s, body: orderPayload(s) }), 'weight_form_id', t.fillDeliveryDetails);
    expectFieldError(
      await call(checkoutApi.cashOnDelivery, { as: s, body: orderPayload(s, { weight_form_id: first }) }),
      'weight_form_id',
      t.fillDeliveryDetails,
    );

    const second = (await sendForm({ date_of_delivery: '2099-04-15', lift_available: 'Yes', no_of_floors: '' })).data.data.id;
    const two = await call(checkoutApi.cashOnDelivery, { as: s, body: orderPayload(s, { weight_form_id: second }) });
    expectStatus(two, 201);
    const [d1, d2] = await Promise.all(
      [one, two].map(async (placed) => (await call(ordersApi.detail, { as: s, query: { order_id: placed.data.order_id } })).data[0]!),
    );
    expect(d2).toMatchObject({
      expect_date: '2099-04-15',
      weight_form_details: { id: second, date_of_delivery: '2099-04-15', lift_available: 'Yes' },
    });
    expect(d1).toMatchObject({
      expect_date: '2099-04-01',
      weight_form_details: { id: first, date_of_delivery: '2099-04-01', lift_available: 'No', no_of_floors: 3 },
    });
  });

  it('bad input: 422 with field errors', async () => {
    const s = await shopper(db);
    const { placeOrder: online, cashOnDelivery: cash } = checkoutApi;
    expectFieldError(
      await call(online, { as: s, body: sentBody(online, { ...orderPayload(s), payment_type: 'bitcoin' }) }),
      'payment_type',
    );
    expectFieldError(await call(online, { as: s, body: orderPayload(s, { idempotency_key: 'short' }) }), 'idempotency_key');
    expectFieldError(await call(cash, { as: s, body: orderPayload(s, { coupon: 'X'.repeat(21) }) }), 'coupon');
    expectFieldError(await call(online, { as: s, body: orderPayload(s, { address_id: 'home' }) }), 'address_id');
    // A JSON body that is not an object.
    expectStatus(await call(online, { as: s, body: sentBody(online, [1, 2]) }), 422);
  });
});

describe('confirming a payment (confirm-order) with the test payment page', () => {
  it('unpaid before the page is settled; paid after, with the cart cleared and one mail', async () => {
    const s = await shopper(db);
    const p = await insertProduct(db, { quantity: 10, unitPrice: 500_00 });
    await putInCart(db, s.user.id, p.id, 2);
    const placed = await call(checkoutApi.placeOrder, { as: s, body: orderPayload(s) });
    const orderId = placed.data.order_id;
    const secret = placed.data.client_secret!;
    const [order] = await ordersOf(s.user.id);
    const form = {
      customer_id: s.user.id,
      order_id: orderId,
      payment_intent: order!.paymentIntentId!,
      payment_client_secret: secret,
      payment_status: 'succeeded',
    };

    // The query string says succeeded; the provider does not: not paid.
    const confirm = () => call(checkoutApi.confirmPayment, { as: s, body: form, encoding: 'multipart' });
    const early = await confirm();
    expectStatus(early, 200);
    expect(early.message).toBe(t.paymentNotConfirmed);
    expect(early.data).toMatchObject({ order_id: orderId, status: 'requires_payment_method', payment_status: 'unpaid' });
    expect(await cartOfUser(db, s.user.id)).toEqual({ [p.id]: 2 });

    await settleTestIntent(db, order!.paymentIntentId!, secret, 'succeeded');
    const paid = await confirm();
    expect(paid.message).toBe(t.paymentConfirmed);
    expect(paid.data).toMatchObject({ status: 'succeeded', payment_status: 'paid' });
    expect(await cartOfUser(db, s.user.id)).toEqual({});
    await confirm();
    expect(mailer.to(s.user.email)).toHaveLength(1);
  });

  it("another customer's order or a wrong intent: 404; bad input: 422", async () => {
    const s = await shopper(db);
    const intruder = await shopper(db);
    const p = await insertProduct(db, { quantity: 10 });
    await putInCart(db, s.user.id, p.id, 1);
    const placed = await call(checkoutApi.placeOrder, { as: s, body: orderPayload(s) });
    const [order] = await ordersOf(s.user.id);
    const confirm = checkoutApi.confirmPayment;
    expectStatus(
      await call(confirm, {
        as: intruder,
        body: { order_id: placed.data.order_id, payment_intent: order!.paymentIntentId! },
        encoding: 'form',
      }),
      404,
    );
    expectStatus(
      await call(confirm, {
        as: s,
        body: { order_id: placed.data.order_id, payment_intent: 'pi_test_someone_else' },
        encoding: 'form',
      }),
      404,
    );
    expectFieldError(
      await call(confirm, { as: s, body: sentBody(confirm, { order_id: placed.data.order_id }), encoding: 'form' }),
      'payment_intent',
    );
    expectFieldError(await call(confirm, { as: s, body: { order_id: 'x', payment_intent: 'pi' }, encoding: 'form' }), 'order_id');
  });

  it('the Stripe webhook route is not there without Stripe keys (404)', async () => {
    const r = await call(checkoutApi.stripeWebhook, {
      body: sentBody(checkoutApi.stripeWebhook, {}),
      headers: { 'stripe-signature': 't=1,v1=x' },
    });
    expectStatus(r, 404);
  });
});

describe('order list and order details', () => {
  let me: Shopper;
  let other: Shopper;
  let safe: ProductRow;
  let shredder: ProductRow;
  /** Order ids, oldest first. */
  const ids: number[] = [];
  const safeOrders: number[] = [];
  let otherOrderId: number;

  beforeAll(async () => {
    me = await shopper(db, { name: 'Mariam', phone: '0551112233', address_type: 'Work', state: 'Dubai', city: 'Dubai', pincode: '54321' });
    other = await shopper(db);
    safe = await insertProduct(db, {
      name: 'Fireproof Document Safe',
      unitPrice: 2_100_00,
      quantity: 1_000,
      thumbnailImgLink: '/images/products/safe.webp',
    });
    shredder = await insertProduct(db, { name: 'Cross-cut Shredder 100%', unitPrice: 420_00, quantity: 1_000 });
    const start = Date.now() - 30 * 86_400_000;
    for (let i = 0; i < 23; i++) {
      const product = i % 3 === 0 ? safe : shredder;
      await putInCart(db, me.user.id, product.id, 1 + (i % 2));
      const placedAt = new Date(start + i * 3_600_000);
      const { order } = await placeOrder(
        orderDeps(db, null, () => placedAt),
        me.user,
        { addressId: me.address.id, paymentType: 'cash_on_delivery' },
      );
      ids.push(order.id);
      if (product === safe) safeOrders.push(order.id);
    }
    await putInCart(db, other.user.id, safe.id, 1);
    otherOrderId = (await placeOrder(orderDeps(db, null), other.user, { addressId: other.address.id, paymentType: 'cash_on_delivery' }))
      .order.id;
    // Statuses as the back office would set them.
    const set = (status: 'ontheway' | 'cancelled' | 'delivered' | 'refund', which: number[]) =>
      db.update(orders).set({ deliveryStatus: status }).where(inArray(orders.id, which));
    await set('ontheway', [ids[0]!, ids[5]!]);
    await set('cancelled', [ids[1]!]);
    await set('delivered', [ids[2]!, ids[3]!, ids[4]!]);
    await set('refund', [ids[6]!]);
  });

  type ListQuery = Omit<QueryInput<typeof ordersApi.list>, 'customer_id'>;
  const list = (params: ListQuery = {}, as: Customer = me) => call(ordersApi.list, { as, query: { customer_id: as.user.id, ...params } });

  it('answers data.data[] with the spec fields, newest first, 10 a page, and last_page', async () => {
    const first = await list();
    expectStatus(first, 200);
    expect(first.data.last_page).toBe(3);
    expect(first.data.data).toHaveLength(10);
    expect(first.data.data.map((o) => o.combined_order_id)).toEqual([...ids].reverse().slice(0, 10));
    for (const o of first.data.data) {
      for (const field of ORDER_FIELDS) expect(o, field).toHaveProperty(field);
      expect(o.grand_total).toBeTypeOf('number');
      expect(o.expect_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(o.orderdetails.length).toBeGreaterThan(0);
      for (const d of o.orderdetails)
        expect(d.product).toMatchObject({ id: expect.any(Number), name: expect.any(String), thumbnail_img_link: expect.any(String) });
    }
    const newest = first.data.data[0]!;
    const [row] = await db.select().from(orders).where(eq(orders.id, newest.combined_order_id));
    expect(newest.grand_total).toBe(filsToAed(row!.grandTotal));
    expect(newest.delivery_status).toBe('pending');

    const third = await list({ page: 3 });
    expect(third.data.data.map((o) => o.combined_order_id)).toEqual([ids[2], ids[1], ids[0]]);
    expect(third.data.last_page).toBe(3);
    const beyond = await list({ page: 4 });
    expect(beyond.data.data).toEqual([]);
  });

  it("never lists another customer's orders", async () => {
    const all = [...(await list()).data.data, ...(await list({ page: 2 })).data.data, ...(await list({ page: 3 })).data.data];
    expect(all).toHaveLength(23);
    expect(all.map((o) => o.combined_order_id)).not.toContain(otherOrderId);
    const theirs = await list({}, other);
    expect(theirs.data.data.map((o) => o.combined_order_id)).toEqual([otherOrderId]);
  });

  it.each([
    ['ontheway', () => [ids[5], ids[0]]],
    ['cancelled', () => [ids[1]]],
    ['delivered', () => [ids[4], ids[3], ids[2]]],
    ['refund', () => [ids[6]]],
  ] as [(typeof ORDER_FILTERS)[number], () => (number | undefined)[]][])('filter=%s lists only those orders', async (filter, expected) => {
    const r = await list({ filter });
    expectStatus(r, 200);
    expect(r.data.data.map((o) => o.combined_order_id)).toEqual(expected());
    for (const o of r.data.data) expect(o.delivery_status).toBe(filter);
    expect(r.data.last_page).toBe(1);
  });

  it('filter=all lists everything; an unknown filter is a 422', async () => {
    expect((await list({ filter: 'all' })).data.last_page).toBe(3);
    expectFieldError(
      await call(ordersApi.list, { as: me, query: sentQuery(ordersApi.list, { customer_id: me.user.id, filter: 'lost' }) }),
      'filter',
    );
  });

  it('search by order number (with or without #) and by product name', async () => {
    const target = ids[7]!;
    for (const search of [String(target), `#${target}`]) {
      const r = await list({ search });
      expect(
        r.data.data.map((o) => o.combined_order_id),
        search,
      ).toContain(target);
      for (const o of r.data.data) {
        const matches = o.combined_order_id === target || o.orderdetails.some((d) => String(d.product.name).includes(String(target)));
        expect(matches).toBe(true);
      }
    }
    const bySafe = await list({ search: 'fireproof' });
    expect(bySafe.data.data.map((o) => o.combined_order_id)).toEqual([...safeOrders].reverse());
    const byShredder = await list({ search: 'SHREDDER' });
    expect(byShredder.data.last_page).toBe(2);
    expect(byShredder.data.total).toBe(23 - safeOrders.length);
    // Wildcards are literal: only the name with a real '%' matches.
    expect((await list({ search: '100%' })).data.total).toBe(23 - safeOrders.length);
    expect((await list({ search: '%' })).data.total).toBe(23 - safeOrders.length);
    expect((await list({ search: '_' })).data.total).toBe(0);
    // Another customer's order number finds nothing.
    expect((await list({ search: String(otherOrderId) })).data.data).toEqual([]);
    // Search and filter together.
    const combined = await list({ search: 'fireproof', filter: 'delivered' });
    expect(combined.data.data.map((o) => o.combined_order_id)).toEqual([ids[3]]);
  });

  it('no orders: "No orders found"', async () => {
    const fresh = await shopper(db);
    const r = await list({}, fresh);
    expectStatus(r, 200);
    expect(r.message).toBe(t.noOrders);
    expect(r.data.data).toEqual([]);
  });

  it('order-details answers data[0] with the spec fields', async () => {
    const id = ids[0]!;
    const r = await call(ordersApi.detail, { as: me, query: { customer_id: me.user.id, order_id: id } });
    expectStatus(r, 200);
    expect(Array.isArray(r.data)).toBe(true);
    const d = r.data[0]!;
    for (const field of DETAIL_FIELDS) expect(d, field).toHaveProperty(field);
    const [row] = await db.select().from(orders).where(eq(orders.id, id));
    expect(d.addresses).toEqual({ name: 'Mariam', address_type: 'Work', phone: '0551112233' });
    expect(d.shipping_address).toContain(me.address.flatBuilding);
    expect(d.shipping_address).toContain('Dubai');
    expect(d.shipping_address).toContain('54321');
    expect(d.delivery_status).toBe('ontheway');
    expect(d.expect_date).toBe(row!.expectDate);
    expect(d.products).toEqual([
      {
        product_id: safe.id,
        name: 'Fireproof Document Safe',
        thumbnail_img_link: '/images/products/safe.webp',
        quantity: 1,
        unit_price: 2_100,
      },
    ]);
    expect(d).toMatchObject({
      sub_total: filsToAed(row!.subTotal),
      discount_amount: 0,
      tax_amount: filsToAed(row!.taxAmount),
      grand_total: 2_100,
      weight_form_details: null,
    });
    expect(d.sub_total + d.tax_amount).toBeCloseTo(d.grand_total, 2);
  });

  it('order-details keeps the address as it was when ordered', async () => {
    await call(addressesApi.update, {
      as: me,
      body: { ...addressForm({ name: 'Changed Later' }), address_id: me.address.id },
      encoding: 'form',
    });
    const r = await call(ordersApi.detail, { as: me, query: { order_id: ids[1] } });
    expect(r.data[0]!.addresses.name).toBe('Mariam');
  });

  it("another customer's order: 404 without telling anything; bad ids: 422", async () => {
    const r = await call(ordersApi.detail, { as: me, query: { order_id: otherOrderId } });
    expectStatus(r, 404);
    expect(r.text).not.toContain('Fireproof');
    expectStatus(await call(ordersApi.detail, { as: me, query: { order_id: 99999999 } }), 404);
    expectFieldError(await call(ordersApi.detail, { as: me, query: { order_id: 'abc' } }), 'order_id');
    expectFieldError(await call(ordersApi.detail, { as: me, query: sentQuery(ordersApi.detail, {}) }), 'order_id');
  });
});

describe('card orders awaiting payment (issue 10, point 2)', () => {
  it("order-list and order-details say 'Awaiting payment' with the hold's end, not 'Delivery Pending'", async () => {
    const s = await shopper(db);
    const p = await insertProduct(db, { quantity: 10 });
    await putInCart(db, s.user.id, p.id, 2);
    const placed = await call(checkoutApi.placeOrder, { as: s, body: orderPayload(s) });
    expectStatus(placed, 201);
    const order = (await ordersOf(s.user.id))[0]!;
    const expires = new Date(order.createdAt.getTime() + ORDER_HOLD_MINUTES * 60_000).toISOString();
    const list = await call(ordersApi.list, { as: s, query: { customer_id: s.user.id } });
    expect(list.data.data[0]).toMatchObject({
      delivery_status: 'pending',
      delivery_status_label: ordersTexts.awaitingPayment,
      awaiting_payment: true,
      hold_expires_at: expires,
      payment_status: 'unpaid',
    });
    const detail = await call(ordersApi.detail, { as: s, query: { order_id: order.id } });
    expect(detail.data[0]).toMatchObject({
      delivery_status_label: ordersTexts.awaitingPayment,
      awaiting_payment: true,
      hold_expires_at: expires,
    });

    // Placing again with the same cart answers the same order and client secret.
    const again = await call(checkoutApi.placeOrder, { as: s, body: orderPayload(s) });
    expect(again.data).toMatchObject({ order_id: order.id, client_secret: placed.data.client_secret });
    expect(await ordersOf(s.user.id)).toHaveLength(1);
  });

  it('cancel-order: the stock comes back and the order reads Cancelled; again 409; not found for others; bad ids 422', async () => {
    const s = await shopper(db);
    const other = await shopper(db);
    const p = await insertProduct(db, { quantity: 10 });
    await putInCart(db, s.user.id, p.id, 3);
    const placed = await call(checkoutApi.placeOrder, { as: s, body: orderPayload(s) });
    const orderId = placed.data.order_id;
    expect((await stockOf(db, p.id)).quantity).toBe(7);

    const cancel = (as: Customer, orderIdField: unknown) =>
      call(ordersApi.cancel, { as, body: { order_id: orderIdField }, encoding: 'form' });
    expectStatus(await cancel(other, orderId), 404);
    for (const bad of ['x', '0', '-1', String(2 ** 31)]) expectFieldError(await cancel(s, bad), 'order_id');
    expect((await stockOf(db, p.id)).quantity).toBe(7);

    const r = await cancel(s, orderId);
    expectStatus(r, 200);
    expect(r.message).toBe(t.orderCancelled);
    expect(r.data).toEqual({ order_id: orderId, delivery_status: 'cancelled', payment_status: 'unpaid' });
    expect(await stockOf(db, p.id)).toEqual({ quantity: 10, unitsSold: 0 });
    const list = await call(ordersApi.list, { as: s });
    expect(list.data.data[0]).toMatchObject({
      delivery_status: 'cancelled',
      delivery_status_label: 'Cancelled',
      awaiting_payment: false,
      hold_expires_at: null,
    });

    const again = await cancel(s, orderId);
    expectStatus(again, 409);
    expect(again.message).toBe(t.cannotCancel);
  });

  it(`quantity caps: ${CART_MAX_QUANTITY} a line and ${CART_MAX_UNITS} an order, refused with the cap message at placement, nothing taken`, async () => {
    const s = await shopper(db);
    const p = await insertProduct(db, { quantity: 500, weightKg: 1 });
    await putInCart(db, s.user.id, p.id, CART_MAX_QUANTITY + 1);
    for (const endpoint of [checkoutApi.placeOrder, checkoutApi.cashOnDelivery]) {
      const r = await call(endpoint, { as: s, body: orderPayload(s) });
      expectFieldError(r, 'quantity', cartMessages.lineCap(CART_MAX_QUANTITY));
      expect(r.message).toBe(cartMessages.lineCap(CART_MAX_QUANTITY));
    }
    expect(await ordersOf(s.user.id)).toEqual([]);
    expect((await stockOf(db, p.id)).quantity).toBe(500);
  });
});

describe('who may call', () => {
  type Guarded = { name: string; call: (as: Customer | null, customerId?: number) => Promise<AnyAnswer> };
  let victim: Shopper;
  let intruder: Shopper;
  let victimOrderId: number;
  let product: ProductRow;
  const withId = (customerId?: number): { customer_id?: number } => (customerId === undefined ? {} : { customer_id: customerId });

  beforeAll(async () => {
    victim = await shopper(db);
    intruder = await shopper(db);
    product = await insertProduct(db, { quantity: 100 });
    await putInCart(db, victim.user.id, product.id, 1);
    victimOrderId = (await placeOrder(orderDeps(db, null), victim.user, { addressId: victim.address.id, paymentType: 'cash_on_delivery' }))
      .order.id;
    await putInCart(db, victim.user.id, product.id, 1);
    await putInCart(db, intruder.user.id, product.id, 1);
  });

  // Valid bodies, so that only who is asking decides the answer.
  const endpoints: Guarded[] = [
    {
      name: 'add-address',
      call: (as, id) => call(addressesApi.add, { as, body: { ...addressForm(), ...withId(id) }, encoding: 'multipart' }),
    },
    { name: 'address-list', call: (as, id) => call(addressesApi.list, { as, query: withId(id) }) },
    {
      name: 'get-address',
      call: (as, id) => call(addressesApi.get, { as, query: { address_id: victim.address.id, ...withId(id) } }),
    },
    {
      name: 'update-address',
      call: (as, id) =>
        call(addressesApi.update, {
          as,
          body: { ...addressForm({ name: 'Hijack' }), address_id: victim.address.id, ...withId(id) },
          encoding: 'form',
        }),
    },
    {
      name: 'change-default-address',
      call: (as, id) =>
        call(addressesApi.makeDefault, {
          as,
          body: sentBody(addressesApi.makeDefault, { address_id: victim.address.id, is_default_address: 1, ...withId(id) }),
          encoding: 'form',
        }),
    },
    {
      name: 'delete-address',
      call: (as, id) => call(addressesApi.remove, { as, body: { address_id: victim.address.id, ...withId(id) }, encoding: 'form' }),
    },
    {
      name: 'weight-form',
      call: (as, id) => call(checkoutApi.deliveryForm, { as, body: { ...deliveryFormFields(), ...withId(id) }, encoding: 'multipart' }),
    },
    { name: 'place-order', call: (as, id) => call(checkoutApi.placeOrder, { as, body: { address_id: victim.address.id, ...withId(id) } }) },
    {
      name: 'cash-delivery',
      call: (as, id) => call(checkoutApi.cashOnDelivery, { as, body: { address_id: victim.address.id, ...withId(id) } }),
    },
    {
      name: 'confirm-order',
      call: (as, id) =>
        call(checkoutApi.confirmPayment, {
          as,
          body: { order_id: victimOrderId, payment_intent: 'pi_test_x', ...withId(id) },
          encoding: 'form',
        }),
    },
    { name: 'order-list', call: (as, id) => call(ordersApi.list, { as, query: withId(id) }) },
    {
      name: 'order-details',
      call: (as, id) => call(ordersApi.detail, { as, query: { order_id: victimOrderId, ...withId(id) } }),
    },
    {
      name: 'cancel-order',
      call: (as, id) => call(ordersApi.cancel, { as, body: { order_id: victimOrderId, ...withId(id) }, encoding: 'form' }),
    },
  ];

  async function victimState() {
    return {
      addresses: await addressRows(victim.user.id),
      orders: (await ordersOf(victim.user.id)).map((o) => [o.id, o.paymentStatus, o.deliveryStatus]),
      cart: await cartOfUser(db, victim.user.id),
      forms: (await db.select().from(deliveryForms).where(eq(deliveryForms.userId, victim.user.id))).length,
      stock: (await db.select({ q: products.quantity }).from(products).where(eq(products.id, product.id)))[0]!.q,
    };
  }

  it.each(endpoints.map((e) => [e.name, e] as const))('%s answers 401 to a guest', async (_name, endpoint) => {
    const before = await victimState();
    expectStatus(await endpoint.call(null), 401);
    expectStatus(await endpoint.call(null, victim.user.id), 401);
    expect(await victimState()).toEqual(before);
  });

  it('a guest hears 401 before anything about the input', async () => {
    for (const endpoint of [checkoutApi.placeOrder, checkoutApi.cashOnDelivery, addressesApi.add, checkoutApi.deliveryForm]) {
      const r = await call(endpoint, { as: null, body: sentBody(endpoint, {}) });
      expectStatus(r, 401);
    }
  });

  it.each(endpoints.map((e) => [e.name, e] as const))(
    "%s answers 403 to another customer's id and changes nothing",
    async (_name, endpoint) => {
      const before = await victimState();
      const intruderOrders = (await ordersOf(intruder.user.id)).length;
      const r = await endpoint.call(intruder, victim.user.id);
      expectStatus(r, 403);
      expect(await victimState()).toEqual(before);
      expect(await ordersOf(intruder.user.id)).toHaveLength(intruderOrders);
    },
  );

  it('refuses a cross-site order submission (docs/decisions/0008-sessions.md)', async () => {
    const r = await call(checkoutApi.cashOnDelivery, {
      as: victim,
      body: { address_id: victim.address.id },
      headers: { origin: 'https://evil.example' },
    });
    expectStatus(r, 403);
    expect(await ordersOf(victim.user.id)).toHaveLength(1);
  });
});
