// An order's history from the shop's own flows (docs/decisions/0034-running-orders.md): 'placed'
// when an order is placed, 'payment' when it is paid, fails or is refunded by the shop's code, and
// the version raised by each change, so a staff member's older view is refused.
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { orderEvents, orders } from '@/server/db/schema/orders';
import { products } from '@/server/db/schema/catalog';
import { parseStripeWebhook } from '@/server/payments/stripe.provider';
import { insertProduct } from '../../../tests/factories';
import { useFreshDatabase } from '../../../tests/db';
import { orderDeps, putInCart, shopper } from '../../../tests/checkout';
import { intentEvent, signTestWebhook, useStripeFake, type StripeFakeSetup } from '../../../tests/stripe-fake';
import { confirmPayment, handlePaymentEvent, placeOrder } from './order.service';

let db: Db;
useFreshDatabase((d) => {
  db = d.db;
});
let stripe: StripeFakeSetup;
useStripeFake((s) => {
  stripe = s;
});

const eventsOf = async (orderId: number) =>
  (await db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(orderEvents.id)).map((e) => [
    e.kind,
    e.fromValue,
    e.toValue,
    e.amount,
    e.staffId,
  ]);
const versionOf = async (orderId: number) => (await db.select().from(orders).where(eq(orders.id, orderId)))[0]!.version;

async function placed(paymentType: 'online' | 'cash_on_delivery') {
  const s = await shopper(db);
  const p = await insertProduct(db, { unitPrice: 80_00, quantity: 5 });
  await putInCart(db, s.user.id, p.id, 1);
  const deps = orderDeps(db, stripe.provider);
  const { order } = await placeOrder(deps, s.user, { addressId: s.address.id, paymentType });
  return { s, order, deps, product: p };
}

describe('order events of the shop’s own flows', () => {
  it("a cash order starts its history with 'placed'", async () => {
    const { order } = await placed('cash_on_delivery');
    expect(await eventsOf(order.id)).toEqual([['placed', null, 'pending', 80_00, null]]);
  });

  it("a card payment adds 'payment' paid and raises the version", async () => {
    const { s, order, deps } = await placed('online');
    const before = await versionOf(order.id);
    stripe.fake.setStatus(order.paymentIntentId!, 'succeeded');
    await confirmPayment(deps, s.user, order.id, order.paymentIntentId!);
    expect(await eventsOf(order.id)).toEqual([
      ['placed', null, 'pending', 80_00, null],
      ['payment', 'unpaid', 'paid', 80_00, null],
    ]);
    expect(await versionOf(order.id)).toBe(before + 1);
  });

  it("a failed payment adds 'payment' failed and the cancellation; a late success is refunded with 'payment' refunded", async () => {
    const { order, deps, product } = await placed('online');
    const intentId = order.paymentIntentId!;
    const failed = intentEvent('payment_intent.payment_failed', { ...stripe.fake.intent(intentId), status: 'requires_payment_method' });
    await handlePaymentEvent(deps, parseStripeWebhook(stripe.options, failed, signTestWebhook(failed)));
    // The units are sold to someone else, then the payment succeeds after all: refunded.
    await db.update(products).set({ quantity: 0 }).where(eq(products.id, product.id));
    stripe.fake.setStatus(intentId, 'succeeded');
    const succeeded = intentEvent('payment_intent.succeeded', stripe.fake.intent(intentId));
    await handlePaymentEvent(deps, parseStripeWebhook(stripe.options, succeeded, signTestWebhook(succeeded)));
    expect(await eventsOf(order.id)).toEqual([
      ['placed', null, 'pending', 80_00, null],
      ['payment', null, 'failed', null, null],
      ['status', null, 'cancelled', null, null],
      ['payment', 'failed', 'refunded', 80_00, null],
    ]);
    expect((await db.select().from(orders).where(eq(orders.id, order.id)))[0]).toMatchObject({
      paymentStatus: 'refunded',
      refundedAmount: 80_00,
    });
  });
});
