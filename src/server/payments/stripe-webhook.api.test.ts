// The Stripe path through /api, configured the way the app is (docs/decisions/0020-orders-stock-and-payment.md, docs/decisions/0017-stack.md): STRIPE_* environment
// variables read once by config(), the SDK pointed at a local fake of the PaymentIntents
// endpoints, and POST /api/payments/stripe/webhook fed payloads signed with the SDK's test
// header. The environment is set before any app module is loaded (each test file has its own
// module graph, so config()'s cache starts empty here) and restored afterwards.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Stripe from 'stripe';
import { intentEvent, startStripeFake } from '../../../tests/stripe-fake';

const fake = await startStripeFake();
const STRIPE_ENV = {
  STRIPE_SECRET_KEY: 'sk_test_fake',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_fake',
  STRIPE_WEBHOOK_SECRET: 'whsec_test',
  STRIPE_API_URL: fake.url,
} as const;
const saved = Object.fromEntries(Object.keys(STRIPE_ENV).map((k) => [k, process.env[k]]));
Object.assign(process.env, STRIPE_ENV);

const { eq } = await import('drizzle-orm');
const { orders, processedWebhookEvents } = await import('@/server/db/schema/orders');
const { app } = await import('@/server/app');
const { insertProduct } = await import('../../../tests/factories');
const { recordingMailer } = await import('../../../tests/accounts');
const { callCheckout, callCheckoutApi, putInCart, shopper, stockOf } = await import('../../../tests/checkout');
const { checkoutApi } = await import('@/domain/api/checkout');
const { ordersApi } = await import('@/domain/api/orders');
const { freshDatabase } = await import('../../../tests/db');

type Db = import('@/server/db/client').Db;
type TestDatabase = import('../../../tests/db').TestDatabase;
type Shopper = import('../../../tests/checkout').Shopper;
type Endpoint = import('@/domain/api/endpoint').Endpoint;
type EndpointCall<E extends Endpoint> = import('../../../tests/api').EndpointCall<E>;
type WebhookAnswer = import('@/domain/api/endpoint').AnswerOf<typeof checkoutApi.stripeWebhook>;

let handle: TestDatabase;
let db: Db;
const mailer = recordingMailer();
const sdk = new Stripe('sk_test_fake');
const call = <E extends Endpoint>(endpoint: E, options: EndpointCall<E> = {}) => callCheckout(db, mailer, endpoint, options);
const sign = (payload: string, secret = 'whsec_test') => sdk.webhooks.generateTestHeaderString({ payload, secret });
/** The webhook gets its payload raw: the signature is over these exact bytes. */
async function sendRaw(payload: string, headers: Record<string, string>) {
  const r = await callCheckoutApi(db, mailer, checkoutApi.stripeWebhook.path, {
    raw: payload,
    headers: { 'content-type': 'application/json', ...headers },
  });
  const envelope = JSON.parse(r.text) as { success: boolean; data: WebhookAnswer };
  return { status: r.status, text: r.text, success: envelope.success, data: envelope.data };
}
const webhook = (payload: string, signature: string | null) =>
  sendRaw(payload, signature === null ? {} : { 'stripe-signature': signature });

beforeAll(async () => {
  handle = await freshDatabase();
  db = handle.db;
});
afterAll(async () => {
  await fake.close();
  await handle?.dispose();
  for (const [key, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
});

async function orderRow(id: number) {
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  return row!;
}

/** An online order placed through /api with absurd client amounts in the payload. */
async function placeThroughApi(quantity = 2): Promise<{ s: Shopper; orderId: number; intentId: string; productId: number }> {
  const s = await shopper(db);
  const product = await insertProduct(db, { quantity: 10, unitPrice: 3_150_00, discount: 0 });
  await putInCart(db, s.user.id, product.id, quantity);
  const r = await call(checkoutApi.placeOrder, {
    as: s,
    body: {
      customer_id: s.user.id,
      address_id: s.address.id,
      payment_type: 'online',
      sub_total: 1,
      grand_total: 1,
      tax_amount: 0,
      discount_amount: 0,
      product_array: [{ product_id: product.id, price: 0.01, discount: 100, quantity }],
    },
  });
  expect(r.status, r.text).toBe(201);
  const orderId = r.data.order_id;
  const order = await orderRow(orderId);
  expect(r.data.client_secret).toBe(fake.intent(order.paymentIntentId!).client_secret);
  return { s, orderId, intentId: order.paymentIntentId!, productId: product.id };
}

describe('configuration', () => {
  it('reads the Stripe options from the environment and chooses the Stripe provider', () => {
    expect(app().stripe).toEqual({
      secretKey: 'sk_test_fake',
      publishableKey: 'pk_test_fake',
      webhookSecret: 'whsec_test',
      apiUrl: fake.url,
    });
    const provider = app().payments(db);
    expect(provider?.kind).toBe('stripe');
    expect(provider?.publishableKey).toBe('pk_test_fake');
  });
});

describe('the card flow through /api with Stripe', () => {
  it('place-order creates the intent on Stripe for the server amount, ignoring the payload amounts', async () => {
    const before = fake.creations().length;
    const { orderId, intentId } = await placeThroughApi(2);
    const order = await orderRow(orderId);
    expect(order.grandTotal).toBe(6_300_00);
    const created = fake.creations().slice(before);
    expect(created).toHaveLength(1);
    expect(created[0]!.body).toMatchObject({ amount: '630000', currency: 'aed', metadata: { order_id: String(orderId) } });
    expect(fake.intent(intentId).amount).toBe(6_300_00);
  });

  it('confirm-order asks Stripe: unpaid until Stripe says succeeded', async () => {
    const { s, orderId, intentId } = await placeThroughApi(1);
    const form = {
      customer_id: s.user.id,
      order_id: orderId,
      payment_intent: intentId,
      payment_status: 'succeeded',
      payment_client_secret: 'whatever',
    };
    const early = await call(checkoutApi.confirmPayment, { as: s, body: form, encoding: 'form' });
    expect(early.status, early.text).toBe(200);
    expect(early.data).toMatchObject({ order_id: orderId, status: 'requires_payment_method', payment_status: 'unpaid' });
    expect((await orderRow(orderId)).paymentStatus).toBe('unpaid');

    fake.setStatus(intentId, 'succeeded');
    const late = await call(checkoutApi.confirmPayment, { as: s, body: form, encoding: 'form' });
    expect(late.data).toMatchObject({ status: 'succeeded', payment_status: 'paid' });
  });
});

describe('POST /api/payments/stripe/webhook', () => {
  it('a signed payment_intent.succeeded pays the order once; the replay answers duplicate', async () => {
    const { s, orderId, intentId, productId } = await placeThroughApi(2);
    const sentBefore = mailer.sent.length;
    const payload = intentEvent('payment_intent.succeeded', { ...fake.setStatus(intentId, 'succeeded') });
    const header = sign(payload);

    const first = await webhook(payload, header);
    expect(first.status, first.text).toBe(200);
    expect(first.data).toEqual({ received: true, outcome: 'handled' });
    const paid = await orderRow(orderId);
    expect(paid.paymentStatus).toBe('paid');
    expect(mailer.sent.length).toBe(sentBefore + 1);
    expect(mailer.sent.at(-1)!.to).toBe(s.user.email);

    const replay = await webhook(payload, header);
    expect(replay.status).toBe(200);
    expect(replay.data.outcome).toBe('duplicate');
    expect(await orderRow(orderId)).toEqual(paid);
    expect(mailer.sent.length).toBe(sentBefore + 1);
    expect(await stockOf(db, productId)).toEqual({ quantity: 8, unitsSold: 2 });

    const details = await call(ordersApi.detail, { as: s, query: { order_id: orderId, customer_id: s.user.id } });
    expect(details.data[0]!.payment_status).toBe('paid');
  });

  it('forged deliveries answer 422 and change nothing', async () => {
    const { orderId, intentId } = await placeThroughApi(1);
    const payload = intentEvent('payment_intent.succeeded', { ...fake.intent(intentId), status: 'succeeded' }, 'evt_route_forged');
    const tampered = payload.replace('"status":"succeeded"', '"status":"succeeded","amount_received":1');
    for (const [what, body, header] of [
      ['wrong secret', payload, sign(payload, 'whsec_someone_else')],
      ['tampered body', tampered, sign(payload)],
      ['no signature header', payload, null],
      ['garbage header', payload, 't=1,v1=deadbeef'],
    ] as [string, string, string | null][]) {
      const r = await webhook(body, header);
      expect(r.status, what).toBe(422);
      expect(r.success, what).toBe(false);
    }
    expect((await orderRow(orderId)).paymentStatus).toBe('unpaid');
    expect(await db.select().from(processedWebhookEvents).where(eq(processedWebhookEvents.eventId, 'evt_route_forged'))).toEqual([]);
  });

  it('payment_intent.payment_failed gives the stock back; an unrelated event is ignored', async () => {
    const { orderId, intentId, productId } = await placeThroughApi(3);
    expect((await stockOf(db, productId)).quantity).toBe(7);
    const failed = intentEvent('payment_intent.payment_failed', { ...fake.intent(intentId) });
    const r = await webhook(failed, sign(failed));
    expect(r.data.outcome).toBe('handled');
    expect(await orderRow(orderId)).toMatchObject({ paymentStatus: 'failed', deliveryStatus: 'cancelled' });
    expect(await stockOf(db, productId)).toEqual({ quantity: 10, unitsSold: 0 });
    expect((await webhook(failed, sign(failed))).data.outcome).toBe('duplicate');
    expect((await stockOf(db, productId)).quantity).toBe(10);

    const other = JSON.stringify({
      id: 'evt_route_other',
      object: 'event',
      type: 'charge.refunded',
      data: { object: { id: 'ch_1', object: 'charge' } },
    });
    const ignored = await webhook(other, sign(other));
    expect(ignored.status).toBe(200);
    expect(ignored.data.outcome).toBe('ignored');
  });
});

describe('the webhook body is capped (issue 10, point 10)', () => {
  it('a body over 256 KB answers 413 before any signature check and records nothing; a real event is far below', async () => {
    const { orderId, intentId } = await placeThroughApi(1);
    const event = intentEvent('payment_intent.succeeded', { ...fake.intent(intentId), status: 'succeeded' });
    expect(event.length).toBeLessThan(4 * 1024);
    const padded = JSON.stringify({ ...JSON.parse(event), padding: 'x'.repeat(256 * 1024) });
    const before = (await db.select().from(processedWebhookEvents)).length;
    for (const body of [padded]) {
      const r = await webhook(body, sign(body));
      expect(r.status, r.text).toBe(413);
      expect(r.success).toBe(false);
    }
    // Streamed without a declared length, it is counted as it arrives and refused the same way.
    const streamed = await sendRaw(padded, { 'stripe-signature': sign(padded), 'transfer-encoding': 'chunked' });
    expect(streamed.status, streamed.text).toBe(413);
    expect((await db.select().from(processedWebhookEvents)).length).toBe(before);
    expect((await orderRow(orderId)).paymentStatus).toBe('unpaid');
  });
});
