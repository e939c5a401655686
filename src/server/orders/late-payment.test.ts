// A payment that arrives after the hold ended (issue 10, point 3), through the official Stripe
// SDK pointed at the local fake: the sweeper cancels the intent BEFORE giving the stock back (and
// marks the order paid instead when the payment won); a success for an order whose stock is gone
// is refunded through the provider and the order cancelled with a mail, never marked paid
// (docs/decisions/0013-order-holds.md).
import { describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { orders } from '@/server/db/schema/orders';
import { ORDER_HOLD_MINUTES } from '@/domain/checkout';
import { confirmPayment, handlePaymentEvent, placeOrder, releaseAbandonedOrders, type Order } from './order.service';
import { parseStripeWebhook, type StripeOptions } from '@/server/payments/stripe.provider';
import type { PaymentProvider } from '@/server/payments/payment-provider';
import { useFreshDatabase } from '../../../tests/db';
import { insertProduct, type ProductRow } from '../../../tests/factories';
import { cartOfUser, orderDeps, putInCart, shopper, stockOf, type Shopper } from '../../../tests/checkout';
import { intentEvent, signTestWebhook as sign, useStripeFake, type StripeFake } from '../../../tests/stripe-fake';

let db: Db;
let fake: StripeFake;
let options: StripeOptions;
let provider: PaymentProvider;
useFreshDatabase((database) => {
  db = database.db;
});
useStripeFake((stripe) => {
  ({ fake, options, provider } = stripe);
});

const MINUTE = 60_000;
const after = (from: Date, minutes: number) => new Date(from.getTime() + minutes * MINUTE);

interface Placed {
  s: Shopper;
  product: ProductRow;
  order: Order;
  intentId: string;
  placedAt: Date;
}

async function placedOnline(quantity = 2, stock = 10): Promise<Placed> {
  const s = await shopper(db);
  const product = await insertProduct(db, { quantity: stock, unitPrice: 1_000_00, discount: 0 });
  await putInCart(db, s.user.id, product.id, quantity);
  const placedAt = new Date();
  const { order } = await placeOrder(
    orderDeps(db, provider, () => placedAt),
    s.user,
    { addressId: s.address.id, paymentType: 'online' },
  );
  return { s, product, order, intentId: order.paymentIntentId!, placedAt };
}

async function orderRow(id: number): Promise<Order> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  return row!;
}

const cancels = (intentId: string) =>
  fake.requests.filter((r) => r.method === 'POST' && r.path === `/v1/payment_intents/${intentId}/cancel`);

/** Another customer buys `quantity` units in cash (the stock the late payer needed). */
async function someoneBuys(product: ProductRow, quantity: number) {
  const other = await shopper(db);
  await putInCart(db, other.user.id, product.id, quantity);
  await placeOrder(orderDeps(db, null), other.user, { addressId: other.address.id, paymentType: 'cash_on_delivery' });
}

describe('the sweeper cancels the intent before the stock goes back', () => {
  it('after ORDER_HOLD_MINUTES: intent canceled at the provider first, then stock back, order cancelled, one mail', async () => {
    const { s, product, order, intentId, placedAt } = await placedOnline(3);
    expect(await stockOf(db, product.id)).toEqual({ quantity: 7, unitsSold: 0 });
    const deps = orderDeps(db, provider, () => after(placedAt, ORDER_HOLD_MINUTES + 1));
    expect(await releaseAbandonedOrders(deps)).toBeGreaterThanOrEqual(1);
    expect(cancels(intentId)).toHaveLength(1);
    expect(fake.intent(intentId).status).toBe('canceled');
    expect(await stockOf(db, product.id)).toEqual({ quantity: 10, unitsSold: 0 });
    expect(await orderRow(order.id)).toMatchObject({ paymentStatus: 'unpaid', deliveryStatus: 'cancelled' });
    expect(deps.mailer.sent.filter((m) => m.to === s.user.email).map((m) => m.subject)).toEqual([
      `Safe Buddy order #${order.id}: the time to pay has ended`,
    ]);
    // The shopper's cart is kept for another try.
    expect(await cartOfUser(db, s.user.id)).toEqual({ [product.id]: 3 });
  });

  it('the provider cannot be reached: the stock stays held and no mail goes; the next sweep closes it', async () => {
    const { s, product, order, placedAt } = await placedOnline(2);
    const deps = orderDeps(db, provider, () => after(placedAt, ORDER_HOLD_MINUTES + 1));
    fake.failNext('cancel', 500, 10);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await releaseAbandonedOrders(deps);
    expect(logged.mock.calls.some(([line]) => String(line).includes('closing an expired order failed'))).toBe(true);
    logged.mockRestore();
    fake.failNext('cancel', 500, 0);
    expect(await stockOf(db, product.id)).toEqual({ quantity: 8, unitsSold: 0 });
    expect((await orderRow(order.id)).deliveryStatus).toBe('pending');
    expect(deps.mailer.sent.filter((m) => m.to === s.user.email)).toEqual([]);

    const next = orderDeps(db, provider, () => after(placedAt, ORDER_HOLD_MINUTES + 2));
    await releaseAbandonedOrders(next);
    expect(await stockOf(db, product.id)).toEqual({ quantity: 10, unitsSold: 0 });
    expect(next.mailer.sent.filter((m) => m.to === s.user.email)).toHaveLength(1);
  });

  it('the cancel fails because the payment already succeeded: the order is marked paid, its stock kept, not released', async () => {
    const { s, product, order, intentId, placedAt } = await placedOnline(2);
    fake.setStatus(intentId, 'succeeded');
    const deps = orderDeps(db, provider, () => after(placedAt, ORDER_HOLD_MINUTES + 1));
    await releaseAbandonedOrders(deps);
    expect(await orderRow(order.id)).toMatchObject({ paymentStatus: 'paid', deliveryStatus: 'pending', stockReleasedAt: null });
    expect(await stockOf(db, product.id)).toEqual({ quantity: 8, unitsSold: 2 });
    expect(fake.refunds.filter((r) => r.payment_intent === intentId)).toEqual([]);
    expect(deps.mailer.sent.filter((m) => m.to === s.user.email).map((m) => m.subject)).toEqual([
      `Safe Buddy order #${order.id} confirmed`,
    ]);
  });

  it('a payment still processing when the hold ends keeps its hold until the provider decides', async () => {
    const { product, order, intentId, placedAt } = await placedOnline(1);
    fake.setStatus(intentId, 'processing');
    await releaseAbandonedOrders(orderDeps(db, provider, () => after(placedAt, ORDER_HOLD_MINUTES + 1)));
    expect(await stockOf(db, product.id)).toEqual({ quantity: 9, unitsSold: 0 });
    expect((await orderRow(order.id)).stockReleasedAt).toBeNull();
  });
});

describe('a success for an order whose stock is gone is refunded, never marked paid', () => {
  /** A card order whose hold ended with its stock released (a decline), then sold to someone else. */
  async function releasedAndSold() {
    const placed = await placedOnline(2, 3);
    const failed = intentEvent('payment_intent.payment_failed', { ...fake.intent(placed.intentId), status: 'requires_payment_method' });
    await handlePaymentEvent(orderDeps(db, provider), parseStripeWebhook(options, failed, sign(failed)));
    expect(await stockOf(db, placed.product.id)).toEqual({ quantity: 3, unitsSold: 0 });
    await someoneBuys(placed.product, 2);
    expect(await stockOf(db, placed.product.id)).toEqual({ quantity: 1, unitsSold: 2 });
    fake.setStatus(placed.intentId, 'succeeded');
    return placed;
  }

  it('through the webhook: refunded in full through the provider, order cancelled and refunded, one mail, stock untouched', async () => {
    const { s, product, order, intentId } = await releasedAndSold();
    const deps = orderDeps(db, provider);
    const ok = intentEvent('payment_intent.succeeded', fake.intent(intentId));
    expect(await handlePaymentEvent(deps, parseStripeWebhook(options, ok, sign(ok)))).toBe('handled');
    expect(await orderRow(order.id)).toMatchObject({ paymentStatus: 'refunded', deliveryStatus: 'cancelled' });
    expect(fake.refunds.filter((r) => r.payment_intent === intentId)).toMatchObject([{ amount: order.grandTotal }]);
    // Never oversold: the one unit left stays on sale, and units sold count only the cash buyer.
    expect(await stockOf(db, product.id)).toEqual({ quantity: 1, unitsSold: 2 });
    expect(deps.mailer.sent.map((m) => [m.to, m.subject])).toEqual([
      [s.user.email, `Safe Buddy order #${order.id} cancelled and refunded`],
    ]);
    expect(await cartOfUser(db, s.user.id)).toEqual({ [product.id]: 2 });
  });

  it('through the success page: the same refund and cancellation', async () => {
    const { s, product, order, intentId } = await releasedAndSold();
    const deps = orderDeps(db, provider);
    const r = await confirmPayment(deps, s.user, order.id, intentId);
    expect(r.status).toBe('succeeded');
    expect(r.order).toMatchObject({ paymentStatus: 'refunded', deliveryStatus: 'cancelled' });
    expect(fake.refunds.filter((x) => x.payment_intent === intentId)).toHaveLength(1);
    expect(await stockOf(db, product.id)).toEqual({ quantity: 1, unitsSold: 2 });
    expect(deps.mailer.sent).toHaveLength(1);
  });

  it('the webhook, its replay and the success page at once: one refund, one mail', async () => {
    const { s, order, intentId } = await releasedAndSold();
    const deps = orderDeps(db, provider);
    const ok = intentEvent('payment_intent.succeeded', fake.intent(intentId));
    const second = intentEvent('payment_intent.succeeded', fake.intent(intentId));
    await Promise.all([
      handlePaymentEvent(deps, parseStripeWebhook(options, ok, sign(ok))),
      handlePaymentEvent(deps, parseStripeWebhook(options, second, sign(second))),
      confirmPayment(deps, s.user, order.id, intentId),
    ]);
    expect((await orderRow(order.id)).paymentStatus).toBe('refunded');
    expect(fake.refunds.filter((r) => r.payment_intent === intentId)).toHaveLength(1);
    expect(deps.mailer.sent).toHaveLength(1);
  });

  it('the refund failing leaves the order unpaid and the event unrecorded, so Stripe retries it', async () => {
    const { order, intentId } = await releasedAndSold();
    const deps = orderDeps(db, provider);
    const ok = intentEvent('payment_intent.succeeded', fake.intent(intentId));
    const event = parseStripeWebhook(options, ok, sign(ok));
    fake.failNext('refund', 400);
    await expect(handlePaymentEvent(deps, event)).rejects.toThrow();
    expect((await orderRow(order.id)).paymentStatus).toBe('failed');
    expect(await handlePaymentEvent(deps, event)).toBe('handled');
    expect((await orderRow(order.id)).paymentStatus).toBe('refunded');
    expect(fake.refunds.filter((r) => r.payment_intent === intentId)).toHaveLength(1);
  });

  it('when every unit is still there, the late success takes them again and the order is paid', async () => {
    const { s, product, order, intentId } = await placedOnline(2, 3);
    const failed = intentEvent('payment_intent.payment_failed', { ...fake.intent(intentId), status: 'requires_payment_method' });
    await handlePaymentEvent(orderDeps(db, provider), parseStripeWebhook(options, failed, sign(failed)));
    fake.setStatus(intentId, 'succeeded');
    const deps = orderDeps(db, provider);
    const r = await confirmPayment(deps, s.user, order.id, intentId);
    expect(r.order).toMatchObject({ paymentStatus: 'paid', deliveryStatus: 'pending', stockReleasedAt: null });
    expect(await stockOf(db, product.id)).toEqual({ quantity: 1, unitsSold: 2 });
    expect(fake.refunds.filter((x) => x.payment_intent === intentId)).toEqual([]);
  });
});
