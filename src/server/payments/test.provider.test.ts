// Card payments through the built-in test payment page (docs/decisions/0020-orders-stock-and-payment.md: no Stripe keys, outside
// production): the intent is for the server's amount, the success route asks the provider,
// a decline leaves the order unpaid and, when its hold ends, the intent is canceled, its stock
// comes back once and the shopper gets one mail.
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { orders, testPaymentIntents } from '@/server/db/schema/orders';
import { NotFoundError } from '@/server/errors';
import { fils, formatPrice } from '@/domain/money';
import { ORDER_HOLD_MINUTES } from '@/domain/checkout';
import {
  confirmByIntent,
  confirmPayment,
  placeOrder,
  releaseAbandonedOrders,
  releaseStock,
  type Order,
} from '@/server/orders/order.service';
import { createTestProvider, settleTestIntent, testIntentBySecret } from './test.provider';
import { useFreshDatabase } from '../../../tests/db';
import { insertProduct, type ProductRow } from '../../../tests/factories';
import { cartOfUser, orderDeps, putInCart, shopper, stockOf, type Shopper, type TestOrderDeps } from '../../../tests/checkout';

let db: Db;

useFreshDatabase((database) => {
  db = database.db;
});

const MINUTE = 60_000;

interface Placed {
  s: Shopper;
  product: ProductRow;
  deps: TestOrderDeps;
  order: Order;
  clientSecret: string;
  placedAt: Date;
}

/** A shopper with `quantity` of a product of stock 10 in the cart, ordered online. */
async function placedOnline(quantity = 2, productOverrides: Parameters<typeof insertProduct>[1] = {}): Promise<Placed> {
  const s = await shopper(db);
  const product = await insertProduct(db, { quantity: 10, unitPrice: 1_234_56, discount: 5, ...productOverrides });
  await putInCart(db, s.user.id, product.id, quantity);
  const deps = orderDeps(db, createTestProvider(db));
  const placedAt = new Date();
  const { order, clientSecret } = await placeOrder(deps, s.user, { addressId: s.address.id, paymentType: 'online' });
  if (!clientSecret) throw new Error('an online order without a client secret');
  return { s, product, deps, order, clientSecret, placedAt };
}

async function orderRow(id: number): Promise<Order> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  return row!;
}

const after = (from: Date, minutes: number) => new Date(from.getTime() + minutes * MINUTE);
/** The sweeper's deps at a given time, with its own recording mailer. */
const sweeper = (when: Date) => orderDeps(db, createTestProvider(db), () => when);

describe('placing an online order', () => {
  it('creates an intent for exactly the order grand total, linked to the order', async () => {
    const { order, clientSecret, s } = await placedOnline(3);
    const [intent] = await db.select().from(testPaymentIntents).where(eq(testPaymentIntents.orderId, order.id));
    expect(intent).toMatchObject({ id: order.paymentIntentId, amount: order.grandTotal, clientSecret, status: 'requires_payment_method' });
    expect(order.grandTotal).toBe(Math.round((1_234_56 * 95) / 100) * 3);
    expect((await testIntentBySecret(db, clientSecret))?.orderId).toBe(order.id);
    expect(await db.select().from(testPaymentIntents).where(eq(testPaymentIntents.orderId, order.id))).toHaveLength(1);
    expect(s.user.id).toBe(order.userId);
  });
});

describe('confirming the payment (the success route asks the provider)', () => {
  it('before the page is settled: not paid, cart kept, no mail', async () => {
    const { s, deps, order, product } = await placedOnline();
    const byOrder = await confirmPayment(deps, s.user, order.id, order.paymentIntentId!);
    expect(byOrder.status).toBe('requires_payment_method');
    expect(byOrder.order.paymentStatus).toBe('unpaid');
    const byIntent = await confirmByIntent(deps, s.user, order.paymentIntentId!);
    expect(byIntent.status).toBe('requires_payment_method');
    expect(byIntent.order.paymentStatus).toBe('unpaid');
    expect(await cartOfUser(db, s.user.id)).toEqual({ [product.id]: 2 });
    expect(deps.mailer.sent).toEqual([]);
  });

  it('after success: paid, cart cleared, one confirmation mail; confirming again changes nothing', async () => {
    const { s, deps, order, clientSecret, product } = await placedOnline();
    await settleTestIntent(db, order.paymentIntentId!, clientSecret, 'succeeded');

    const first = await confirmPayment(deps, s.user, order.id, order.paymentIntentId!);
    expect(first.status).toBe('succeeded');
    expect(first.order.paymentStatus).toBe('paid');
    expect(first.order.deliveryStatus).toBe('pending');
    expect(await cartOfUser(db, s.user.id)).toEqual({});
    expect(deps.mailer.sent).toHaveLength(1);
    const mail = deps.mailer.sent[0]!;
    expect(mail.to).toBe(s.user.email);
    expect(mail.text).toContain(`Total: ${formatPrice(order.grandTotal)}`);
    expect(mail.text).toContain('Paid by card');

    const again = await confirmPayment(deps, s.user, order.id, order.paymentIntentId!);
    const byIntent = await confirmByIntent(deps, s.user, order.paymentIntentId!);
    expect(again.order.paymentStatus).toBe('paid');
    expect(byIntent.order.paymentStatus).toBe('paid');
    expect(deps.mailer.sent).toHaveLength(1);
    expect(await db.select().from(orders).where(eq(orders.userId, s.user.id))).toHaveLength(1);
    // The stock was taken once, at placement.
    expect(await stockOf(db, product.id)).toEqual({ quantity: 8, unitsSold: 2 });
  });

  it('two confirmations at the same time still give one mail', async () => {
    const { s, deps, order, clientSecret } = await placedOnline();
    await settleTestIntent(db, order.paymentIntentId!, clientSecret, 'succeeded');
    const results = await Promise.all([
      confirmPayment(deps, s.user, order.id, order.paymentIntentId!),
      confirmByIntent(deps, s.user, order.paymentIntentId!),
      confirmPayment(deps, s.user, order.id, order.paymentIntentId!),
    ]);
    for (const r of results) expect(r.order.paymentStatus).toBe('paid');
    expect(deps.mailer.sent).toHaveLength(1);
  });

  it('the settle page needs the intent client secret', async () => {
    const { order } = await placedOnline();
    await expect(settleTestIntent(db, order.paymentIntentId!, 'pi_test_wrong_secret', 'succeeded')).rejects.toBeInstanceOf(NotFoundError);
    const [intent] = await db.select().from(testPaymentIntents).where(eq(testPaymentIntents.id, order.paymentIntentId!));
    expect(intent?.status).toBe('requires_payment_method');
  });

  it('another customer cannot confirm the order, and a wrong intent id is not found', async () => {
    const { s, deps, order, clientSecret } = await placedOnline();
    const other = await placedOnline();
    await settleTestIntent(db, order.paymentIntentId!, clientSecret, 'succeeded');
    await expect(confirmPayment(deps, other.s.user, order.id, order.paymentIntentId!)).rejects.toMatchObject({ status: 404 });
    await expect(confirmByIntent(deps, other.s.user, order.paymentIntentId!)).rejects.toMatchObject({ status: 404 });
    // Its own order with somebody else's (succeeded) intent: not found, not paid.
    await expect(confirmPayment(deps, other.s.user, other.order.id, order.paymentIntentId!)).rejects.toMatchObject({ status: 404 });
    expect((await orderRow(other.order.id)).paymentStatus).toBe('unpaid');
    expect((await orderRow(order.id)).paymentStatus).toBe('unpaid');
    expect(deps.mailer.sent).toEqual([]);
    await confirmPayment(deps, s.user, order.id, order.paymentIntentId!);
    expect((await orderRow(order.id)).paymentStatus).toBe('paid');
  });

  it('a provider that says succeeded for a different amount: never paid; refunded, cancelled, stock back, one mail', async () => {
    const { s, deps, order, clientSecret, product } = await placedOnline();
    await db
      .update(testPaymentIntents)
      .set({ amount: fils(order.grandTotal - 1) })
      .where(eq(testPaymentIntents.id, order.paymentIntentId!));
    await settleTestIntent(db, order.paymentIntentId!, clientSecret, 'succeeded');
    const r = await confirmPayment(deps, s.user, order.id, order.paymentIntentId!);
    expect(r.order).toMatchObject({ paymentStatus: 'refunded', deliveryStatus: 'cancelled' });
    expect((await testIntentBySecret(db, clientSecret))?.status).toBe('refunded');
    expect(await stockOf(db, product.id)).toEqual({ quantity: 10, unitsSold: 0 });
    expect(deps.mailer.sent.map((m) => m.subject)).toEqual([`Safe Buddy order #${order.id} cancelled and refunded`]);
  });
});

describe('a declined card and the end of the hold (ORDER_HOLD_MINUTES)', () => {
  it('declined: the order stays unpaid; after the hold the intent is canceled, the stock is back exactly once, the order cancelled and one mail sent', async () => {
    const { s, deps, order, clientSecret, product, placedAt } = await placedOnline(3);
    // Held, not sold: top sellers do not count an unpaid card order.
    expect(await stockOf(db, product.id)).toEqual({ quantity: 7, unitsSold: 0 });
    await settleTestIntent(db, order.paymentIntentId!, clientSecret, 'declined');
    const r = await confirmPayment(deps, s.user, order.id, order.paymentIntentId!);
    expect(r.status).toBe('requires_payment_method');
    expect(r.order.paymentStatus).toBe('unpaid');
    expect(await stockOf(db, product.id)).toEqual({ quantity: 7, unitsSold: 0 });

    const first = sweeper(after(placedAt, ORDER_HOLD_MINUTES + 1));
    const released = await releaseAbandonedOrders(first);
    expect(released).toBeGreaterThanOrEqual(1);
    expect(await stockOf(db, product.id)).toEqual({ quantity: 10, unitsSold: 0 });
    const row = await orderRow(order.id);
    expect(row.deliveryStatus).toBe('cancelled');
    expect(row.paymentStatus).not.toBe('paid');
    expect(row.stockReleasedAt).not.toBeNull();
    // The intent was canceled first: the old card page can no longer pay it.
    expect((await testIntentBySecret(db, clientSecret))?.status).toBe('canceled');
    expect(first.mailer.sent.filter((m) => m.to === s.user.email).map((m) => m.subject)).toEqual([
      `Safe Buddy order #${order.id}: the time to pay has ended`,
    ]);

    // Running it again (another instance, the next minute) gives nothing back twice, mails no more.
    const again = [sweeper(after(placedAt, ORDER_HOLD_MINUTES + 2)), sweeper(after(placedAt, 120))];
    for (const d of again) await releaseAbandonedOrders(d);
    expect(await stockOf(db, product.id)).toEqual({ quantity: 10, unitsSold: 0 });
    expect(again.flatMap((d) => d.mailer.sent).filter((m) => m.to === s.user.email)).toEqual([]);
    expect(deps.mailer.sent).toEqual([]);
  });

  it('several sweeps at the same time still release once and mail once', async () => {
    const { s, product, placedAt } = await placedOnline(4);
    const when = after(placedAt, ORDER_HOLD_MINUTES + 1);
    const sweeps = [sweeper(when), sweeper(when), sweeper(when)];
    await Promise.all(sweeps.map((d) => releaseAbandonedOrders(d)));
    expect(await stockOf(db, product.id)).toEqual({ quantity: 10, unitsSold: 0 });
    expect(sweeps.flatMap((d) => d.mailer.sent).filter((m) => m.to === s.user.email)).toHaveLength(1);
  });

  it('an order younger than the hold is not released', async () => {
    const { order, product, placedAt } = await placedOnline(2);
    await releaseAbandonedOrders(sweeper(after(placedAt, ORDER_HOLD_MINUTES - 1)));
    expect(await stockOf(db, product.id)).toEqual({ quantity: 8, unitsSold: 0 });
    const row = await orderRow(order.id);
    expect(row.deliveryStatus).toBe('pending');
    expect(row.stockReleasedAt).toBeNull();
  });

  it('paid online orders and cash orders are never released', async () => {
    const paid = await placedOnline(2);
    await settleTestIntent(db, paid.order.paymentIntentId!, paid.clientSecret, 'succeeded');
    await confirmPayment(paid.deps, paid.s.user, paid.order.id, paid.order.paymentIntentId!);

    const s = await shopper(db);
    const cashProduct = await insertProduct(db, { quantity: 10 });
    await putInCart(db, s.user.id, cashProduct.id, 2);
    const cashOrder = await placeOrder(orderDeps(db, null), s.user, { addressId: s.address.id, paymentType: 'cash_on_delivery' });

    await releaseAbandonedOrders(sweeper(after(new Date(), 24 * 60)));
    expect(await stockOf(db, paid.product.id)).toEqual({ quantity: 8, unitsSold: 2 });
    expect(await stockOf(db, cashProduct.id)).toEqual({ quantity: 8, unitsSold: 2 });
    expect((await orderRow(paid.order.id)).deliveryStatus).toBe('pending');
    expect((await orderRow(cashOrder.order.id)).deliveryStatus).toBe('pending');
  });

  it('a payment made before the sweep cancels: the sweeper marks the order paid instead of releasing it', async () => {
    const { s, order, clientSecret, product, placedAt } = await placedOnline(2);
    await settleTestIntent(db, order.paymentIntentId!, clientSecret, 'succeeded');
    const deps = sweeper(after(placedAt, ORDER_HOLD_MINUTES + 1));
    expect(await releaseAbandonedOrders(deps)).toBe(0);
    expect(await orderRow(order.id)).toMatchObject({ paymentStatus: 'paid', deliveryStatus: 'pending', stockReleasedAt: null });
    expect(await stockOf(db, product.id)).toEqual({ quantity: 8, unitsSold: 2 });
    expect(await cartOfUser(db, s.user.id)).toEqual({});
    expect(deps.mailer.sent.filter((m) => m.to === s.user.email).map((m) => m.subject)).toEqual([
      `Safe Buddy order #${order.id} confirmed`,
    ]);
  });

  it('a late success after a release (declined, then another card) takes the stock again when it is all there', async () => {
    const { s, deps, order, clientSecret, product } = await placedOnline(2);
    // A decline released it (the payment_failed path); the intent stays payable with another card.
    await releaseStock(db, order.id, new Date(), 'failed');
    expect((await stockOf(db, product.id)).quantity).toBe(10);
    expect((await orderRow(order.id)).deliveryStatus).toBe('cancelled');

    await settleTestIntent(db, order.paymentIntentId!, clientSecret, 'succeeded');
    const r = await confirmPayment(deps, s.user, order.id, order.paymentIntentId!);
    expect(r.order.paymentStatus).toBe('paid');
    expect(r.order.deliveryStatus).toBe('pending');
    expect(r.order.stockReleasedAt).toBeNull();
    // Units sold count the sale again, for the top sellers.
    expect(await stockOf(db, product.id)).toEqual({ quantity: 8, unitsSold: 2 });
    expect(deps.mailer.sent).toHaveLength(1);

    // Paid now: a later sweep leaves it alone.
    await releaseAbandonedOrders(sweeper(after(new Date(), 180)));
    expect((await stockOf(db, product.id)).quantity).toBe(8);
  });
});
