// Stock held for free (issue 10, point 2): a customer has at most one card order awaiting
// payment; checking out again resumes it (the same order and intent, following a changed
// cart); it holds its stock ORDER_HOLD_MINUTES (15) and no longer; the quantity caps hold at
// placement; the shopper can cancel it; top sellers count only paid or cash orders
// (docs/decisions/0013-order-holds.md).
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { orders, orderLines, testPaymentIntents } from '@/server/db/schema/orders';
import { ORDER_HOLD_MINUTES, holdExpiresAt } from '@/domain/checkout';
import { CART_MAX_QUANTITY, CART_MAX_UNITS } from '@/domain/cart-rules';
import { cartMessages } from '@/domain/messages/cart';
import { checkoutMessages as t } from '@/domain/messages/checkout';
import { listTopSellers } from '@/server/catalog/catalog.service';
import { createTestProvider, settleTestIntent } from '@/server/payments/test.provider';
import {
  CARD_HOLDS_PER_CUSTOMER,
  cancelOrder,
  confirmPayment,
  placeOrder,
  resumePayment,
  type Order,
  type PlaceOrderInput,
} from './order.service';
import { useFreshDatabase } from '../../../tests/db';
import { insertProduct } from '../../../tests/factories';
import { cartOfUser, orderDeps, putInCart, shopper, stockOf, type Shopper } from '../../../tests/checkout';
import { rejection } from '../../../tests/errors';

let db: Db;

useFreshDatabase((database) => {
  db = database.db;
});

const MINUTE = 60_000;
const after = (from: Date, minutes: number) => new Date(from.getTime() + minutes * MINUTE);
const online = (s: Shopper, extra: Partial<PlaceOrderInput> = {}): PlaceOrderInput => ({
  addressId: s.address.id,
  paymentType: 'online',
  ...extra,
});
const cash = (s: Shopper): PlaceOrderInput => ({ addressId: s.address.id, paymentType: 'cash_on_delivery' });
const deps = (now?: () => Date) => orderDeps(db, createTestProvider(db), now);

async function ordersOf(userId: number): Promise<Order[]> {
  return db.select().from(orders).where(eq(orders.userId, userId)).orderBy(orders.id);
}
async function intentOf(id: string) {
  const [row] = await db.select().from(testPaymentIntents).where(eq(testPaymentIntents.id, id));
  return row!;
}
describe('one card order awaiting payment per customer, resumed', () => {
  it('checking out again with the same cart (no key, another key) resumes it: same order, same intent, stock held once', async () => {
    const s = await shopper(db);
    const p = await insertProduct(db, { quantity: 10 });
    await putInCart(db, s.user.id, p.id, 2);
    const first = await placeOrder(deps(), s.user, online(s, { idempotencyKey: 'hold-first-key' }));
    const again = await placeOrder(deps(), s.user, online(s));
    const third = await placeOrder(deps(), s.user, online(s, { idempotencyKey: 'hold-other-key' }));
    expect(again.order.id).toBe(first.order.id);
    expect(third.order.id).toBe(first.order.id);
    expect(again.clientSecret).toBe(first.clientSecret);
    expect(third.order.paymentIntentId).toBe(first.order.paymentIntentId);
    expect(await ordersOf(s.user.id)).toHaveLength(1);
    expect(await stockOf(db, p.id)).toEqual({ quantity: 8, unitsSold: 0 });
  });

  it('after the cart changed: the same order and intent follow it (lines, totals, stock, the intent amount), the hold keeps its deadline', async () => {
    const s = await shopper(db);
    const a = await insertProduct(db, { quantity: 10, unitPrice: 100_00 });
    const b = await insertProduct(db, { quantity: 10, unitPrice: 250_00 });
    await putInCart(db, s.user.id, a.id, 2);
    const placedAt = new Date();
    const first = await placeOrder(
      deps(() => placedAt),
      s.user,
      online(s),
    );
    expect(first.order.grandTotal).toBe(200_00);

    await putInCart(db, s.user.id, a.id, 1);
    await putInCart(db, s.user.id, b.id, 3);
    const changed = await placeOrder(
      deps(() => after(placedAt, 5)),
      s.user,
      online(s),
    );
    expect(changed.order.id).toBe(first.order.id);
    expect(changed.order.paymentIntentId).toBe(first.order.paymentIntentId);
    expect(changed.clientSecret).toBe(first.clientSecret);
    expect(changed.order.grandTotal).toBe(100_00 + 3 * 250_00);
    expect((await intentOf(first.order.paymentIntentId!)).amount).toBe(changed.order.grandTotal);
    const lines = await db.select().from(orderLines).where(eq(orderLines.orderId, first.order.id));
    expect(Object.fromEntries(lines.map((l) => [l.productId, l.quantity]))).toEqual({ [a.id]: 1, [b.id]: 3 });
    expect(await stockOf(db, a.id)).toEqual({ quantity: 9, unitsSold: 0 });
    expect(await stockOf(db, b.id)).toEqual({ quantity: 7, unitsSold: 0 });
    expect(await ordersOf(s.user.id)).toHaveLength(1);
    // Resuming does not extend the hold: it ends ORDER_HOLD_MINUTES after the first placement.
    expect(holdExpiresAt(changed.order.createdAt).getTime()).toBe(after(placedAt, ORDER_HOLD_MINUTES).getTime());

    // Paying the resumed intent pays the order at its new total.
    await settleTestIntent(db, first.order.paymentIntentId!, first.clientSecret!, 'succeeded');
    const paid = await confirmPayment(deps(), s.user, first.order.id, first.order.paymentIntentId!);
    expect(paid.order.paymentStatus).toBe('paid');
  });

  it('a changed cart short of stock is refused and the order awaiting payment stays as it was', async () => {
    const s = await shopper(db);
    const a = await insertProduct(db, { quantity: 10 });
    const scarce = await insertProduct(db, { name: 'Scarce Safe', quantity: 1 });
    await putInCart(db, s.user.id, a.id, 2);
    const first = await placeOrder(deps(), s.user, online(s));
    await putInCart(db, s.user.id, scarce.id, 2);
    const error = await rejection(placeOrder(deps(), s.user, online(s)));
    expect(error.status).toBe(422);
    expect(error.message).toBe(t.stockGone('Scarce Safe'));
    const [order] = await ordersOf(s.user.id);
    expect(order).toMatchObject({ id: first.order.id, grandTotal: first.order.grandTotal, stockReleasedAt: null });
    expect(await stockOf(db, a.id)).toEqual({ quantity: 8, unitsSold: 0 });
    expect(await stockOf(db, scarce.id)).toEqual({ quantity: 1, unitsSold: 0 });
    expect((await intentOf(first.order.paymentIntentId!)).amount).toBe(first.order.grandTotal);
  });

  it(`the hold lasts ${ORDER_HOLD_MINUTES} minutes: checking out after it closes the old order (intent canceled, stock back) and places a new one`, async () => {
    const s = await shopper(db);
    const p = await insertProduct(db, { quantity: 10 });
    await putInCart(db, s.user.id, p.id, 2);
    const placedAt = new Date();
    const first = await placeOrder(
      deps(() => placedAt),
      s.user,
      online(s),
    );
    expect(ORDER_HOLD_MINUTES).toBe(15);
    const within = await placeOrder(
      deps(() => after(placedAt, ORDER_HOLD_MINUTES - 1)),
      s.user,
      online(s),
    );
    expect(within.order.id).toBe(first.order.id);
    const later = await placeOrder(
      deps(() => after(placedAt, ORDER_HOLD_MINUTES)),
      s.user,
      online(s),
    );
    expect(later.order.id).not.toBe(first.order.id);
    expect((await intentOf(first.order.paymentIntentId!)).status).toBe('canceled');
    const [old, current] = await ordersOf(s.user.id);
    expect(old).toMatchObject({ deliveryStatus: 'cancelled', paymentStatus: 'unpaid' });
    expect(current).toMatchObject({ id: later.order.id, stockReleasedAt: null });
    expect(await stockOf(db, p.id)).toEqual({ quantity: 8, unitsSold: 0 });
  });

  it('paying cash instead closes the card order awaiting payment first: one hold, never two', async () => {
    const s = await shopper(db);
    const p = await insertProduct(db, { quantity: 10 });
    await putInCart(db, s.user.id, p.id, 3);
    const card = await placeOrder(deps(), s.user, online(s));
    const cod = await placeOrder(deps(), s.user, cash(s));
    expect(cod.order.id).not.toBe(card.order.id);
    expect((await intentOf(card.order.paymentIntentId!)).status).toBe('canceled');
    const [old] = await ordersOf(s.user.id);
    expect(old).toMatchObject({ id: card.order.id, deliveryStatus: 'cancelled' });
    expect(await stockOf(db, p.id)).toEqual({ quantity: 7, unitsSold: 3 });
  });

  it("'Complete payment' resumes the same order and intent while the hold lasts, and says so once it ended", async () => {
    const s = await shopper(db);
    const p = await insertProduct(db, { quantity: 10 });
    await putInCart(db, s.user.id, p.id, 1);
    const placedAt = new Date();
    const first = await placeOrder(
      deps(() => placedAt),
      s.user,
      online(s),
    );
    const resumed = await resumePayment(
      deps(() => after(placedAt, 10)),
      s.user,
      first.order.id,
    );
    expect(resumed).toMatchObject({ order: { id: first.order.id }, clientSecret: first.clientSecret });
    const ended = await rejection(
      resumePayment(
        deps(() => after(placedAt, ORDER_HOLD_MINUTES)),
        s.user,
        first.order.id,
      ),
    );
    expect(ended.message).toBe(t.holdExpired);
    const other = await shopper(db);
    expect((await rejection(resumePayment(deps(), other.user, first.order.id))).status).toBe(404);
  });
});

describe('quantity caps at placement', () => {
  it(`a line over ${CART_MAX_QUANTITY} or a cart over ${CART_MAX_UNITS} units: 422 with the cap message, nothing taken, no order`, async () => {
    const s = await shopper(db);
    const big = await insertProduct(db, { quantity: 1000 });
    // Written straight into the cart, as an old client or a tampered request could leave it.
    await putInCart(db, s.user.id, big.id, CART_MAX_QUANTITY + 1);
    for (const input of [online(s), cash(s)]) {
      const error = await rejection(placeOrder(deps(), s.user, input));
      expect(error.status).toBe(422);
      expect(error.message).toBe(cartMessages.lineCap(CART_MAX_QUANTITY));
      expect(error.fields).toEqual({ quantity: [cartMessages.lineCap(CART_MAX_QUANTITY)] });
    }
    await putInCart(db, s.user.id, big.id, CART_MAX_QUANTITY);
    const others = await Promise.all(
      Array.from({ length: Math.ceil(CART_MAX_UNITS / CART_MAX_QUANTITY) }, () => insertProduct(db, { quantity: 1000 })),
    );
    for (const o of others) await putInCart(db, s.user.id, o.id, CART_MAX_QUANTITY);
    const error = await rejection(placeOrder(deps(), s.user, online(s)));
    expect(error.message).toBe(cartMessages.orderCap(CART_MAX_UNITS));
    expect(await ordersOf(s.user.id)).toEqual([]);
    for (const product of [big, ...others]) expect((await stockOf(db, product.id)).quantity).toBe(1000);
  });

  it(`exactly ${CART_MAX_UNITS} units, none over ${CART_MAX_QUANTITY} a line, is placed`, async () => {
    const s = await shopper(db);
    let left = CART_MAX_UNITS;
    while (left > 0) {
      const quantity = Math.min(left, CART_MAX_QUANTITY);
      const p = await insertProduct(db, { quantity: 100, weightKg: 1 });
      await putInCart(db, s.user.id, p.id, quantity);
      left -= quantity;
    }
    const placed = await placeOrder(deps(), s.user, online(s));
    const lines = await db.select().from(orderLines).where(eq(orderLines.orderId, placed.order.id));
    expect(lines.reduce((n, l) => n + l.quantity, 0)).toBe(CART_MAX_UNITS);
  });
});

describe('the shopper cancels an order awaiting payment', () => {
  it('intent canceled, stock back, order cancelled; cancelling again, or another customer, is refused', async () => {
    const s = await shopper(db);
    const p = await insertProduct(db, { quantity: 10 });
    await putInCart(db, s.user.id, p.id, 4);
    const { order } = await placeOrder(deps(), s.user, online(s));
    const other = await shopper(db);
    expect((await rejection(cancelOrder(deps(), other.user, order.id))).status).toBe(404);
    expect(await stockOf(db, p.id)).toEqual({ quantity: 6, unitsSold: 0 });

    const cancelled = await cancelOrder(deps(), s.user, order.id);
    expect(cancelled).toMatchObject({ deliveryStatus: 'cancelled', paymentStatus: 'unpaid' });
    expect(cancelled.stockReleasedAt).not.toBeNull();
    expect((await intentOf(order.paymentIntentId!)).status).toBe('canceled');
    expect(await stockOf(db, p.id)).toEqual({ quantity: 10, unitsSold: 0 });
    expect(await cartOfUser(db, s.user.id)).toEqual({ [p.id]: 4 });
    const again = await rejection(cancelOrder(deps(), s.user, order.id));
    expect(again).toMatchObject({ status: 409, message: t.cannotCancel });
    expect(await stockOf(db, p.id)).toEqual({ quantity: 10, unitsSold: 0 });
  });

  it(`cancelling and checking out again starts at most ${CARD_HOLDS_PER_CUSTOMER.limit} holds an hour; resuming is not counted`, async () => {
    const s = await shopper(db);
    const p = await insertProduct(db, { quantity: 10 });
    await putInCart(db, s.user.id, p.id, 5);
    const t0 = new Date();
    for (let i = 0; i < CARD_HOLDS_PER_CUSTOMER.limit; i++) {
      const at = () => after(t0, i);
      const { order } = await placeOrder(deps(at), s.user, online(s));
      // Checking out again resumes the same hold: not a new one.
      expect((await placeOrder(deps(at), s.user, online(s))).order.id).toBe(order.id);
      await cancelOrder(deps(at), s.user, order.id);
    }
    const refused = await rejection(
      placeOrder(
        deps(() => after(t0, 10)),
        s.user,
        online(s),
      ),
    );
    expect(refused).toMatchObject({ status: 429, message: t.tooManyCardHolds });
    expect(await stockOf(db, p.id)).toEqual({ quantity: 10, unitsSold: 0 });
    expect((await ordersOf(s.user.id)).length).toBe(CARD_HOLDS_PER_CUSTOMER.limit);
    // An hour after the first hold a card order can be placed again.
    expect(
      (
        await placeOrder(
          deps(() => after(t0, 61)),
          s.user,
          online(s),
        )
      ).order.paymentType,
    ).toBe('online');
  });

  it('a paid order or a cash order cannot be cancelled here; a payment that came first wins', async () => {
    const s = await shopper(db);
    const p = await insertProduct(db, { quantity: 10 });
    await putInCart(db, s.user.id, p.id, 1);
    const { order, clientSecret } = await placeOrder(deps(), s.user, online(s));
    // Paid on the card page a moment before the click: the cancel finds the intent succeeded.
    await settleTestIntent(db, order.paymentIntentId!, clientSecret!, 'succeeded');
    const error = await rejection(cancelOrder(deps(), s.user, order.id));
    expect(error).toMatchObject({ status: 409, message: t.alreadyPaid });
    expect((await ordersOf(s.user.id))[0]).toMatchObject({ paymentStatus: 'paid', deliveryStatus: 'pending' });
    expect(await stockOf(db, p.id)).toEqual({ quantity: 9, unitsSold: 1 });

    await putInCart(db, s.user.id, p.id, 1);
    const cod = await placeOrder(deps(), s.user, cash(s));
    expect((await rejection(cancelOrder(deps(), s.user, cod.order.id))).status).toBe(409);
    expect(await stockOf(db, p.id)).toEqual({ quantity: 8, unitsSold: 2 });
  });
});

describe('top sellers count only paid or cash orders that were not cancelled', () => {
  const topIds = async () =>
    (await listTopSellers(db, { brandIds: [], categoryIds: [], priceRanges: [], sort: 'newest', page: 1, limit: 100 })).items.map(
      (i) => i.id,
    );

  it('an unpaid or cancelled card order does not count; a paid one and a cash one do', async () => {
    const s = await shopper(db);
    const held = await insertProduct(db, { quantity: 100 });
    const cancelled = await insertProduct(db, { quantity: 100 });
    await putInCart(db, s.user.id, held.id, 5);
    const { order } = await placeOrder(deps(), s.user, online(s));
    expect(await stockOf(db, held.id)).toEqual({ quantity: 95, unitsSold: 0 });
    expect(await topIds()).not.toContain(held.id);

    await putInCart(db, s.user.id, cancelled.id, 3);
    const changed = await placeOrder(deps(), s.user, online(s));
    await cancelOrder(deps(), s.user, changed.order.id);
    expect(await stockOf(db, cancelled.id)).toEqual({ quantity: 100, unitsSold: 0 });
    expect(await topIds()).not.toContain(cancelled.id);

    const buyer = await shopper(db);
    await putInCart(db, buyer.user.id, held.id, 2);
    const paid = await placeOrder(deps(), buyer.user, online(buyer));
    await settleTestIntent(db, paid.order.paymentIntentId!, paid.clientSecret!, 'succeeded');
    await confirmPayment(deps(), buyer.user, paid.order.id, paid.order.paymentIntentId!);
    expect(await stockOf(db, held.id)).toEqual({ quantity: 98, unitsSold: 2 });
    expect(await topIds()).toContain(held.id);

    await putInCart(db, buyer.user.id, cancelled.id, 1);
    await placeOrder(deps(), buyer.user, cash(buyer));
    expect(await stockOf(db, cancelled.id)).toEqual({ quantity: 99, unitsSold: 1 });
    expect(await topIds()).toContain(cancelled.id);
    expect(order.id).toBe(changed.order.id);
  });
});
