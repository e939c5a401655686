// The cart, wishlist and coupon endpoints through /api, as the first clients call them
// (docs/decisions/0002-money-in-fils-api-in-aed.md, docs/decisions/0008-sessions.md), typed by
// the contract (src/domain/api/cart.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { products } from '@/server/db/schema/catalog';
import { cartItems, wishlistItems } from '@/server/db/schema/shopping';
import { cartMessages as t } from '@/domain/messages/cart';
import { CART_MAX_QUANTITY, CART_MAX_UNITS } from '@/domain/cart-rules';
import { cartTotals, type PricedLine } from '@/domain/pricing';
import { cartApi, couponsApi, wishlistApi } from '@/domain/api/cart';
import type { AnswerOf, BodyInput, Endpoint, QueryInput } from '@/domain/api/endpoint';
import { freshDatabase, type TestDatabase } from '../../../tests/db';
import { insertProduct, type ProductRow } from '../../../tests/factories';
import {
  callEndpoint,
  expectFieldError as expectSharedFieldError,
  expectStatus,
  type EndpointAnswer,
  type EndpointCall,
} from '../../../tests/api';
import { daysFrom, insertCoupon, insertDeliveryForm, signedInCustomer, type CouponRow, type Customer } from '../../../tests/shopping';
import { fils } from '@/domain/money';

let handle: TestDatabase;
let db: Db;

const call = <E extends Endpoint>(endpoint: E, options: EndpointCall<E> = {}) => callEndpoint(db, endpoint, options);

let lock: ProductRow, shredder: ProductRow, vault: ProductRow, cabinet: ProductRow, soldOut: ProductRow, hidden: ProductRow;
let coupons: Record<string, CouponRow>;
/** The codes a shopper can use now. */
const IN_FORCE = ['PCT10CAP150', 'FLAT250', 'MIN5000', 'MIN1500', 'Ramadan15', 'WINTER1', 'WINTER2', 'WINTER3'];

const CART_ITEM_FIELDS = [
  'product_id',
  'name',
  'quantity',
  'unit_price',
  'stock',
  'productImage',
  'color',
  'attribute_id',
  'discount',
  'availableStock',
];
const CART_FIELDS = ['cart_items', 'subtotal', 'tax_amount', 'grand_total', 'total_weight', 'weight_form_details'];
const WISHLIST_FIELDS = ['id', 'name', 'thumbnail_img_link', 'unit_price'];
const COUPON_FIELDS = ['code', 'discount', 'discount_type', 'max_discount', 'min_amount', 'end_date'];

type Answer = EndpointAnswer<Endpoint>;

/** The cart's 422s may name a key inside a list (`products.0.quantity`). */
const expectFieldError = (r: Answer, field: string, message?: string) => expectSharedFieldError(r, field, message, 'or-nested');

/** As the product page's first clients send it: a URL-encoded form. */
const addCart = (who: Customer | null, productId: number, quantity: number, extra: Partial<BodyInput<typeof cartApi.add>> = {}) =>
  call(cartApi.add, { encoding: 'form', as: who, body: { product_id: productId, quantity, ...extra } });

async function cartOf(who: Customer, coupon?: string): Promise<AnswerOf<typeof cartApi.list>> {
  const r = await call(cartApi.list, { as: who, query: { customer_id: who.user.id, ...(coupon === undefined ? {} : { coupon }) } });
  expectStatus(r, 200);
  return r.data;
}

async function cartRows(who: Customer): Promise<Record<number, number>> {
  const rows = await db.select().from(cartItems).where(eq(cartItems.userId, who.user.id));
  return Object.fromEntries(rows.map((r) => [r.productId, r.quantity]));
}

async function wishlistRows(who: Customer): Promise<number[]> {
  return (await db.select().from(wishlistItems).where(eq(wishlistItems.userId, who.user.id))).map((r) => r.productId).sort((a, b) => a - b);
}

beforeAll(async () => {
  handle = await freshDatabase();
  db = handle.db;
  lock = await insertProduct(db, {
    name: 'Keypad Lock',
    unitPrice: 1_050_00,
    discount: 10,
    quantity: 5,
    weightKg: 2.35,
    colorName: 'Silver',
    thumbnailImgLink: '/images/products/lock.webp',
  });
  shredder = await insertProduct(db, {
    name: 'Cross-cut Shredder',
    unitPrice: 210_00,
    discount: 0,
    quantity: 3,
    weightKg: 12.5,
    thumbnailImgLink: '/images/products/shredder.webp',
  });
  vault = await insertProduct(db, { name: 'Vault Door', unitPrice: 9_450_00, quantity: 2, weightKg: 60 });
  cabinet = await insertProduct(db, { name: 'Steel Cabinet', unitPrice: 630_00, quantity: 10, weightKg: 40 });
  soldOut = await insertProduct(db, { name: 'Sold-out Safe', quantity: 0 });
  hidden = await insertProduct(db, { name: 'Withdrawn Safe', quantity: 10, published: false });

  const now = new Date();
  coupons = {};
  const add = async (code: string, overrides: Parameters<typeof insertCoupon>[1] = {}) => {
    coupons[code] = await insertCoupon(db, { code, endDate: daysFrom(30, now), ...overrides });
  };
  await add('PCT10CAP150', { discountType: 'percent', discount: 10, maxDiscount: 150_00 });
  await add('FLAT250', { discountType: 'amount', discount: 250_00 });
  await add('MIN5000', { discountType: 'percent', discount: 10, minAmount: 5_000_00 });
  await add('MIN1500', { discountType: 'percent', discount: 15, maxDiscount: 500_00, minAmount: 1_500_00, startDate: daysFrom(-3, now) });
  await add('Ramadan15', { discountType: 'percent', discount: 15, endDate: daysFrom(10, now) });
  await add('WINTER1', { discountType: 'amount', discount: 10_00 });
  await add('WINTER2', { discountType: 'amount', discount: 20_00 });
  await add('WINTER3', { discountType: 'amount', discount: 30_00 });
  await add('OLD50', { discountType: 'percent', discount: 50, endDate: daysFrom(-1, now) });
  await add('SOON', { discountType: 'percent', discount: 20, startDate: daysFrom(2, now) });
  await add('OFF', { discountType: 'percent', discount: 20, active: false });
});
afterAll(async () => {
  await handle.dispose();
});

describe('products/add-cart', () => {
  it('adds a product with 201 "Item added to the cart" and answers with the cart', async () => {
    const me = await signedInCustomer(db);
    const r = await addCart(me, lock.id, 2, { customer_id: me.user.id, color: 'Silver' });
    expectStatus(r, 201);
    expect(r.message).toBe('Item added to the cart');
    expect(r.data.cart_items.map((i) => [i.product_id, i.quantity])).toEqual([[lock.id, 2]]);
    expect(await cartRows(me)).toEqual({ [lock.id]: 2 });
  });

  it('adds quantity 1 when none is sent', async () => {
    const me = await signedInCustomer(db);
    expectStatus(await call(cartApi.add, { encoding: 'form', as: me, body: { product_id: shredder.id } }), 201);
    expect(await cartRows(me)).toEqual({ [shredder.id]: 1 });
  });

  it("ignores the unit_price and discount a client sends: the cart is priced from the server's data", async () => {
    const me = await signedInCustomer(db);
    const r = await addCart(me, lock.id, 2, { unit_price: 1, discount: 99, customer_id: me.user.id, attribute_id: '' });
    expectStatus(r, 201);
    const cart = await cartOf(me);
    expect(cart.cart_items[0]).toMatchObject({ unit_price: 1050, discount: 10 });
    // 1,050.00 less 10% = 945.00 x 2 = 1,890.00 VAT included: S = 1,800.00, VAT 90.00.
    expect(cart).toMatchObject({ subtotal: 1800, tax_amount: 90, grand_total: 1890 });
  });

  it('accepts JSON and multipart bodies as well as forms (docs/decisions/0018-one-http-api.md)', async () => {
    const me = await signedInCustomer(db);
    expectStatus(
      await call(cartApi.add, {
        as: me,
        body: { product_id: lock.id, quantity: 1, customer_id: me.user.id, unit_price: '0.01', discount: 100 },
      }),
      201,
    );
    const form = new FormData();
    form.set('product_id', String(shredder.id));
    form.set('quantity', '2');
    expectStatus(await call(cartApi.add, { as: me, body: { product_id: shredder.id, quantity: 2 }, encoding: 'multipart' }), 201);
    expect(await cartRows(me)).toEqual({ [lock.id]: 1, [shredder.id]: 2 });
    expect((await cartOf(me)).grand_total).toBe(945 + 420);
  });

  it('refuses the same product twice with 409 "Item is already in the cart" and keeps the first quantity', async () => {
    const me = await signedInCustomer(db);
    expectStatus(await addCart(me, lock.id, 1), 201);
    const again = await addCart(me, lock.id, 3);
    expectStatus(again, 409);
    expect(again.message).toBe('Item is already in the cart');
    expect(await cartRows(me)).toEqual({ [lock.id]: 1 });
  });

  it('adds once when the same product is sent twice at the same time', async () => {
    const me = await signedInCustomer(db);
    const answers = await Promise.all([addCart(me, cabinet.id, 1), addCart(me, cabinet.id, 2), addCart(me, cabinet.id, 3)]);
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    expect(Object.keys(await cartRows(me))).toEqual([String(cabinet.id)]);
  });

  it('accepts exactly the stock and refuses more with 422 "Quantity exceeded available stock"', async () => {
    const me = await signedInCustomer(db);
    const over = await addCart(me, shredder.id, 4);
    expectFieldError(over, 'quantity', 'Quantity exceeded available stock');
    expect(over.message).toBe('Quantity exceeded available stock');
    expect(await cartRows(me)).toEqual({});
    expectStatus(await addCart(me, shredder.id, 3), 201);
  });

  it('cannot add a product with no stock', async () => {
    const me = await signedInCustomer(db);
    const r = await addCart(me, soldOut.id, 1);
    expectStatus(r, 422);
    expect(r.message).toBe(t.outOfStock);
    expect(await cartRows(me)).toEqual({});
  });

  it('answers 404 for an unknown or unpublished product', async () => {
    const me = await signedInCustomer(db);
    for (const id of [hidden.id, 2_000_000_000]) {
      const r = await addCart(me, id, 1);
      expectStatus(r, 404);
      expect(r.message).toBe(t.productMissing);
    }
    expect(await cartRows(me)).toEqual({});
  });
});

describe('products/cart-list', () => {
  let me: Customer;
  // Hand-computed (docs/decisions/0002-money-in-fils-api-in-aed.md). Lock 1,050.00 less 10% = 945.00 x 2 = 1,890.00; shredder 210.00 x 1.
  // T = 2,100.00, S = T / 1.05 = 2,000.00, VAT = T - S = 100.00, grand total = 2,100.00.
  const lines = (): PricedLine[] => [
    { unitPrice: lock.unitPrice, discount: lock.discount, quantity: 2 },
    { unitPrice: shredder.unitPrice, discount: shredder.discount, quantity: 1 },
  ];
  const plain = { subtotal: 2000, discount_amount: 0, tax_amount: 100, grand_total: 2100 };

  beforeAll(async () => {
    me = await signedInCustomer(db);
    expectStatus(await addCart(me, lock.id, 2, { color: 'Silver', attribute_id: 4 }), 201);
    expectStatus(await addCart(me, shredder.id, 1), 201);
  });

  it("answers with the spec's fields for each item and the totals", async () => {
    const cart = await cartOf(me);
    for (const field of CART_FIELDS) expect(cart, field).toHaveProperty(field);
    expect(cart.cart_items).toHaveLength(2);
    for (const item of cart.cart_items) for (const field of CART_ITEM_FIELDS) expect(item, field).toHaveProperty(field);
    expect(cart.cart_items[0]).toMatchObject({
      product_id: lock.id,
      name: 'Keypad Lock',
      quantity: 2,
      unit_price: 1050,
      discount: 10,
      stock: 5,
      availableStock: 5,
      productImage: '/images/products/lock.webp',
      color: 'Silver',
      attribute_id: 4,
    });
    expect(cart.cart_items[1]).toMatchObject({
      product_id: shredder.id,
      name: 'Cross-cut Shredder',
      quantity: 1,
      unit_price: 210,
      discount: 0,
      stock: 3,
      availableStock: 3,
      productImage: '/images/products/shredder.webp',
      attribute_id: null,
    });
    expect(cart.weight_form_details).toBeNull();
  });

  it("totals come from the server's prices, equal to the pricing module's", async () => {
    const cart = await cartOf(me);
    expect(cart).toMatchObject(plain);
    const domain = cartTotals(lines(), null, new Date());
    expect([cart.subtotal, cart.tax_amount, cart.grand_total]).toEqual([domain.subtotal / 100, domain.vat / 100, domain.grandTotal / 100]);
    expect(cart.coupon).toBeNull();
    expect(cart.coupon_error).toBeNull();
  });

  it('applies a percent coupon with a cap: 10% of 2,000.00 capped at 150.00; VAT 5% of 1,850.00', async () => {
    const cart = await cartOf(me, 'pct10cap150');
    expect(cart).toMatchObject({ subtotal: 2000, discount_amount: 150, tax_amount: 92.5, grand_total: 1942.5, coupon_error: null });
    expect(cart.coupon).toMatchObject({ code: 'PCT10CAP150', discount: 10, discount_type: 'percent', max_discount: 150 });
    const domain = cartTotals(
      lines(),
      { discountType: 'percent', discount: 10, maxDiscount: fils(150_00), minAmount: fils(0), endDate: daysFrom(1) },
      new Date(),
    );
    expect([cart.discount_amount, cart.tax_amount, cart.grand_total]).toEqual([
      domain.discount / 100,
      domain.vat / 100,
      domain.grandTotal / 100,
    ]);
  });

  it('applies a percent coupon whose cap is not reached: 15% of 2,000.00 = 300.00 (cap 500.00, minimum 1,500.00 met)', async () => {
    const cart = await cartOf(me, 'MIN1500');
    // VAT 5% of 1,700.00 = 85.00
    expect(cart).toMatchObject({ subtotal: 2000, discount_amount: 300, tax_amount: 85, grand_total: 1785, coupon_error: null });
  });

  it('applies a fixed coupon: 250.00 off; VAT 5% of 1,750.00', async () => {
    const cart = await cartOf(me, 'FLAT250');
    expect(cart).toMatchObject({ subtotal: 2000, discount_amount: 250, tax_amount: 87.5, grand_total: 1837.5, coupon_error: null });
    expect(cart.coupon).toMatchObject({ code: 'FLAT250', discount: 250, discount_type: 'amount', max_discount: null, min_amount: 0 });
  });

  it('gives no discount for an expired coupon and says why in coupon_error', async () => {
    const cart = await cartOf(me, 'OLD50');
    expect(cart).toMatchObject({ ...plain, coupon: null, coupon_error: 'This coupon has expired' });
  });

  it('gives no discount for a coupon whose minimum the subtotal does not reach, saying how much more to add', async () => {
    const cart = await cartOf(me, 'MIN5000');
    // S 5,000.00 needs T = 5,250.00 at shelf prices: 3,150.00 more than the 2,100.00 in the cart.
    expect(cart).toMatchObject({ ...plain, coupon: null, coupon_error: 'Add AED\u00A03,150.00 more to use MIN5000' });
  });

  it('gives no discount for unknown, switched-off and not-yet-started coupons', async () => {
    expect(await cartOf(me, 'NOSUCH')).toMatchObject({ ...plain, coupon: null, coupon_error: 'This coupon code is not valid' });
    expect(await cartOf(me, 'OFF')).toMatchObject({ ...plain, coupon: null, coupon_error: 'This coupon code is not valid' });
    expect(await cartOf(me, 'SOON')).toMatchObject({ ...plain, coupon: null, coupon_error: t.couponNotStarted });
  });

  it('compares the pre-tax subtotal with the minimum: 1,574.99 with VAT is under 1,500.00 before tax', async () => {
    const under = await insertProduct(db, { unitPrice: 1_574_99, quantity: 5 });
    const buyer = await signedInCustomer(db);
    expectStatus(await addCart(buyer, under.id, 1), 201);
    // S = round(157499 / 1.05) = 1,499.99
    expect(await cartOf(buyer, 'MIN1500')).toMatchObject({
      subtotal: 1499.99,
      discount_amount: 0,
      tax_amount: 75,
      grand_total: 1574.99,
      coupon: null,
      coupon_error: 'Add AED\u00A00.01 more to use MIN1500',
    });
  });

  it('without a coupon charges exactly the shelf prices: VAT is what is left after the pre-tax subtotal (docs/decisions/0002-money-in-fils-api-in-aed.md)', async () => {
    // 21.10 VAT included: S = round(2110 / 1.05 = 2009.52) = 20.10; VAT = 21.10 - 20.10 = 1.00 (5% of S would round to 1.01).
    const small = await insertProduct(db, { unitPrice: 21_10, quantity: 5 });
    const buyer = await signedInCustomer(db);
    expectStatus(await addCart(buyer, small.id, 1), 201);
    expect(await cartOf(buyer)).toMatchObject({ subtotal: 20.1, discount_amount: 0, tax_amount: 1, grand_total: 21.1 });
  });

  it('treats an empty coupon parameter as no coupon', async () => {
    expect(await cartOf(me, '')).toMatchObject({ ...plain, coupon: null, coupon_error: null });
  });

  it('follows price changes made on the server', async () => {
    const buyer = await signedInCustomer(db);
    const changing = await insertProduct(db, { unitPrice: 105_00, quantity: 5 });
    expectStatus(await addCart(buyer, changing.id, 2), 201);
    expect(await cartOf(buyer)).toMatchObject({ subtotal: 200, tax_amount: 10, grand_total: 210 });
    await db
      .update(products)
      .set({ unitPrice: fils(210_00), discount: 50 })
      .where(eq(products.id, changing.id));
    const cart = await cartOf(buyer);
    expect(cart.cart_items[0]).toMatchObject({ unit_price: 210, discount: 50 });
    expect(cart).toMatchObject({ subtotal: 200, tax_amount: 10, grand_total: 210 });
  });

  it('sums total_weight as weight x quantity and sets heavy only above 100 kg', async () => {
    // 2.35 x 2 + 12.5 = 17.2
    expect(await cartOf(me)).toMatchObject({ total_weight: 17.2, heavy: false });
    const mover = await signedInCustomer(db);
    expectStatus(await addCart(mover, vault.id, 1), 201);
    expectStatus(await addCart(mover, cabinet.id, 1), 201);
    expect(await cartOf(mover)).toMatchObject({ total_weight: 100, heavy: false });
    expectStatus(await call(cartApi.updateQuantity, { encoding: 'form', as: mover, body: { product_id: cabinet.id, quantity: 2 } }), 200);
    expect(await cartOf(mover)).toMatchObject({ total_weight: 140, heavy: true });
  });

  it("carries the customer's delivery location form in weight_form_details", async () => {
    const mover = await signedInCustomer(db);
    const form = await insertDeliveryForm(db, mover.user.id, { contactName: 'Omar Saeed', liftAvailable: 'No', noOfFloors: 3 });
    const cart = await cartOf(mover);
    expect(cart.weight_form_details).toMatchObject({
      id: form.id,
      contact_name: 'Omar Saeed',
      contact_number: '0501234567',
      date_of_delivery: '2099-07-01',
      available_timing: '9am - 1pm',
      remarks: 'Call before arriving',
      lift_available: 'No',
      no_of_floors: 3,
      pass_required: 'Yes',
    });
  });

  it('shows each customer only their own cart', async () => {
    const other = await signedInCustomer(db);
    expect((await cartOf(other)).cart_items).toEqual([]);
    expect(await cartOf(other)).toMatchObject({ subtotal: 0, tax_amount: 0, grand_total: 0, total_weight: 0, heavy: false });
  });
});

describe('quantity caps (issue 10, point 2)', () => {
  it('add-cart and update-product-quantity refuse a line over the cap with 422 and the cap message, and the cart stays', async () => {
    const me = await signedInCustomer(db);
    const plenty = await insertProduct(db, { quantity: 1000 });
    const r = await addCart(me, plenty.id, CART_MAX_QUANTITY + 1);
    expectStatus(r, 422);
    expect(r.fields.quantity).toEqual([t.lineCap(CART_MAX_QUANTITY)]);
    expect(await cartRows(me)).toEqual({});
    expectStatus(await addCart(me, plenty.id, CART_MAX_QUANTITY), 201);
    const up = await call(cartApi.updateQuantity, {
      encoding: 'form',
      as: me,
      body: { product_id: plenty.id, quantity: CART_MAX_QUANTITY + 1 },
    });
    expectStatus(up, 422);
    expect(up.message).toContain(t.lineCap(CART_MAX_QUANTITY));
    const more = await Promise.all(Array.from({ length: 2 }, () => insertProduct(db, { quantity: 1000 })));
    for (const p of more) expectStatus(await addCart(me, p.id, CART_MAX_QUANTITY), more.indexOf(p) === 0 ? 201 : 422);
    const last = await addCart(me, more[1]!.id, CART_MAX_UNITS - 2 * CART_MAX_QUANTITY + 1);
    expectStatus(last, 422);
    expect(last.message).toBe(t.orderCap(CART_MAX_UNITS));
    expect(Object.values(await cartRows(me)).reduce((n, q) => n + q, 0)).toBe(2 * CART_MAX_QUANTITY);
  });
});

describe('products/update-product-quantity', () => {
  it('changes the quantity and answers with the recomputed cart', async () => {
    const me = await signedInCustomer(db);
    expectStatus(await addCart(me, lock.id, 1), 201);
    const r = await call(cartApi.updateQuantity, {
      as: me,
      encoding: 'form',
      body: { customer_id: me.user.id, product_id: lock.id, quantity: 5 },
    });
    expectStatus(r, 200);
    expect(r.message).toBe(t.updated);
    // 945.00 x 5 = 4,725.00: S = 4,500.00, VAT 225.00
    expect(r.data).toMatchObject({ subtotal: 4500, tax_amount: 225, grand_total: 4725 });
    expect(r.data.cart_items[0]!.quantity).toBe(5);
  });

  it('refuses more than the stock with 422 "Quantity exceeded available stock" and keeps the quantity', async () => {
    const me = await signedInCustomer(db);
    expectStatus(await addCart(me, shredder.id, 2), 201);
    const r = await call(cartApi.updateQuantity, { encoding: 'form', as: me, body: { product_id: shredder.id, quantity: 4 } });
    expectFieldError(r, 'quantity', 'Quantity exceeded available stock');
    expect(r.message).toBe('Quantity exceeded available stock');
    expect(await cartRows(me)).toEqual({ [shredder.id]: 2 });
  });

  it('answers 404 for a product that is not in the cart, and adds nothing', async () => {
    const me = await signedInCustomer(db);
    expectStatus(await call(cartApi.updateQuantity, { encoding: 'form', as: me, body: { product_id: lock.id, quantity: 1 } }), 404);
    expect(await cartRows(me)).toEqual({});
  });
});

describe('products/productwise-cart-delete', () => {
  it('removes the product with "Item removed from cart" and answers with the cart', async () => {
    const me = await signedInCustomer(db);
    expectStatus(await addCart(me, lock.id, 1), 201);
    expectStatus(await addCart(me, shredder.id, 1), 201);
    const r = await call(cartApi.remove, { encoding: 'form', as: me, body: { customer_id: me.user.id, product_id: lock.id } });
    expectStatus(r, 200);
    expect(r.message).toBe('Item removed from cart');
    expect(r.data.cart_items.map((i) => i.product_id)).toEqual([shredder.id]);
    expect(r.data).toMatchObject({ subtotal: 200, tax_amount: 10, grand_total: 210 });
  });

  it('answers 404 "Failed to remove" for a product not in the cart', async () => {
    const me = await signedInCustomer(db);
    const r = await call(cartApi.remove, { encoding: 'form', as: me, body: { product_id: lock.id } });
    expectStatus(r, 404);
    expect(r.message).toBe('Failed to remove');
  });
});

describe('products/add-multiple-cart (merge after sign-in)', () => {
  it('adds new products clamped to stock, keeps the larger quantity, and skips unknown, unpublished and sold-out products', async () => {
    const me = await signedInCustomer(db);
    expectStatus(await addCart(me, lock.id, 4), 201);
    expectStatus(await addCart(me, cabinet.id, 1), 201);
    // A price sent along is ignored (the schema does not declare it; the server prices the cart).
    const withPrice = { product_id: lock.id, quantity: 1, unit_price: 0.01 };
    const r = await call(cartApi.merge, {
      as: me,
      body: {
        customer_id: me.user.id,
        products: [
          withPrice,
          { product_id: cabinet.id, quantity: 6 },
          { product_id: shredder.id, quantity: 20 },
          { product_id: soldOut.id, quantity: 1 },
          { product_id: hidden.id, quantity: 1 },
          { product_id: 2_000_000_000, quantity: 1 },
        ],
      },
    });
    expectStatus(r, 200);
    expect(r.message).toBe(t.merged);
    expect(await cartRows(me)).toEqual({ [lock.id]: 4, [cabinet.id]: 6, [shredder.id]: 3 });
    expect(r.data.cart_items.map((i) => [i.product_id, i.quantity])).toEqual([
      [lock.id, 4],
      [cabinet.id, 6],
      [shredder.id, 3],
    ]);
    // 945.00 x 4 + 630.00 x 6 + 210.00 x 3 = 8,190.00: S = 7,800.00, VAT 390.00
    expect(r.data).toMatchObject({ subtotal: 7800, tax_amount: 390, grand_total: 8190 });
    // What did not come in whole is named, so the browser can keep it in sight.
    expect(r.data.not_merged).toEqual([
      { product_id: shredder.id, requested: 20, kept: 3, reason: 'stock' },
      { product_id: soldOut.id, requested: 1, kept: 0, reason: 'out-of-stock' },
      { product_id: hidden.id, requested: 1, kept: 0, reason: 'unavailable' },
      { product_id: 2_000_000_000, requested: 1, kept: 0, reason: 'unavailable' },
    ]);
  });

  it('accepts an empty list and answers with the cart unchanged', async () => {
    const me = await signedInCustomer(db);
    expectStatus(await addCart(me, lock.id, 1), 201);
    const r = await call(cartApi.merge, { as: me, body: { products: [] } });
    expectStatus(r, 200);
    expect(r.data.not_merged).toEqual([]);
    expect(await cartRows(me)).toEqual({ [lock.id]: 1 });
  });
});

describe('wishlist endpoints', () => {
  it('products/add-wishlist adds once: the second add answers 200 and leaves one row', async () => {
    const me = await signedInCustomer(db);
    const first = await call(wishlistApi.add, { encoding: 'form', as: me, body: { product_id: lock.id, customer_id: me.user.id } });
    expect(first.status, first.text).toBeGreaterThanOrEqual(200);
    expect(first.status).toBeLessThan(300);
    expect(first.message).toBe('Product added to wishlist');
    const second = await call(wishlistApi.add, { encoding: 'form', as: me, body: { product_id: lock.id, customer_id: me.user.id } });
    expectStatus(second, 200);
    expect(second.data.wishlistItems.map((w) => w.id)).toEqual([lock.id]);
    expect(await wishlistRows(me)).toEqual([lock.id]);
  });

  it('products/add-wishlist refuses a guest with 401 "You must be logged in to add to wishlist"', async () => {
    const r = await call(wishlistApi.add, { encoding: 'form', body: { product_id: lock.id } });
    expectStatus(r, 401);
    expect(r.message).toBe('You must be logged in to add to wishlist');
    // Signed out is said first, whatever the body.
    const bad = await call(wishlistApi.add, { encoding: 'form', body: { product_id: 'abc' } });
    expectStatus(bad, 401);
    expect(bad.message).toBe('You must be logged in to add to wishlist');
  });

  it('products/add-wishlist answers 404 for an unknown or unpublished product', async () => {
    const me = await signedInCustomer(db);
    for (const id of [hidden.id, 2_000_000_000])
      expectStatus(await call(wishlistApi.add, { encoding: 'form', as: me, body: { product_id: id } }), 404);
    expect(await wishlistRows(me)).toEqual([]);
  });

  it("products/wishlist lists wishlistItems with the spec's fields, in the order added, priced in AED", async () => {
    const me = await signedInCustomer(db);
    expectStatus(await call(wishlistApi.add, { encoding: 'form', as: me, body: { product_id: shredder.id } }), 201);
    expectStatus(await call(wishlistApi.add, { encoding: 'form', as: me, body: { product_id: lock.id } }), 201);
    const r = await call(wishlistApi.list, { as: me, query: { customer_id: me.user.id } });
    expectStatus(r, 200);
    const items = r.data.wishlistItems;
    expect(items.map((w) => w.id)).toEqual([shredder.id, lock.id]);
    for (const item of items) for (const field of WISHLIST_FIELDS) expect(item, field).toHaveProperty(field);
    expect(items[1]).toMatchObject({
      id: lock.id,
      name: 'Keypad Lock',
      thumbnail_img_link: '/images/products/lock.webp',
      unit_price: 1050,
    });
    expect(items[0]).toMatchObject({ id: shredder.id, unit_price: 210 });
  });

  it('products/remove-wishlist removes the product and answers with the list', async () => {
    const me = await signedInCustomer(db);
    expectStatus(await call(wishlistApi.add, { encoding: 'form', as: me, body: { product_id: shredder.id } }), 201);
    expectStatus(await call(wishlistApi.add, { encoding: 'form', as: me, body: { product_id: lock.id } }), 201);
    const r = await call(wishlistApi.remove, { encoding: 'form', as: me, body: { customer_id: me.user.id, product_id: shredder.id } });
    expectStatus(r, 200);
    expect(r.data.wishlistItems.map((w) => w.id)).toEqual([lock.id]);
    expect(await wishlistRows(me)).toEqual([lock.id]);
  });

  it('products/add-multiple-wishlist merges the guest list: once each, skipping unknown and unpublished products', async () => {
    const me = await signedInCustomer(db);
    expectStatus(await call(wishlistApi.add, { encoding: 'form', as: me, body: { product_id: lock.id } }), 201);
    const r = await call(wishlistApi.merge, {
      as: me,
      body: {
        customer_id: me.user.id,
        products: [
          { product_id: lock.id },
          { product_id: cabinet.id },
          { product_id: cabinet.id },
          { product_id: hidden.id },
          { product_id: 2_000_000_000 },
          { product_id: soldOut.id },
        ],
      },
    });
    expectStatus(r, 200);
    expect(await wishlistRows(me)).toEqual([lock.id, cabinet.id, soldOut.id].sort((a, b) => a - b));
    expect(r.data.wishlistItems.map((w) => w.id).sort((a, b) => a - b)).toEqual([lock.id, cabinet.id, soldOut.id].sort((a, b) => a - b));
  });
});

describe('who may call', () => {
  type Guarded = { name: string; call: (as: Customer | null, customerId?: number) => Promise<Answer> };
  const withId = (customerId?: number): { customer_id?: number } => (customerId === undefined ? {} : { customer_id: customerId });
  const endpoints: Guarded[] = [
    {
      name: 'add-cart',
      call: (as, id) => call(cartApi.add, { encoding: 'form', as, body: { product_id: cabinet.id, quantity: 1, ...withId(id) } }),
    },
    {
      name: 'add-multiple-cart',
      call: (as, id) => call(cartApi.merge, { as, body: { products: [{ product_id: cabinet.id, quantity: 9 }], ...withId(id) } }),
    },
    { name: 'cart-list', call: (as, id) => call(cartApi.list, { as, query: withId(id) }) },
    {
      name: 'update-product-quantity',
      call: (as, id) => call(cartApi.updateQuantity, { encoding: 'form', as, body: { product_id: lock.id, quantity: 3, ...withId(id) } }),
    },
    {
      name: 'productwise-cart-delete',
      call: (as, id) => call(cartApi.remove, { encoding: 'form', as, body: { product_id: lock.id, ...withId(id) } }),
    },
    { name: 'wishlist', call: (as, id) => call(wishlistApi.list, { as, query: withId(id) }) },
    {
      name: 'add-wishlist',
      call: (as, id) => call(wishlistApi.add, { encoding: 'form', as, body: { product_id: cabinet.id, ...withId(id) } }),
    },
    {
      name: 'remove-wishlist',
      call: (as, id) => call(wishlistApi.remove, { encoding: 'form', as, body: { product_id: lock.id, ...withId(id) } }),
    },
    {
      name: 'add-multiple-wishlist',
      call: (as, id) => call(wishlistApi.merge, { as, body: { products: [{ product_id: cabinet.id }], ...withId(id) } }),
    },
  ];

  let victim: Customer;
  let intruder: Customer;
  beforeAll(async () => {
    victim = await signedInCustomer(db);
    intruder = await signedInCustomer(db);
    expectStatus(await addCart(victim, lock.id, 1), 201);
    expectStatus(await call(wishlistApi.add, { encoding: 'form', as: victim, body: { product_id: lock.id } }), 201);
  });

  it.each(endpoints.map((e) => [e.name, e] as const))('%s answers 401 to a guest', async (name, endpoint) => {
    const r = await endpoint.call(null);
    expectStatus(r, 401);
    if (name === 'add-wishlist') expect(r.message).toBe('You must be logged in to add to wishlist');
    const claimed = await endpoint.call(null, victim.user.id);
    expectStatus(claimed, 401);
  });

  it.each(endpoints.map((e) => [e.name, e] as const))(
    "%s answers 403 to another customer's id and changes nothing",
    async (_name, endpoint) => {
      const r = await endpoint.call(intruder, victim.user.id);
      expectStatus(r, 403);
      expect(r.text).not.toContain('Keypad Lock');
      expect(await cartRows(victim)).toEqual({ [lock.id]: 1 });
      expect(await wishlistRows(victim)).toEqual([lock.id]);
      expect(await cartRows(intruder)).toEqual({});
      expect(await wishlistRows(intruder)).toEqual([]);
    },
  );

  it("accepts the customer's own id, as a number or as text", async () => {
    const me = await signedInCustomer(db);
    expectStatus(await call(cartApi.list, { as: me, query: { customer_id: me.user.id } }), 200);
    expectStatus(await call(cartApi.merge, { as: me, body: { customer_id: me.user.id, products: [] } }), 200);
    expectStatus(await call(cartApi.merge, { as: me, body: { customer_id: String(me.user.id), products: [] } }), 200);
  });

  it('refuses a state-changing request from another site (docs/decisions/0008-sessions.md) and changes nothing', async () => {
    const me = await signedInCustomer(db);
    const r = await call(cartApi.add, {
      as: me,
      encoding: 'form',
      body: { product_id: lock.id, quantity: 1 },
      headers: { origin: 'https://evil.example' },
    });
    expectStatus(r, 403);
    expect(await cartRows(me)).toEqual({});
  });
});

describe('bad input answers 422 with field errors and changes nothing', () => {
  let me: Customer;
  beforeAll(async () => {
    me = await signedInCustomer(db);
  });

  it.each([
    ['add-cart product_id=abc', cartApi.add, { product_id: 'abc', quantity: 1 }, 'product_id'],
    ['add-cart without product_id', cartApi.add, { quantity: 1 }, 'product_id'],
    ['add-cart product_id=0', cartApi.add, { product_id: 0 }, 'product_id'],
    ['add-cart quantity=0', cartApi.add, { product_id: 'LOCK', quantity: 0 }, 'quantity'],
    ['add-cart quantity=1000', cartApi.add, { product_id: 'LOCK', quantity: 1000 }, 'quantity'],
    ['add-cart quantity=1.5', cartApi.add, { product_id: 'LOCK', quantity: '1.5' }, 'quantity'],
    ['add-cart quantity=-1', cartApi.add, { product_id: 'LOCK', quantity: -1 }, 'quantity'],
    ['update-product-quantity product_id=abc', cartApi.updateQuantity, { product_id: 'abc', quantity: 1 }, 'product_id'],
    ['update-product-quantity quantity=0', cartApi.updateQuantity, { product_id: 'LOCK', quantity: 0 }, 'quantity'],
    ['update-product-quantity quantity=1000', cartApi.updateQuantity, { product_id: 'LOCK', quantity: 1000 }, 'quantity'],
    ['update-product-quantity without quantity', cartApi.updateQuantity, { product_id: 'LOCK' }, 'quantity'],
    ['productwise-cart-delete product_id=abc', cartApi.remove, { product_id: 'abc' }, 'product_id'],
    ['add-wishlist product_id=abc', wishlistApi.add, { product_id: 'abc' }, 'product_id'],
    ['remove-wishlist product_id=abc', wishlistApi.remove, { product_id: 'abc' }, 'product_id'],
  ])('%s', async (_name, endpoint, fields, field) => {
    const form = Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v === 'LOCK' ? lock.id : v]));
    // Input no well-behaved client sends: the endpoint's body type is left out on purpose.
    expectFieldError(await call<Endpoint>(endpoint, { as: me, body: form, encoding: 'form' }), field);
    expect(await cartRows(me)).toEqual({});
    expect(await wishlistRows(me)).toEqual([]);
  });

  it.each([
    ['add-multiple-cart products not a list', cartApi.merge, { products: 'abc' }, 'products'],
    ['add-multiple-cart products missing', cartApi.merge, {}, 'products'],
    ['add-multiple-cart product_id=abc in a line', cartApi.merge, { products: [{ product_id: 'abc', quantity: 1 }] }, 'products'],
    ['add-multiple-cart quantity=0 in a line', cartApi.merge, { products: [{ product_id: 1, quantity: 0 }] }, 'products'],
    ['add-multiple-cart quantity=1000 in a line', cartApi.merge, { products: [{ product_id: 1, quantity: 1000 }] }, 'products'],
    [
      'add-multiple-cart over 100 lines',
      cartApi.merge,
      { products: Array.from({ length: 101 }, (_, i) => ({ product_id: i + 1, quantity: 1 })) },
      'products',
    ],
    ['add-multiple-wishlist products not a list', wishlistApi.merge, { products: { product_id: 1 } }, 'products'],
    ['add-multiple-wishlist product_id=abc', wishlistApi.merge, { products: [{ product_id: 'abc' }] }, 'products'],
  ])('%s', async (_name, endpoint, body, field) => {
    expectFieldError(await call<Endpoint>(endpoint, { as: me, body }), field);
    expect(await cartRows(me)).toEqual({});
    expect(await wishlistRows(me)).toEqual([]);
  });

  it('a whole merge is refused when one line is bad (nothing half-applied)', async () => {
    const r = await call(cartApi.merge, {
      as: me,
      body: {
        products: [
          { product_id: lock.id, quantity: 1 },
          { product_id: 'abc', quantity: 1 },
        ],
      },
    });
    expectFieldError(r, 'products.1.product_id');
    expect(await cartRows(me)).toEqual({});
  });

  it('a JSON body that is not an object is refused', async () => {
    expectStatus(await call<Endpoint>(cartApi.merge, { as: me, body: [{ product_id: lock.id, quantity: 1 }] }), 422);
    expect(await cartRows(me)).toEqual({});
  });

  it('cart-list refuses a coupon longer than 20 characters', async () => {
    expectFieldError(await call(cartApi.list, { as: me, query: { coupon: 'A'.repeat(21) } }), 'coupon');
    expectStatus(await call(cartApi.list, { as: me, query: { coupon: 'A'.repeat(20) } }), 200);
  });

  it("coupon/check refuses a missing, blank or over-long coupon with the spec's limit", async () => {
    expectFieldError(await call(couponsApi.check, { query: {} as QueryInput<typeof couponsApi.check> }), 'coupon', t.couponRequired);
    expectFieldError(await call(couponsApi.check, { query: { coupon: '  ' } }), 'coupon', t.couponRequired);
    expectFieldError(
      await call(couponsApi.check, { query: { coupon: 'A'.repeat(21) } }),
      'coupon',
      'A coupon code has at most 20 characters',
    );
  });

  it.each([
    ['page=0', { page: 0 }, 'page'],
    ['page=abc', { page: 'abc' }, 'page'],
    ['page=-1', { page: -1 }, 'page'],
    ['limit=0', { limit: 0 }, 'limit'],
    ['limit=51', { limit: 51 }, 'limit'],
    [`keyword=${'k'.repeat(21)}`, { keyword: 'k'.repeat(21) }, 'keyword'],
  ])('coupon list refuses %s', async (_search, query, field) => {
    expectFieldError(await call(couponsApi.list, { query }), field);
  });
});

describe("coupon (the popup's list)", () => {
  const listed = (r: EndpointAnswer<typeof couponsApi.list>) => r.data.data.map((c) => c.code);

  it('lists only coupons in force, 5 per page by default, with last_page', async () => {
    const first = await call(couponsApi.list);
    expectStatus(first, 200);
    expect(first.data.data).toHaveLength(5);
    expect(first.data.last_page).toBe(2);
    const second = await call(couponsApi.list, { query: { page: 2 } });
    expectStatus(second, 200);
    expect(second.data.data).toHaveLength(IN_FORCE.length - 5);
    expect(second.data.last_page).toBe(2);
    const all = [...listed(first), ...listed(second)];
    expect(new Set(all).size).toBe(all.length);
    expect(all.sort()).toEqual([...IN_FORCE].sort());
    for (const gone of ['OLD50', 'SOON', 'OFF']) expect(all).not.toContain(gone);
  });

  it("answers each coupon with the spec's fields, amounts in AED", async () => {
    const r = await call(couponsApi.list, { query: { limit: 50 } });
    const byCode = Object.fromEntries(r.data.data.map((c) => [c.code, c]));
    for (const coupon of Object.values(byCode)) for (const field of COUPON_FIELDS) expect(coupon, field).toHaveProperty(field);
    expect(byCode.PCT10CAP150).toEqual(
      expect.objectContaining({
        code: 'PCT10CAP150',
        discount: 10,
        discount_type: 'percent',
        max_discount: 150,
        min_amount: 0,
        end_date: coupons.PCT10CAP150!.endDate.toISOString(),
      }),
    );
    expect(byCode.FLAT250).toEqual(expect.objectContaining({ discount: 250, discount_type: 'amount', max_discount: null }));
    expect(byCode.MIN1500).toEqual(expect.objectContaining({ discount: 15, max_discount: 500, min_amount: 1500 }));
  });

  it('pages with a limit', async () => {
    const pages: string[][] = [];
    for (let page = 1; page <= 3; page++) {
      const r = await call(couponsApi.list, { query: { page, limit: 3 } });
      expectStatus(r, 200);
      expect(r.data.last_page).toBe(3);
      pages.push(listed(r));
    }
    expect(pages.map((p) => p.length)).toEqual([3, 3, 2]);
    expect(pages.flat().sort()).toEqual([...IN_FORCE].sort());
  });

  it('searches by keyword, case-insensitively', async () => {
    const winter = await call(couponsApi.list, { query: { keyword: 'winter' } });
    expect(listed(winter).sort()).toEqual(['WINTER1', 'WINTER2', 'WINTER3']);
    expect(winter.data.last_page).toBe(1);
    expect(listed(await call(couponsApi.list, { query: { keyword: 'RAMADAN' } }))).toEqual(['Ramadan15']);
    expect(listed(await call(couponsApi.list, { query: { keyword: 'min' } }))).toEqual(expect.arrayContaining(['MIN5000', 'MIN1500']));
    // An expired coupon is not found by its code either.
    expect(listed(await call(couponsApi.list, { query: { keyword: 'old50' } }))).toEqual([]);
  });

  it('pages the keyword results', async () => {
    const first = await call(couponsApi.list, { query: { keyword: 'WINTER', limit: 2 } });
    const second = await call(couponsApi.list, { query: { keyword: 'WINTER', limit: 2, page: 2 } });
    expect(first.data.last_page).toBe(2);
    expect([...listed(first), ...listed(second)].sort()).toEqual(['WINTER1', 'WINTER2', 'WINTER3']);
  });

  it('needs no sign-in', async () => {
    const me = await signedInCustomer(db);
    expect(listed(await call(couponsApi.list, { query: { limit: 50 }, as: me })).sort()).toEqual(
      listed(await call(couponsApi.list, { query: { limit: 50 } })).sort(),
    );
  });
});

describe('coupon/check (apply a code)', () => {
  const check = (code: string, options: { as?: Customer | null; items?: unknown } = {}) =>
    call(couponsApi.check, {
      as: options.as ?? null,
      query: {
        coupon: code,
        ...(options.items === undefined
          ? {}
          : { items: typeof options.items === 'string' ? options.items : JSON.stringify(options.items) }),
      },
    });

  it('answers a valid code with 200 and the coupon in data.data', async () => {
    const r = await check('pct10cap150');
    expectStatus(r, 200);
    for (const field of COUPON_FIELDS) expect(r.data.data, field).toHaveProperty(field);
    expect(r.data.data).toMatchObject({
      code: 'PCT10CAP150',
      discount: 10,
      discount_type: 'percent',
      max_discount: 150,
      min_amount: 0,
      end_date: coupons.PCT10CAP150!.endDate.toISOString(),
    });
  });

  it('answers an unknown or switched-off code with 404 "This coupon code is not valid"', async () => {
    for (const code of ['NOSUCH', 'OFF']) {
      const r = await check(code);
      expectStatus(r, 404);
      expect(r.message).toBe('This coupon code is not valid');
    }
  });

  it('answers an expired code with 422 "This coupon has expired"', async () => {
    const r = await check('OLD50');
    expectFieldError(r, 'coupon', 'This coupon has expired');
    expect(r.message).toBe('This coupon has expired');
  });

  it('answers a code that has not started with 422', async () => {
    const r = await check('SOON');
    expectStatus(r, 422);
    expect(r.message).toBe(t.couponNotStarted);
  });

  describe("for a signed-in shopper, the server cart's subtotal counts", () => {
    it('accepts the minimum when the server cart reaches it', async () => {
      const me = await signedInCustomer(db);
      expectStatus(await addCart(me, lock.id, 2), 201);
      expectStatus(await addCart(me, shredder.id, 1), 201);
      // S = 2,000.00 >= 1,500.00
      expectStatus(await check('MIN1500', { as: me }), 200);
      const r = await check('MIN5000', { as: me });
      expectFieldError(r, 'coupon', 'This coupon needs a subtotal of at least AED\u00A05,000.00');
      expect(r.message).toBe('This coupon needs a subtotal of at least AED\u00A05,000.00');
    });

    it('refuses the minimum when the server cart is small, whatever items are claimed', async () => {
      const me = await signedInCustomer(db);
      expectStatus(await addCart(me, shredder.id, 1), 201);
      const r = await check('MIN1500', { as: me, items: [{ product_id: vault.id, quantity: 2 }] });
      expectStatus(r, 422);
      expect(r.message).toBe('This coupon needs a subtotal of at least AED\u00A01,500.00');
    });

    it('compares the pre-tax subtotal with the minimum', async () => {
      // 1,575.00 VAT included is exactly 1,500.00 before tax: accepted. 1,574.99 is not.
      const exact = await insertProduct(db, { unitPrice: 1_575_00, quantity: 5 });
      const under = await insertProduct(db, { unitPrice: 1_574_99, quantity: 5 });
      const a = await signedInCustomer(db);
      expectStatus(await addCart(a, exact.id, 1), 201);
      expectStatus(await check('MIN1500', { as: a }), 200);
      const b = await signedInCustomer(db);
      expectStatus(await addCart(b, under.id, 1), 201);
      expectStatus(await check('MIN1500', { as: b }), 422);
    });
  });

  describe('for a guest, the items are priced by the server', () => {
    it("accepts the minimum when the items reach it at the server's prices", async () => {
      // lock 945.00 x 2 + shredder 210.00 = 2,100.00: S = 2,000.00
      expectStatus(
        await check('MIN1500', {
          items: [
            { product_id: lock.id, quantity: 2 },
            { product_id: shredder.id, quantity: 1 },
          ],
        }),
        200,
      );
    });

    it('cannot reach a minimum by lying about prices', async () => {
      const r = await check('MIN1500', {
        items: [{ product_id: shredder.id, quantity: 1, unit_price: 99_999, discount: 0, subtotal: 99_999 }],
      });
      expectStatus(r, 422);
      expect(r.message).toBe('This coupon needs a subtotal of at least AED\u00A01,500.00');
    });

    it('does not count unknown or unpublished products', async () => {
      const r = await check('MIN1500', {
        items: [
          { product_id: hidden.id, quantity: 20 },
          { product_id: 2_000_000_000, quantity: 20 },
          { product_id: shredder.id, quantity: 1 },
        ],
      });
      expectStatus(r, 422);
    });

    it('treats no items as an empty cart', async () => {
      expectStatus(await check('MIN1500'), 422);
      expectStatus(await check('FLAT250'), 200);
    });

    it.each([
      ['not JSON', 'not json'],
      ['a JSON object, not a list', JSON.stringify({ product_id: 1, quantity: 1 })],
      ['a line with product_id=abc', JSON.stringify([{ product_id: 'abc', quantity: 1 }])],
      ['a line with quantity=0', JSON.stringify([{ product_id: 1, quantity: 0 }])],
      ['over 100 lines', JSON.stringify(Array.from({ length: 101 }, (_, i) => ({ product_id: i + 1, quantity: 1 })))],
    ])('answers 422 on the items field for %s', async (_name, items) => {
      expectFieldError(await check('FLAT250', { items }), 'items');
    });
  });
});
