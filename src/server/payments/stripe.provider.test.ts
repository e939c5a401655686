// The Stripe path (docs/decisions/0020-orders-stock-and-payment.md): the official `stripe` SDK pointed at a local fake of the PaymentIntents
// endpoints, and webhooks signed with the SDK's own test header. The order's amount comes from
// the server; the success route asks Stripe; the signed webhook is the source of truth and
// handles each event once; a forged or replayed webhook changes nothing.
import { describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { orders, processedWebhookEvents } from '@/server/db/schema/orders';
import { ValidationError } from '@/server/errors';
import { checkoutMessages as t } from '@/domain/messages/checkout';
import { confirmByIntent, confirmPayment, handlePaymentEvent, placeOrder, type Order } from '@/server/orders/order.service';
import { parseStripeWebhook, type StripeOptions } from './stripe.provider';
import type { PaymentProvider } from './payment-provider';
import { useFreshDatabase } from '../../../tests/db';
import { insertProduct, type ProductRow } from '../../../tests/factories';
import { cartOfUser, orderDeps, putInCart, shopper, stockOf, type Shopper, type TestOrderDeps } from '../../../tests/checkout';
import { intentEvent, signTestWebhook as sign, useStripeFake, type FakeIntent, type StripeFake } from '../../../tests/stripe-fake';
import { fils } from '@/domain/money';

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

interface Placed {
  s: Shopper;
  product: ProductRow;
  deps: TestOrderDeps;
  order: Order;
  clientSecret: string;
  intent: FakeIntent;
}

async function placedOnline(quantity = 2): Promise<Placed> {
  const s = await shopper(db);
  const product = await insertProduct(db, { quantity: 10, unitPrice: 2_499_00, discount: 12 });
  await putInCart(db, s.user.id, product.id, quantity);
  const deps = orderDeps(db, provider);
  const { order, clientSecret } = await placeOrder(deps, s.user, { addressId: s.address.id, paymentType: 'online' });
  if (!clientSecret || !order.paymentIntentId) throw new Error('no intent for an online order');
  return { s, product, deps, order, clientSecret, intent: fake.intent(order.paymentIntentId) };
}

async function orderRow(id: number): Promise<Order> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  return row!;
}

async function processedEvent(id: string) {
  return db.select().from(processedWebhookEvents).where(eq(processedWebhookEvents.eventId, id));
}

describe('the provider against the fake, through the official SDK', () => {
  it('placing an online order creates an intent with the server amount, AED and the order id', async () => {
    const before = fake.creations().length;
    const { order, clientSecret, intent, s } = await placedOnline(3);
    const creations = fake.creations().slice(before);
    expect(creations).toHaveLength(1);
    const request = creations[0]!;
    expect(request.headers.authorization).toBe('Bearer sk_test_fake');
    expect(request.headers['idempotency-key']).toBe(`order-${order.id}`);
    expect(request.body).toMatchObject({
      amount: String(order.grandTotal),
      currency: 'aed',
      metadata: { order_id: String(order.id) },
      receipt_email: s.user.email,
    });
    expect(order.grandTotal).toBe(Math.round((2_499_00 * 88) / 100) * 3);
    expect(intent).toMatchObject({
      amount: order.grandTotal,
      currency: 'aed',
      status: 'requires_payment_method',
      metadata: { order_id: String(order.id) },
    });
    expect(order.paymentIntentId).toBe(intent.id);
    expect(intent.id).toMatch(/^pi_/);
    expect(clientSecret).toBe(intent.client_secret);
  });

  it('the same idempotency key gives the same intent', async () => {
    const a = await provider.createIntent({
      amount: fils(1_000),
      orderId: 999_001,
      customerEmail: 'x@example.ae',
      idempotencyKey: 'order-999001',
    });
    const b = await provider.createIntent({
      amount: fils(1_000),
      orderId: 999_001,
      customerEmail: 'x@example.ae',
      idempotencyKey: 'order-999001',
    });
    expect(b).toEqual(a);
  });

  it('retrieveIntent reads status, amount, currency, order id and client secret', async () => {
    const { order, intent } = await placedOnline(1);
    expect(await provider.retrieveIntent(intent.id)).toEqual({
      id: intent.id,
      status: 'requires_payment_method',
      amount: order.grandTotal,
      currency: 'aed',
      orderId: order.id,
      clientSecret: intent.client_secret,
    });
    fake.setStatus(intent.id, 'processing');
    expect((await provider.retrieveIntent(intent.id)).status).toBe('processing');
  });

  it('a server error from Stripe is retried with the same key: still one intent', async () => {
    fake.failNextCreate(500);
    const before = fake.intents.size;
    const { order, intent } = await placedOnline(1);
    expect(fake.intents.size).toBe(before + 1);
    expect(intent.metadata.order_id).toBe(String(order.id));
    const attempts = fake.creations().filter((r) => r.headers['idempotency-key'] === `order-${order.id}`);
    expect(attempts).toHaveLength(2);
  });

  it('Stripe refusing the intent: 502 "Failed to create payment intent", stock back, order failed', async () => {
    fake.failNextCreate(400);
    const s = await shopper(db);
    const product = await insertProduct(db, { quantity: 5 });
    await putInCart(db, s.user.id, product.id, 2);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await expect(placeOrder(orderDeps(db, provider), s.user, { addressId: s.address.id, paymentType: 'online' })).rejects.toMatchObject({
      status: 502,
      message: t.paymentIntentFailed,
    });
    expect(logged.mock.calls.some(([line]) => String(line).includes('creating the payment intent failed'))).toBe(true);
    logged.mockRestore();
    expect(await stockOf(db, product.id)).toEqual({ quantity: 5, unitsSold: 0 });
    const [order] = await db.select().from(orders).where(eq(orders.userId, s.user.id));
    expect(order).toMatchObject({ paymentStatus: 'failed', deliveryStatus: 'cancelled', paymentIntentId: null });
    expect(await cartOfUser(db, s.user.id)).toEqual({ [product.id]: 2 });
  });
});

describe('resuming an order awaiting payment (docs/decisions/0013-order-holds.md)', () => {
  it('checking out again after the cart changed updates the same intent at Stripe to the new total', async () => {
    const { s, product, order, intent } = await placedOnline(2);
    await putInCart(db, s.user.id, product.id, 3);
    const again = await placeOrder(orderDeps(db, provider), s.user, { addressId: s.address.id, paymentType: 'online' });
    expect(again.order.id).toBe(order.id);
    expect(again.order.paymentIntentId).toBe(intent.id);
    expect(again.clientSecret).toBe(intent.client_secret);
    expect(fake.intent(intent.id).amount).toBe(again.order.grandTotal);
    expect(again.order.grandTotal).toBe((order.grandTotal / 2) * 3);
    const updates = fake.requests.filter((r) => r.method === 'POST' && r.path === `/v1/payment_intents/${intent.id}`);
    expect(updates.map((r) => r.body.amount)).toEqual([String(again.order.grandTotal)]);
    expect(await stockOf(db, product.id)).toEqual({ quantity: 7, unitsSold: 0 });
  });

  it('Stripe refusing the update: the order is closed (intent canceled, stock back) and the shopper told', async () => {
    const { s, product, order, intent } = await placedOnline(2);
    await putInCart(db, s.user.id, product.id, 1);
    fake.failNext('update', 400);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const error = await placeOrder(orderDeps(db, provider), s.user, { addressId: s.address.id, paymentType: 'online' }).then(
      () => null,
      (e: unknown) => e as { status: number; message: string },
    );
    logged.mockRestore();
    expect(error).toMatchObject({ status: 502, message: t.paymentIntentFailed });
    expect(fake.intent(intent.id).status).toBe('canceled');
    expect(await orderRow(order.id)).toMatchObject({ paymentStatus: 'failed', deliveryStatus: 'cancelled' });
    expect(await stockOf(db, product.id)).toEqual({ quantity: 10, unitsSold: 0 });
  });
});

describe('confirming with Stripe (never trusting the query string)', () => {
  it('requires_payment_method or processing: not paid; succeeded: paid, cart cleared, one mail', async () => {
    const { s, deps, order, intent, product } = await placedOnline();
    const unpaid = await confirmPayment(deps, s.user, order.id, intent.id);
    expect(unpaid).toMatchObject({ status: 'requires_payment_method', order: { paymentStatus: 'unpaid' } });
    fake.setStatus(intent.id, 'processing');
    expect((await confirmByIntent(deps, s.user, intent.id)).order.paymentStatus).toBe('unpaid');
    expect(await cartOfUser(db, s.user.id)).toEqual({ [product.id]: 2 });
    expect(deps.mailer.sent).toEqual([]);

    fake.setStatus(intent.id, 'succeeded');
    const paid = await confirmPayment(deps, s.user, order.id, intent.id);
    expect(paid).toMatchObject({ status: 'succeeded', order: { paymentStatus: 'paid' } });
    expect(await cartOfUser(db, s.user.id)).toEqual({});
    expect(deps.mailer.sent).toHaveLength(1);

    await confirmPayment(deps, s.user, order.id, intent.id);
    await confirmByIntent(deps, s.user, intent.id);
    expect(deps.mailer.sent).toHaveLength(1);
  });

  it('an intent id that is not the order one is not found (even a succeeded one)', async () => {
    const mine = await placedOnline(1);
    const theirs = await placedOnline(1);
    fake.setStatus(theirs.intent.id, 'succeeded');
    await expect(confirmPayment(mine.deps, mine.s.user, mine.order.id, theirs.intent.id)).rejects.toMatchObject({ status: 404 });
    await expect(confirmByIntent(mine.deps, mine.s.user, theirs.intent.id)).rejects.toMatchObject({ status: 404 });
    expect((await orderRow(mine.order.id)).paymentStatus).toBe('unpaid');
    expect((await orderRow(theirs.order.id)).paymentStatus).toBe('unpaid');
  });
});

describe('the signed webhook (source of truth, once per event)', () => {
  it('payment_intent.succeeded marks the order paid once; the same event replayed is a duplicate', async () => {
    const { deps, order, intent, s, product } = await placedOnline();
    const payload = intentEvent('payment_intent.succeeded', { ...intent, status: 'succeeded', amount_received: intent.amount });
    const header = sign(payload);

    const event = parseStripeWebhook(options, payload, header);
    expect(event.kind).toBe('succeeded');
    expect(await handlePaymentEvent(deps, event)).toBe('handled');
    const paid = await orderRow(order.id);
    expect(paid.paymentStatus).toBe('paid');
    expect(await cartOfUser(db, s.user.id)).toEqual({});
    expect(deps.mailer.sent).toHaveLength(1);

    // Stripe retries the same delivery (same event, same signature).
    expect(await handlePaymentEvent(deps, parseStripeWebhook(options, payload, header))).toBe('duplicate');
    // And re-signed later: still the same event id.
    expect(await handlePaymentEvent(deps, parseStripeWebhook(options, payload, sign(payload)))).toBe('duplicate');
    expect(await orderRow(order.id)).toEqual(paid);
    expect(deps.mailer.sent).toHaveLength(1);
    expect(await stockOf(db, product.id)).toEqual({ quantity: 8, unitsSold: 2 });
  });

  it('a second, different succeeded event for a paid order changes nothing (one mail)', async () => {
    const { deps, order, intent } = await placedOnline();
    const succeeded = { ...intent, status: 'succeeded' as const };
    const first = intentEvent('payment_intent.succeeded', succeeded);
    const second = intentEvent('payment_intent.succeeded', succeeded);
    expect(await handlePaymentEvent(deps, parseStripeWebhook(options, first, sign(first)))).toBe('handled');
    expect(await handlePaymentEvent(deps, parseStripeWebhook(options, second, sign(second)))).toBe('handled');
    expect((await orderRow(order.id)).paymentStatus).toBe('paid');
    expect(deps.mailer.sent).toHaveLength(1);
  });

  it('after the webhook, the success route finds the order already paid and sends no second mail', async () => {
    const { deps, order, intent, s } = await placedOnline();
    fake.setStatus(intent.id, 'succeeded');
    const payload = intentEvent('payment_intent.succeeded', fake.intent(intent.id));
    await handlePaymentEvent(deps, parseStripeWebhook(options, payload, sign(payload)));
    const r = await confirmPayment(deps, s.user, order.id, intent.id);
    expect(r.order.paymentStatus).toBe('paid');
    expect(deps.mailer.sent).toHaveLength(1);
  });

  describe('forged webhooks are rejected and change nothing', () => {
    it('signed with the wrong secret, a tampered payload, a missing or malformed header, or a stale timestamp', async () => {
      const { deps, order, intent } = await placedOnline();
      const payload = intentEvent('payment_intent.succeeded', { ...intent, status: 'succeeded' }, 'evt_forged_1');
      const tampered = payload.replace(`"amount":${intent.amount}`, `"amount":${intent.amount + 100}`);
      expect(tampered).not.toBe(payload);
      const attempts: [string, string, string | null][] = [
        ['wrong secret', payload, sign(payload, 'whsec_attacker')],
        ['tampered payload', tampered, sign(payload)],
        ['missing header', payload, null],
        ['empty header', payload, ''],
        ['malformed header', payload, 'not-a-signature'],
        ['stale timestamp (replayed an hour later)', payload, sign(payload, 'whsec_test', Math.floor(Date.now() / 1000) - 3600)],
      ];
      for (const [what, body, header] of attempts) {
        expect(() => parseStripeWebhook(options, body, header), what).toThrow(ValidationError);
      }
      expect((await orderRow(order.id)).paymentStatus).toBe('unpaid');
      expect(await processedEvent('evt_forged_1')).toEqual([]);
      expect(deps.mailer.sent).toEqual([]);

      // The genuine delivery of that event id is still handled afterwards.
      expect(await handlePaymentEvent(deps, parseStripeWebhook(options, payload, sign(payload)))).toBe('handled');
      expect((await orderRow(order.id)).paymentStatus).toBe('paid');
    });

    it('without a webhook secret configured, nothing is accepted', () => {
      const payload = intentEvent('payment_intent.succeeded', {
        id: 'pi_x',
        amount: 1,
        currency: 'aed',
        status: 'succeeded',
        metadata: {},
      });
      expect(() => parseStripeWebhook({ ...options, webhookSecret: undefined }, payload, sign(payload))).toThrow(ValidationError);
    });
  });

  it('a succeeded event whose amount differs from the order total does not mark it paid', async () => {
    const { deps, order, intent } = await placedOnline();
    for (const amount of [intent.amount - 1, intent.amount + 1, 1]) {
      const payload = intentEvent('payment_intent.succeeded', { ...intent, amount, amount_received: amount, status: 'succeeded' });
      await handlePaymentEvent(deps, parseStripeWebhook(options, payload, sign(payload)));
    }
    expect((await orderRow(order.id)).paymentStatus).toBe('unpaid');
    expect(deps.mailer.sent).toEqual([]);
  });

  it('a succeeded event for an intent that is no order changes nothing', async () => {
    const { deps, order } = await placedOnline();
    const payload = intentEvent('payment_intent.succeeded', {
      id: 'pi_unknown_intent',
      object: 'payment_intent',
      amount: order.grandTotal,
      currency: 'aed',
      status: 'succeeded',
      metadata: { order_id: String(order.id) },
    });
    expect(await handlePaymentEvent(deps, parseStripeWebhook(options, payload, sign(payload)))).toBe('handled');
    expect((await orderRow(order.id)).paymentStatus).toBe('unpaid');
    expect(deps.mailer.sent).toEqual([]);
  });

  it('payment_intent.payment_failed: the order is failed and cancelled, its stock back once', async () => {
    const { deps, order, intent, product, s } = await placedOnline(3);
    expect(await stockOf(db, product.id)).toEqual({ quantity: 7, unitsSold: 0 });
    const payload = intentEvent('payment_intent.payment_failed', {
      ...intent,
      status: 'requires_payment_method',
      last_payment_error: { code: 'card_declined' },
    });
    expect(await handlePaymentEvent(deps, parseStripeWebhook(options, payload, sign(payload)))).toBe('handled');
    const failed = await orderRow(order.id);
    expect(failed).toMatchObject({ paymentStatus: 'failed', deliveryStatus: 'cancelled' });
    expect(await stockOf(db, product.id)).toEqual({ quantity: 10, unitsSold: 0 });
    expect(await cartOfUser(db, s.user.id)).toEqual({ [product.id]: 3 });

    // Replayed, and a second failure event: the stock is not given back twice.
    expect(await handlePaymentEvent(deps, parseStripeWebhook(options, payload, sign(payload)))).toBe('duplicate');
    const second = intentEvent('payment_intent.payment_failed', { ...intent, status: 'requires_payment_method' });
    expect(await handlePaymentEvent(deps, parseStripeWebhook(options, second, sign(second)))).toBe('handled');
    expect(await stockOf(db, product.id)).toEqual({ quantity: 10, unitsSold: 0 });
    expect(deps.mailer.sent).toEqual([]);
  });

  it('a failure event for an order already paid changes nothing', async () => {
    const { deps, order, intent, product } = await placedOnline(2);
    const ok = intentEvent('payment_intent.succeeded', { ...intent, status: 'succeeded' });
    await handlePaymentEvent(deps, parseStripeWebhook(options, ok, sign(ok)));
    const failed = intentEvent('payment_intent.payment_failed', { ...intent, status: 'requires_payment_method' });
    await handlePaymentEvent(deps, parseStripeWebhook(options, failed, sign(failed)));
    expect(await orderRow(order.id)).toMatchObject({ paymentStatus: 'paid', deliveryStatus: 'pending' });
    expect(await stockOf(db, product.id)).toEqual({ quantity: 8, unitsSold: 2 });
  });

  it('a success after a failure (another card) takes the stock again and pays the order', async () => {
    const { deps, order, intent, product } = await placedOnline(2);
    const failed = intentEvent('payment_intent.payment_failed', { ...intent, status: 'requires_payment_method' });
    await handlePaymentEvent(deps, parseStripeWebhook(options, failed, sign(failed)));
    expect((await stockOf(db, product.id)).quantity).toBe(10);
    const ok = intentEvent('payment_intent.succeeded', { ...intent, status: 'succeeded' });
    await handlePaymentEvent(deps, parseStripeWebhook(options, ok, sign(ok)));
    expect(await orderRow(order.id)).toMatchObject({ paymentStatus: 'paid', deliveryStatus: 'pending', stockReleasedAt: null });
    expect((await stockOf(db, product.id)).quantity).toBe(8);
    expect(deps.mailer.sent).toHaveLength(1);
  });

  it('an unrelated event type is ignored (and recorded once)', async () => {
    const { deps, order } = await placedOnline(1);
    const payload = JSON.stringify({
      id: 'evt_unrelated_1',
      object: 'event',
      type: 'customer.created',
      data: { object: { id: 'cus_1', object: 'customer' } },
    });
    const event = parseStripeWebhook(options, payload, sign(payload));
    expect(event).toMatchObject({ kind: 'ignored', type: 'customer.created' });
    expect(await handlePaymentEvent(deps, event)).toBe('ignored');
    expect(await handlePaymentEvent(deps, event)).toBe('duplicate');
    expect((await orderRow(order.id)).paymentStatus).toBe('unpaid');
  });
});
