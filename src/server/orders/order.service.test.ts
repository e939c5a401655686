// Placing orders (docs/decisions/0002-money-in-fils-api-in-aed.md, docs/decisions/0020-orders-stock-and-payment.md; docs/product.md#data, #behaviour, #validation): the server prices every line, takes the stock
// in the order's transaction (never below zero, never sold twice), makes one order per
// submission, checks the coupon, the address and the delivery form again, and mails the lines.
// On PostgreSQL (TEST_DATABASE_URL) the parallel cases run on a pool of real connections.
import { describe, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { products } from '@/server/db/schema/catalog';
import { addresses, deliveryForms } from '@/server/db/schema/shopping';
import { orderLines, orders, testPaymentIntents } from '@/server/db/schema/orders';
import { mailOutbox } from '@/server/db/schema/mail';
import { ValidationError } from '@/server/errors';
import { cartTotals } from '@/domain/pricing';
import { fils, formatPrice } from '@/domain/money';
import { checkoutMessages as t } from '@/domain/messages/checkout';
import { cartMessages } from '@/domain/messages/cart';
import { couponTerms } from '@/server/coupons/coupon.service';
import { createTestProvider } from '@/server/payments/test.provider';
import type { PaymentProvider } from '@/server/payments/payment-provider';
import { expectedDelivery, getOrderDetail, placeOrder, type PlaceOrderInput } from './order.service';
import { saveDeliveryForm } from '@/server/addresses/address.service';
import { getCart } from '@/server/cart/cart.service';
import { useFreshDatabase } from '../../../tests/db';
import { insertProduct } from '../../../tests/factories';
import { insertCoupon, insertDeliveryForm } from '../../../tests/shopping';
import { addressFor, cartOfUser, orderDeps, putInCart, shopper, stockOf, type Shopper } from '../../../tests/checkout';
import { rejection } from '../../../tests/errors';

let db: Db;

useFreshDatabase((database) => {
  db = database.db;
});

const cash = (s: Shopper, extra: Partial<PlaceOrderInput> = {}): PlaceOrderInput => ({
  addressId: s.address.id,
  paymentType: 'cash_on_delivery',
  ...extra,
});
const online = (s: Shopper, extra: Partial<PlaceOrderInput> = {}): PlaceOrderInput => ({
  addressId: s.address.id,
  paymentType: 'online',
  ...extra,
});

async function ordersOf(userId: number) {
  return db.select().from(orders).where(eq(orders.userId, userId));
}

async function linesOf(orderId: number) {
  return db.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(orderLines.id);
}

describe('totals come from the server (docs/decisions/0002-money-in-fils-api-in-aed.md)', () => {
  it('sub_total, discount, VAT and grand total equal cartTotals of the server prices, coupon included', async () => {
    const s = await shopper(db);
    const lock = await insertProduct(db, { name: 'Keypad Lock', unitPrice: 1_050_00, discount: 10, quantity: 9 });
    const shredder = await insertProduct(db, { name: 'Shredder', unitPrice: 210_99, discount: 3, quantity: 9 });
    const coupon = await insertCoupon(db, { discountType: 'percent', discount: 10, maxDiscount: 150_00 });
    await putInCart(db, s.user.id, lock.id, 2);
    await putInCart(db, s.user.id, shredder.id, 3);
    const now = new Date();
    const deps = orderDeps(db, null, () => now);

    const { order } = await placeOrder(deps, s.user, cash(s, { couponCode: coupon.code }));

    const expected = cartTotals(
      [
        { unitPrice: lock.unitPrice, discount: lock.discount, quantity: 2 },
        { unitPrice: shredder.unitPrice, discount: shredder.discount, quantity: 3 },
      ],
      couponTerms(coupon),
      now,
    );
    expect(expected.discount).toBeGreaterThan(0);
    expect(order).toMatchObject({
      subTotal: expected.subtotal,
      discountAmount: expected.discount,
      taxAmount: expected.vat,
      grandTotal: expected.grandTotal,
      couponCode: coupon.code,
      paymentType: 'cash_on_delivery',
      paymentStatus: 'unpaid',
      deliveryStatus: 'pending',
    });
    const lines = await linesOf(order.id);
    expect(
      lines.map((l) => ({
        productId: l.productId,
        unitPrice: l.unitPrice,
        discount: l.discount,
        quantity: l.quantity,
        lineTotal: l.lineTotal,
      })),
    ).toEqual([
      { productId: lock.id, unitPrice: 1_050_00, discount: 10, quantity: 2, lineTotal: 945_00 * 2 },
      { productId: shredder.id, unitPrice: 210_99, discount: 3, quantity: 3, lineTotal: 204_66 * 3 },
    ]);
  });

  it('without a coupon the grand total is exactly the shelf prices the shopper saw', async () => {
    const s = await shopper(db);
    const p = await insertProduct(db, { unitPrice: 333_33, discount: 7, quantity: 5 });
    await putInCart(db, s.user.id, p.id, 3);
    const { order } = await placeOrder(orderDeps(db, null), s.user, cash(s));
    const shelf = Math.round((333_33 * 93) / 100);
    expect(order.grandTotal).toBe(shelf * 3);
    expect(order.discountAmount).toBe(0);
    expect(order.subTotal + order.taxAmount).toBe(order.grandTotal);
    expect(order.couponCode).toBeNull();
  });

  it('a price changed after the item went into the cart: the order takes the current price', async () => {
    const s = await shopper(db);
    const p = await insertProduct(db, { unitPrice: 100_00, quantity: 5 });
    await putInCart(db, s.user.id, p.id, 1);
    await db
      .update(products)
      .set({ unitPrice: fils(120_00) })
      .where(eq(products.id, p.id));
    const { order } = await placeOrder(orderDeps(db, null), s.user, cash(s));
    expect(order.grandTotal).toBe(120_00);
    expect((await linesOf(order.id))[0]?.unitPrice).toBe(120_00);
  });
});

describe('stock is taken in the order transaction (docs/decisions/0020-orders-stock-and-payment.md)', () => {
  it('stock goes down by the quantities and units_sold goes up', async () => {
    const s = await shopper(db);
    const a = await insertProduct(db, { quantity: 10, unitsSold: 4 });
    const b = await insertProduct(db, { quantity: 3 });
    await putInCart(db, s.user.id, a.id, 4);
    await putInCart(db, s.user.id, b.id, 3);
    await placeOrder(orderDeps(db, null), s.user, cash(s));
    expect(await stockOf(db, a.id)).toEqual({ quantity: 6, unitsSold: 8 });
    expect(await stockOf(db, b.id)).toEqual({ quantity: 0, unitsSold: 3 });
  });

  it('more than the stock: 422 with the stock message, no order and nothing taken from any line', async () => {
    const s = await shopper(db);
    const plenty = await insertProduct(db, { quantity: 10 });
    const scarce = await insertProduct(db, { name: 'Scarce Safe', quantity: 5 });
    await putInCart(db, s.user.id, plenty.id, 2);
    await putInCart(db, s.user.id, scarce.id, 4);
    // Someone else bought most of it after this cart was filled.
    await db.update(products).set({ quantity: 3 }).where(eq(products.id, scarce.id));
    const error = await rejection(placeOrder(orderDeps(db, null), s.user, cash(s)));
    expect(error.status).toBe(422);
    expect(error.message).toBe(t.stockGone('Scarce Safe'));
    expect(await ordersOf(s.user.id)).toEqual([]);
    expect(await stockOf(db, plenty.id)).toEqual({ quantity: 10, unitsSold: 0 });
    expect(await stockOf(db, scarce.id)).toEqual({ quantity: 3, unitsSold: 0 });
    expect(await cartOfUser(db, s.user.id)).toEqual({ [plenty.id]: 2, [scarce.id]: 4 });
  });

  it('20 customers order the last unit in parallel (cash on delivery): exactly one order, stock 0', async () => {
    const last = await insertProduct(db, { name: 'Last Vault', quantity: 1, unitPrice: 5_000_00 });
    const shoppers = await Promise.all(Array.from({ length: 20 }, () => shopper(db)));
    for (const s of shoppers) await putInCart(db, s.user.id, last.id, 1);
    const deps = orderDeps(db, null);

    const results = await Promise.allSettled(shoppers.map((s) => placeOrder(deps, s.user, cash(s))));

    const won = results.filter((r) => r.status === 'fulfilled');
    const lost = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(19);
    for (const r of lost) {
      expect(r.reason).toBeInstanceOf(ValidationError);
      expect((r.reason as ValidationError).message).toBe(t.stockGone('Last Vault'));
    }
    expect(await stockOf(db, last.id)).toEqual({ quantity: 0, unitsSold: 1 });
    const sold = await db.select().from(orderLines).where(eq(orderLines.productId, last.id));
    expect(sold).toHaveLength(1);
    expect(sold[0]!.quantity).toBe(1);
    // Only the winner's cart was cleared; the others keep theirs to change it.
    const winner = shoppers[results.findIndex((r) => r.status === 'fulfilled')]!;
    for (const s of shoppers) expect(await cartOfUser(db, s.user.id)).toEqual(s === winner ? {} : { [last.id]: 1 });
    expect(deps.mailer.sent).toHaveLength(1);
  });

  it('20 customers, 3 units, online orders in parallel: exactly three orders, stock 0', async () => {
    const scarce = await insertProduct(db, { name: 'Three Left', quantity: 3 });
    const shoppers = await Promise.all(Array.from({ length: 20 }, () => shopper(db)));
    for (const s of shoppers) await putInCart(db, s.user.id, scarce.id, 1);
    const deps = orderDeps(db, createTestProvider(db));
    const results = await Promise.allSettled(shoppers.map((s) => placeOrder(deps, s.user, online(s))));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    // Held for card payment, not sold yet: units sold count them when they are paid.
    expect(await stockOf(db, scarce.id)).toEqual({ quantity: 0, unitsSold: 0 });
    expect(await db.select().from(orderLines).where(eq(orderLines.productId, scarce.id))).toHaveLength(3);
  });

  it('a customer ordering two lines while another takes the last unit of one: no half order', async () => {
    const shared = await insertProduct(db, { name: 'Shared Last', quantity: 1 });
    const own = await insertProduct(db, { name: 'Own Item', quantity: 5 });
    const first = await shopper(db);
    const second = await shopper(db);
    await putInCart(db, first.user.id, own.id, 2);
    await putInCart(db, first.user.id, shared.id, 1);
    await putInCart(db, second.user.id, shared.id, 1);
    const results = await Promise.allSettled([
      placeOrder(orderDeps(db, null), first.user, cash(first)),
      placeOrder(orderDeps(db, null), second.user, cash(second)),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const firstWon = results[0].status === 'fulfilled';
    expect(await stockOf(db, shared.id)).toEqual({ quantity: 0, unitsSold: 1 });
    expect(await stockOf(db, own.id)).toEqual(firstWon ? { quantity: 3, unitsSold: 2 } : { quantity: 5, unitsSold: 0 });
  });
});

describe('one order per submission (docs/decisions/0020-orders-stock-and-payment.md)', () => {
  it('the same submission twice, one after the other: one order, the same id', async () => {
    const s = await shopper(db);
    const p = await insertProduct(db, { quantity: 10 });
    await putInCart(db, s.user.id, p.id, 2);
    const deps = orderDeps(db, null);
    const first = await placeOrder(deps, s.user, cash(s, { idempotencyKey: 'submit-0001' }));
    const again = await placeOrder(deps, s.user, cash(s, { idempotencyKey: 'submit-0001' }));
    expect(again.order.id).toBe(first.order.id);
    expect(await ordersOf(s.user.id)).toHaveLength(1);
    expect(await stockOf(db, p.id)).toEqual({ quantity: 8, unitsSold: 2 });
    expect(deps.mailer.sent).toHaveLength(1);
  });

  it('the same cash submission twice in parallel: one order, the same id both times', async () => {
    const s = await shopper(db);
    const p = await insertProduct(db, { quantity: 10 });
    await putInCart(db, s.user.id, p.id, 2);
    const deps = orderDeps(db, null);
    const [a, b] = await Promise.all([
      placeOrder(deps, s.user, cash(s, { idempotencyKey: 'parallel-cash-1' })),
      placeOrder(deps, s.user, cash(s, { idempotencyKey: 'parallel-cash-1' })),
    ]);
    expect(a.order.id).toBe(b.order.id);
    expect(await ordersOf(s.user.id)).toHaveLength(1);
    expect(await stockOf(db, p.id)).toEqual({ quantity: 8, unitsSold: 2 });
  });

  it('the same online submission twice in parallel: one order, one intent', async () => {
    const s = await shopper(db);
    const p = await insertProduct(db, { quantity: 10 });
    await putInCart(db, s.user.id, p.id, 1);
    const deps = orderDeps(db, createTestProvider(db));
    const [a, b] = await Promise.all([
      placeOrder(deps, s.user, online(s, { idempotencyKey: 'parallel-online-1' })),
      placeOrder(deps, s.user, online(s, { idempotencyKey: 'parallel-online-1' })),
    ]);
    expect(a.order.id).toBe(b.order.id);
    expect(await ordersOf(s.user.id)).toHaveLength(1);
    expect(await stockOf(db, p.id)).toEqual({ quantity: 9, unitsSold: 0 });
    expect(await db.select().from(testPaymentIntents).where(eq(testPaymentIntents.orderId, a.order.id))).toHaveLength(1);
    // Both answers can pay the one order, with the same intent.
    expect(a.clientSecret).toMatch(/^pi_test_/);
    expect(b.clientSecret).toBe(a.clientSecret);
  });

  it('the same submission twice in parallel for the last unit: both answers are the one order', async () => {
    for (const kind of ['cash', 'online'] as const) {
      const s = await shopper(db);
      const p = await insertProduct(db, { quantity: 1 });
      await putInCart(db, s.user.id, p.id, 1);
      const deps = orderDeps(db, createTestProvider(db));
      const input = kind === 'cash' ? cash(s, { idempotencyKey: `last-unit-${kind}` }) : online(s, { idempotencyKey: `last-unit-${kind}` });
      const [a, b] = await Promise.all([placeOrder(deps, s.user, input), placeOrder(deps, s.user, input)]);
      expect(a.order.id, kind).toBe(b.order.id);
      expect(await ordersOf(s.user.id)).toHaveLength(1);
      expect(await stockOf(db, p.id)).toEqual({ quantity: 0, unitsSold: kind === 'cash' ? 1 : 0 });
    }
  });

  it('a repeated online submission, sequentially, resumes the same intent (same client secret)', async () => {
    const s = await shopper(db);
    const p = await insertProduct(db, { quantity: 10 });
    await putInCart(db, s.user.id, p.id, 1);
    const deps = orderDeps(db, createTestProvider(db));
    const first = await placeOrder(deps, s.user, online(s, { idempotencyKey: 'online-seq-1' }));
    const again = await placeOrder(deps, s.user, online(s, { idempotencyKey: 'online-seq-1' }));
    expect(again.order.id).toBe(first.order.id);
    expect(again.clientSecret).toBe(first.clientSecret);
    expect(again.order.paymentIntentId).toBe(first.order.paymentIntentId);
  });

  it('another key for the same cart resumes the card order awaiting payment; the same key from another customer is theirs alone', async () => {
    const s = await shopper(db);
    const other = await shopper(db);
    const p = await insertProduct(db, { quantity: 10 });
    await putInCart(db, s.user.id, p.id, 1);
    await putInCart(db, other.user.id, p.id, 1);
    const deps = orderDeps(db, createTestProvider(db));
    const a = await placeOrder(deps, s.user, online(s, { idempotencyKey: 'shared-key-1' }));
    const b = await placeOrder(deps, s.user, online(s, { idempotencyKey: 'shared-key-2' }));
    const c = await placeOrder(deps, other.user, online(other, { idempotencyKey: 'shared-key-1' }));
    expect(b.order.id).toBe(a.order.id);
    expect(b.clientSecret).toBe(a.clientSecret);
    expect(c.order.id).not.toBe(a.order.id);
    expect(c.order.userId).toBe(other.user.id);
  });
});

describe('preconditions are checked again at placement (docs/product.md#validation)', () => {
  it('a coupon that expired since it was applied: 422, nothing taken', async () => {
    const s = await shopper(db);
    const p = await insertProduct(db, { quantity: 5 });
    await putInCart(db, s.user.id, p.id, 1);
    const now = new Date();
    const coupon = await insertCoupon(db, { endDate: new Date(now.getTime() + 60_000) });
    const later = new Date(now.getTime() + 3_600_000);
    const error = await rejection(
      placeOrder(
        orderDeps(db, null, () => later),
        s.user,
        cash(s, { couponCode: coupon.code }),
      ),
    );
    expect(error.status).toBe(422);
    expect(error.message).toBe(cartMessages.couponExpired);
    expect(await ordersOf(s.user.id)).toEqual([]);
    expect(await stockOf(db, p.id)).toEqual({ quantity: 5, unitsSold: 0 });
    expect(await cartOfUser(db, s.user.id)).toEqual({ [p.id]: 1 });
  });

  it('an unknown coupon or one under its minimum: 422, nothing taken', async () => {
    const s = await shopper(db);
    const p = await insertProduct(db, { unitPrice: 100_00, quantity: 5 });
    await putInCart(db, s.user.id, p.id, 1);
    const rich = await insertCoupon(db, { minAmount: 1_000_00 });
    for (const code of ['NOSUCHCODE', rich.code]) {
      const error = await rejection(placeOrder(orderDeps(db, null), s.user, cash(s, { couponCode: code })));
      expect(error.status, code).toBe(422);
    }
    expect(await ordersOf(s.user.id)).toEqual([]);
    expect((await stockOf(db, p.id)).quantity).toBe(5);
  });

  it('an empty cart: 422 "Your cart is empty"', async () => {
    const s = await shopper(db);
    const error = await rejection(placeOrder(orderDeps(db, null), s.user, cash(s)));
    expect(error.status).toBe(422);
    expect(error.message).toBe(t.cartEmpty);
    expect(await ordersOf(s.user.id)).toEqual([]);
  });

  it("no such address, or another customer's: 422 'Please add a delivery address'", async () => {
    const s = await shopper(db);
    const other = await shopper(db);
    const p = await insertProduct(db, { quantity: 5 });
    await putInCart(db, s.user.id, p.id, 1);
    for (const addressId of [other.address.id, 9_999_999]) {
      for (const paymentType of ['cash_on_delivery', 'online'] as const) {
        const error = await rejection(placeOrder(orderDeps(db, createTestProvider(db)), s.user, { addressId, paymentType }));
        expect(error.status).toBe(422);
        expect(error.message).toBe(t.addDeliveryAddress);
        expect(error.fields?.address_id).toEqual([t.addDeliveryAddress]);
      }
    }
    expect(await ordersOf(s.user.id)).toEqual([]);
    expect((await stockOf(db, p.id)).quantity).toBe(5);
  });

  it('cash on delivery needs a default address; an online order does not', async () => {
    const s = await shopper(db);
    // An address that is not the default (written around the service, which always keeps one).
    await db.update(addresses).set({ isDefaultAddress: false }).where(eq(addresses.userId, s.user.id));
    const p = await insertProduct(db, { quantity: 5 });
    await putInCart(db, s.user.id, p.id, 1);
    const error = await rejection(placeOrder(orderDeps(db, createTestProvider(db)), s.user, cash(s)));
    expect(error.status).toBe(422);
    expect(error.message).toBe(t.addDeliveryAddress);
    expect((await stockOf(db, p.id)).quantity).toBe(5);
    const placed = await placeOrder(orderDeps(db, createTestProvider(db)), s.user, online(s));
    expect(placed.order.addressId).toBe(s.address.id);
  });

  it('cash on delivery to a non-default address of the customer is fine while a default exists', async () => {
    const s = await shopper(db);
    const second = await addressFor(db, s.user.id, { city: 'Ajman', state: 'Ajman' });
    const p = await insertProduct(db, { quantity: 5 });
    await putInCart(db, s.user.id, p.id, 1);
    const { order } = await placeOrder(orderDeps(db, null), s.user, { addressId: second.id, paymentType: 'cash_on_delivery' });
    expect(order.addressId).toBe(second.id);
    expect(order.shippingAddress).toMatchObject({ city: 'Ajman', state: 'Ajman', name: second.name, phone: second.phone });
  });

  it('a heavy cart (over 100 kg) without a delivery form: 422 "Please Fill Delivery Location Details"', async () => {
    const s = await shopper(db);
    const heavy = await insertProduct(db, { weightKg: 50.5, quantity: 5 });
    await putInCart(db, s.user.id, heavy.id, 2);
    const error = await rejection(placeOrder(orderDeps(db, null), s.user, cash(s)));
    expect(error.status).toBe(422);
    expect(error.message).toBe(t.fillDeliveryDetails);
    expect(error.fields?.weight_form_id).toEqual([t.fillDeliveryDetails]);
    expect((await stockOf(db, heavy.id)).quantity).toBe(5);
    expect(await ordersOf(s.user.id)).toEqual([]);
  });

  it("a heavy cart with another customer's form id is still refused", async () => {
    const s = await shopper(db);
    const other = await shopper(db);
    const form = await insertDeliveryForm(db, other.user.id);
    const heavy = await insertProduct(db, { weightKg: 101, quantity: 5 });
    await putInCart(db, s.user.id, heavy.id, 1);
    const error = await rejection(placeOrder(orderDeps(db, null), s.user, cash(s, { deliveryFormId: form.id })));
    expect(error.message).toBe(t.fillDeliveryDetails);
  });

  it('a heavy cart with a delivery form: the order is placed and links the form', async () => {
    const s = await shopper(db);
    const form = await insertDeliveryForm(db, s.user.id, { contactName: 'Site Manager' });
    const heavy = await insertProduct(db, { weightKg: 60, quantity: 5 });
    await putInCart(db, s.user.id, heavy.id, 2);
    const { order } = await placeOrder(orderDeps(db, null), s.user, cash(s, { deliveryFormId: form.id }));
    expect(order.deliveryFormId).toBe(form.id);
    expect(order.totalWeightKg).toBe(120);
    const detail = await getOrderDetail(db, s.user.id, order.id);
    expect(detail.deliveryForm?.contactName).toBe('Site Manager');
  });

  it("a heavy cart without a form id uses the customer's latest form", async () => {
    const s = await shopper(db);
    await insertDeliveryForm(db, s.user.id, { contactName: 'Older' });
    const latest = await insertDeliveryForm(db, s.user.id, { contactName: 'Latest' });
    const heavy = await insertProduct(db, { weightKg: 200, quantity: 5 });
    await putInCart(db, s.user.id, heavy.id, 1);
    const { order } = await placeOrder(orderDeps(db, null), s.user, cash(s));
    expect(order.deliveryFormId).toBe(latest.id);
  });

  it('a heavy order is delivered on the date chosen in its form: the expected date, the detail and the mail say it', async () => {
    const s = await shopper(db, { state: 'Abu Dhabi', city: 'Abu Dhabi' });
    const form = await insertDeliveryForm(db, s.user.id, { dateOfDelivery: '2099-03-09', availableTiming: '3:00 PM - 6:00 PM' });
    const heavy = await insertProduct(db, { weightKg: 150, quantity: 5 });
    await putInCart(db, s.user.id, heavy.id, 1);
    const deps = orderDeps(db, null);
    const { order } = await placeOrder(deps, s.user, cash(s, { deliveryFormId: form.id }));
    expect(order.expectDate).toBe('2099-03-09');
    expect((await getOrderDetail(db, s.user.id, order.id)).deliveryForm?.dateOfDelivery).toBe('2099-03-09');
    const mail = deps.mailer.sent[0]!;
    expect(mail.text).toContain('Delivery date: 9 Mar 2099, 3:00 PM - 6:00 PM.');
    expect(mail.html).toContain('Delivery date: 9 Mar 2099, 3:00 PM - 6:00 PM.');
    expect(mail.text).not.toContain('Expected delivery');
  });

  it('a light order keeps the expected date of the shipping policy, and the mail calls it expected', async () => {
    const s = await shopper(db, { state: 'Dubai', city: 'Dubai' });
    const p = await insertProduct(db, { weightKg: 10, quantity: 5 });
    await putInCart(db, s.user.id, p.id, 1);
    const now = new Date('2026-06-15T10:00:00Z');
    const deps = orderDeps(db, null, () => now);
    const { order } = await placeOrder(deps, s.user, cash(s));
    expect(order.expectDate).toBe('2026-06-16');
    expect(order.deliveryDetails).toBeNull();
    expect(deps.mailer.sent[0]!.text).toContain('Expected delivery: 16 Jun 2026.');
  });

  it('a form whose date has passed is refused at placement: "Date of delivery cannot be in the past"', async () => {
    const s = await shopper(db);
    const form = await insertDeliveryForm(db, s.user.id, { dateOfDelivery: '2020-01-01' });
    const heavy = await insertProduct(db, { weightKg: 150, quantity: 5 });
    await putInCart(db, s.user.id, heavy.id, 1);
    const explicit = await rejection(placeOrder(orderDeps(db, null), s.user, cash(s, { deliveryFormId: form.id })));
    expect(explicit.status).toBe(422);
    expect(explicit.fields?.weight_form_id).toEqual([t.deliveryDateInPast]);
    // Without an id the past form is not this checkout's at all.
    const implicit = await rejection(placeOrder(orderDeps(db, null), s.user, cash(s)));
    expect(implicit.fields?.weight_form_id).toEqual([t.fillDeliveryDetails]);
    expect(await ordersOf(s.user.id)).toEqual([]);
  });

  it('exactly 100 kg is not heavy: no form needed', async () => {
    const s = await shopper(db);
    const p = await insertProduct(db, { weightKg: 50, quantity: 5 });
    await putInCart(db, s.user.id, p.id, 2);
    const { order } = await placeOrder(orderDeps(db, null), s.user, cash(s));
    expect(order.deliveryFormId).toBeNull();
  });

  it('card payment switched off (no provider): an online order is refused, cash still works', async () => {
    const s = await shopper(db);
    const p = await insertProduct(db, { quantity: 5 });
    await putInCart(db, s.user.id, p.id, 1);
    const error = await rejection(placeOrder(orderDeps(db, null), s.user, online(s)));
    expect(error.status).toBe(422);
    expect(error.message).toBe(t.cardPaymentOff);
    expect((await stockOf(db, p.id)).quantity).toBe(5);
    await placeOrder(orderDeps(db, null), s.user, cash(s));
    expect((await stockOf(db, p.id)).quantity).toBe(4);
  });

  it('the provider failing to create the intent: 502 "Failed to create payment intent", stock given back', async () => {
    const s = await shopper(db);
    const p = await insertProduct(db, { quantity: 5 });
    await putInCart(db, s.user.id, p.id, 2);
    const broken: PaymentProvider = {
      kind: 'stripe',
      publishableKey: 'pk_test',
      createIntent: async () => {
        throw new Error('network down');
      },
      retrieveIntent: async () => {
        throw new Error('network down');
      },
      updateIntent: async () => {
        throw new Error('network down');
      },
      cancelIntent: async () => {
        throw new Error('network down');
      },
      refund: async () => {
        throw new Error('network down');
      },
    };
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const error = await rejection(placeOrder(orderDeps(db, broken), s.user, online(s)));
    expect(logged.mock.calls.some(([line]) => String(line).includes('creating the payment intent failed'))).toBe(true);
    logged.mockRestore();
    expect(error.status).toBe(502);
    expect(error.message).toBe(t.paymentIntentFailed);
    expect(await stockOf(db, p.id)).toEqual({ quantity: 5, unitsSold: 0 });
    const [order] = await ordersOf(s.user.id);
    expect(order).toMatchObject({ paymentStatus: 'failed', deliveryStatus: 'cancelled' });
    expect(await cartOfUser(db, s.user.id)).toEqual({ [p.id]: 2 });
  });
});

describe('the cart and the confirmation mail', () => {
  it('a cash order clears the cart at once and mails the lines and totals', async () => {
    const s = await shopper(db);
    const lock = await insertProduct(db, { name: 'Keypad Lock', unitPrice: 1_050_00, discount: 10, quantity: 5 });
    const shredder = await insertProduct(db, { name: 'Cross-cut Shredder', unitPrice: 210_00, quantity: 5 });
    const coupon = await insertCoupon(db, { discountType: 'amount', discount: 50_00 });
    await putInCart(db, s.user.id, lock.id, 2);
    await putInCart(db, s.user.id, shredder.id, 1);
    const deps = orderDeps(db, null);
    const { order } = await placeOrder(deps, s.user, cash(s, { couponCode: coupon.code }));
    expect(await cartOfUser(db, s.user.id)).toEqual({});

    expect(deps.mailer.sent).toHaveLength(1);
    const mail = deps.mailer.sent[0]!;
    expect(mail.to).toBe(s.user.email);
    expect(mail.subject).toContain(`#${order.id}`);
    expect(mail.text).toContain(`2 x Keypad Lock @ ${formatPrice(fils(945_00))} = ${formatPrice(fils(1_890_00))}`);
    expect(mail.text).toContain(`1 x Cross-cut Shredder @ ${formatPrice(fils(210_00))} = ${formatPrice(fils(210_00))}`);
    expect(mail.text).toContain(`Subtotal (before VAT): ${formatPrice(order.subTotal)}`);
    expect(mail.text).toContain(`Discount: -${formatPrice(fils(50_00))}`);
    expect(mail.text).toContain(`VAT 5%: ${formatPrice(order.taxAmount)}`);
    expect(mail.text).toContain(`Total: ${formatPrice(order.grandTotal)}`);
    expect(mail.text).toContain('Cash on delivery');
    expect(mail.html).toContain('Keypad Lock');
    expect(mail.html).toContain(formatPrice(order.grandTotal));
  });

  it('an online order keeps the cart and sends no mail until it is paid', async () => {
    const s = await shopper(db);
    const p = await insertProduct(db, { quantity: 5 });
    await putInCart(db, s.user.id, p.id, 1);
    const deps = orderDeps(db, createTestProvider(db));
    const { order, clientSecret } = await placeOrder(deps, s.user, online(s));
    expect(clientSecret).toBeTruthy();
    expect(order.paymentIntentId).toMatch(/^pi_test_/);
    expect(order.paymentStatus).toBe('unpaid');
    expect(await cartOfUser(db, s.user.id)).toEqual({ [p.id]: 1 });
    expect(deps.mailer.sent).toEqual([]);
    // The stock is held for the order meanwhile.
    expect((await stockOf(db, p.id)).quantity).toBe(4);
  });

  it('a mailer that fails does not undo the order: the mail stays queued for a retry', async () => {
    const s = await shopper(db);
    const p = await insertProduct(db, { quantity: 5 });
    await putInCart(db, s.user.id, p.id, 1);
    const deps = {
      ...orderDeps(db, null),
      mailer: {
        send: async () => {
          throw new Error('SMTP down');
        },
      },
    };
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { order } = await placeOrder(deps, s.user, cash(s));
    expect(logged.mock.calls.some(([line]) => String(line).includes('mail not sent: will retry'))).toBe(true);
    logged.mockRestore();
    const [stored] = await db
      .select()
      .from(orders)
      .where(and(eq(orders.id, order.id), eq(orders.userId, s.user.id)));
    expect(stored).toBeDefined();
    const [queued] = await db.select().from(mailOutbox).where(eq(mailOutbox.recipient, s.user.email));
    expect(queued).toMatchObject({ kind: 'order_confirmation', sentAt: null, attempts: 1, lastError: 'Error' });
    expect(queued!.body.subject).toBe(`Safe Buddy order #${order.id} confirmed`);
  });
});

describe('expected delivery date (shipping policy)', () => {
  it('Dubai: next business day, skipping Sunday', () => {
    expect(expectedDelivery(new Date('2026-06-15T10:00:00Z'), 'Dubai')).toBe('2026-06-16'); // Mon -> Tue
    expect(expectedDelivery(new Date('2026-06-20T10:00:00Z'), 'Dubai')).toBe('2026-06-22'); // Sat -> Mon
  });

  it('Abu Dhabi 4 working days, the Northern Emirates 5', () => {
    expect(expectedDelivery(new Date('2026-06-15T10:00:00Z'), 'Abu Dhabi')).toBe('2026-06-19');
    expect(expectedDelivery(new Date('2026-06-15T10:00:00Z'), 'Sharjah')).toBe('2026-06-20');
    expect(expectedDelivery(new Date('2026-06-18T10:00:00Z'), 'Fujairah')).toBe('2026-06-24'); // Thu + 5, Sunday skipped
  });
});

describe('the delivery location form belongs to one order (docs/decisions/0026-delivery-form-per-order.md)', () => {
  const heavyCart = async (s: Shopper) => {
    const heavy = await insertProduct(db, { weightKg: 120, quantity: 10 });
    await putInCart(db, s.user.id, heavy.id, 1);
  };
  const formInput = (overrides: Partial<Parameters<typeof saveDeliveryForm>[2]> = {}) => ({
    contact_name: 'Site Manager',
    contact_number: '0501234567',
    date_of_delivery: '2099-05-10',
    available_timing: '9:00 AM - 12:00 PM',
    remarks: '',
    lift_available: 'No' as const,
    no_of_floors: 4,
    pass_required: 'Yes' as const,
    ...overrides,
  });

  it('a second heavy order is not given the first one’s form: the cart offers it only to prefill, and placing needs a new one', async () => {
    const s = await shopper(db);
    await heavyCart(s);
    const first = await saveDeliveryForm(db, s.user.id, formInput());
    expect((await getCart(db, s.user.id)).deliveryForm?.id).toBe(first.id);
    const { order: one } = await placeOrder(orderDeps(db, null), s.user, cash(s));
    expect(one.deliveryFormId).toBe(first.id);

    await heavyCart(s);
    const cart = await getCart(db, s.user.id);
    expect(cart.deliveryForm).toBeNull();
    expect(cart.lastDeliveryForm?.id).toBe(first.id);
    const silent = await rejection(placeOrder(orderDeps(db, null), s.user, cash(s)));
    expect(silent.fields?.weight_form_id).toEqual([t.fillDeliveryDetails]);
    // Naming the used form is refused too: it is the first order's.
    const reused = await rejection(placeOrder(orderDeps(db, null), s.user, cash(s, { deliveryFormId: first.id })));
    expect(reused.fields?.weight_form_id).toEqual([t.fillDeliveryDetails]);

    const second = await saveDeliveryForm(db, s.user.id, formInput({ date_of_delivery: '2099-06-20', lift_available: 'Yes' }));
    const { order: two } = await placeOrder(orderDeps(db, null), s.user, cash(s, { deliveryFormId: second.id }));
    expect(two.deliveryFormId).toBe(second.id);
    expect(two.expectDate).toBe('2099-06-20');
    expect((await getOrderDetail(db, s.user.id, two.id)).deliveryForm).toMatchObject({
      dateOfDelivery: '2099-06-20',
      liftAvailable: 'Yes',
    });
    expect((await getOrderDetail(db, s.user.id, one.id)).deliveryForm).toMatchObject({ dateOfDelivery: '2099-05-10', liftAvailable: 'No' });
  });

  it('changing the details (a new form) before placing is what the order gets; the first order keeps its own copy', async () => {
    const s = await shopper(db);
    await heavyCart(s);
    // Changed once before the first order: the superseded form is not offered to the next checkout.
    await saveDeliveryForm(db, s.user.id, formInput({ date_of_delivery: '2099-05-09' }));
    const form = await saveDeliveryForm(db, s.user.id, formInput());
    const { order: first } = await placeOrder(orderDeps(db, null), s.user, cash(s));

    await heavyCart(s);
    expect((await getCart(db, s.user.id)).deliveryForm).toBeNull();
    await saveDeliveryForm(db, s.user.id, formInput({ date_of_delivery: '2099-01-02' }));
    const changed = await saveDeliveryForm(
      db,
      s.user.id,
      formInput({ date_of_delivery: '2099-01-03', available_timing: '6:00 PM - 9:00 PM' }),
    );
    expect((await getCart(db, s.user.id)).deliveryForm?.id).toBe(changed.id);
    const { order: second } = await placeOrder(orderDeps(db, null), s.user, cash(s));
    expect(second.deliveryFormId).toBe(changed.id);
    expect(second.deliveryDetails).toMatchObject({ date_of_delivery: '2099-01-03', available_timing: '6:00 PM - 9:00 PM' });

    // Even a change to the first form's row (or its removal) leaves the first order as it was placed.
    await db.update(deliveryForms).set({ dateOfDelivery: '2099-12-31', liftAvailable: 'Yes' }).where(eq(deliveryForms.id, form.id));
    const kept = await getOrderDetail(db, s.user.id, first.id);
    expect(kept.deliveryForm).toMatchObject({ id: form.id, dateOfDelivery: '2099-05-10', liftAvailable: 'No', noOfFloors: 4 });
    await db.delete(deliveryForms).where(eq(deliveryForms.id, form.id));
    const afterDelete = await getOrderDetail(db, s.user.id, first.id);
    expect(afterDelete.order.deliveryFormId).toBeNull();
    expect(afterDelete.deliveryForm).toMatchObject({ dateOfDelivery: '2099-05-10', contactName: 'Site Manager' });
    expect(afterDelete.order.expectDate).toBe('2099-05-10');
  });

  it('a card order awaiting payment does not use its form up: back at checkout it is still this checkout’s', async () => {
    const s = await shopper(db);
    await heavyCart(s);
    const form = await saveDeliveryForm(db, s.user.id, formInput());
    const deps = orderDeps(db, createTestProvider(db));
    const { order } = await placeOrder(deps, s.user, online(s));
    expect(order.deliveryFormId).toBe(form.id);
    expect((await getCart(db, s.user.id)).deliveryForm?.id).toBe(form.id);
    // Changing the details follows the same order awaiting payment.
    const changed = await saveDeliveryForm(db, s.user.id, formInput({ date_of_delivery: '2099-05-11' }));
    const { order: resumed } = await placeOrder(deps, s.user, online(s));
    expect(resumed.id).toBe(order.id);
    expect(resumed.deliveryFormId).toBe(changed.id);
    expect(resumed.expectDate).toBe('2099-05-11');
  });
});
