// A local fake of the few Stripe endpoints the shop uses (docs/decisions/0013-order-holds.md): create, retrieve, update and
// cancel PaymentIntents, and refund a succeeded one, in full or in parts (as Stripe: refunds beyond
// what was paid are refused, a second full refund with charge_already_refunded). The official `stripe` SDK is pointed at it (host/port/protocol), so the real
// SDK's request encoding, headers and response parsing are exercised, offline.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import { afterAll, beforeAll } from 'vitest';
import { createStripeProvider, type StripeOptions } from '@/server/payments/stripe.provider';
import type { PaymentProvider } from '@/server/payments/payment-provider';

export type FakeIntentStatus =
  'requires_payment_method' | 'requires_confirmation' | 'requires_action' | 'processing' | 'succeeded' | 'canceled';

/** Shaped like Stripe's PaymentIntent object (the fields the shop and the SDK read). */
export interface FakeIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  status: FakeIntentStatus;
  client_secret: string;
  metadata: Record<string, string>;
  receipt_email: string | null;
  automatic_payment_methods: { enabled: boolean } | null;
  created: number;
  livemode: false;
}

export interface RecordedRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  /** The form-encoded body, with `a[b]=c` keys nested as Stripe encodes them. */
  body: Record<string, unknown>;
}

export interface FakeRefund {
  id: string;
  object: 'refund';
  payment_intent: string;
  amount: number;
  currency: string;
  status: 'succeeded';
}

export type FakeOperation = 'create' | 'update' | 'cancel' | 'refund';

export interface StripeFake {
  /** http://127.0.0.1:<port> */
  url: string;
  intents: Map<string, FakeIntent>;
  requests: RecordedRequest[];
  /** Requests that created an intent (POST /v1/payment_intents), replays included. */
  creations(): RecordedRequest[];
  setStatus(id: string, status: FakeIntentStatus): FakeIntent;
  intent(id: string): FakeIntent;
  /** Refunds made: a full one per intent, or partial ones up to what was paid (an idempotent replay adds none). */
  refunds: FakeRefund[];
  /** The next `times` creates answer this HTTP status with a Stripe error (then back to normal). */
  failNextCreate(status: number, times?: number): void;
  /** The same for another operation (update, cancel, refund); `times` 0 stops failing. */
  failNext(operation: FakeOperation, status: number, times?: number): void;
  close(): Promise<void>;
}

/** `metadata[order_id]=5&automatic_payment_methods[enabled]=true` -> nested object. */
export function parseStripeForm(raw: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(raw)) {
    const parts = key.split(/\[|\]\[|\]/).filter((p) => p !== '');
    let target = out;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) target[part] = value;
      else target = (target[part] ??= {}) as Record<string, unknown>;
    });
  }
  return out;
}

function replyJson(res: http.ServerResponse, value: unknown) {
  res.writeHead(200, { 'content-type': 'application/json', 'request-id': `req_${randomBytes(6).toString('hex')}` });
  res.end(JSON.stringify(value));
}

function stripeError(res: http.ServerResponse, status: number, message: string, code = 'resource_missing') {
  res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${randomBytes(6).toString('hex')}` });
  res.end(JSON.stringify({ error: { type: status >= 500 ? 'api_error' : 'invalid_request_error', code, message } }));
}

export async function startStripeFake(options: { secretKey?: string } = {}): Promise<StripeFake> {
  const secretKey = options.secretKey ?? 'sk_test_fake';
  const intents = new Map<string, FakeIntent>();
  const byIdempotencyKey = new Map<string, string>();
  const requests: RecordedRequest[] = [];
  const refunds: FakeRefund[] = [];
  const refundByKey = new Map<string, FakeRefund>();
  const failures = new Map<FakeOperation, { status: number; times: number }>();
  /** Answers true (and the error) when the operation was told to fail now. */
  const failing = (operation: FakeOperation, res: http.ServerResponse): boolean => {
    const next = failures.get(operation);
    if (!next) return false;
    if (next.times > 1) failures.set(operation, { status: next.status, times: next.times - 1 });
    else failures.delete(operation);
    stripeError(res, next.status, 'The fake was told to fail', 'fake_failure');
    return true;
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const path = (req.url ?? '/').split('?')[0]!;
      const body = parseStripeForm(raw);
      requests.push({ method: req.method ?? 'GET', path, headers: req.headers, body });
      if (req.headers.authorization !== `Bearer ${secretKey}`) return stripeError(res, 401, 'Invalid API Key provided', 'api_key_invalid');
      const reply = (intent: FakeIntent) => replyJson(res, intent);

      if (req.method === 'POST' && path === '/v1/payment_intents') {
        if (failing('create', res)) return;
        const key = req.headers['idempotency-key'];
        const known = typeof key === 'string' ? byIdempotencyKey.get(key) : undefined;
        if (known) return reply(intents.get(known)!);
        const amount = Number(body.amount);
        if (!Number.isInteger(amount) || amount < 1 || typeof body.currency !== 'string')
          return stripeError(res, 400, 'Missing amount or currency', 'parameter_missing');
        const id = `pi_${randomBytes(12).toString('hex')}`;
        const intent: FakeIntent = {
          id,
          object: 'payment_intent',
          amount,
          amount_received: 0,
          currency: body.currency,
          status: 'requires_payment_method',
          client_secret: `${id}_secret_${randomBytes(12).toString('hex')}`,
          metadata: (body.metadata as Record<string, string> | undefined) ?? {},
          receipt_email: typeof body.receipt_email === 'string' ? body.receipt_email : null,
          automatic_payment_methods: body.automatic_payment_methods
            ? { enabled: (body.automatic_payment_methods as { enabled?: string }).enabled === 'true' }
            : null,
          created: Math.floor(Date.now() / 1000),
          livemode: false,
        };
        intents.set(id, intent);
        if (typeof key === 'string') byIdempotencyKey.set(key, id);
        return reply(intent);
      }
      const match = /^\/v1\/payment_intents\/([^/]+)(\/cancel)?$/.exec(path);
      const found = match ? intents.get(decodeURIComponent(match[1]!)) : undefined;
      if (match && !found) return stripeError(res, 404, `No such payment_intent: '${match[1]}'`);
      if (req.method === 'GET' && match && !match[2]) return reply(found!);
      const unexpectedState = (action: string) =>
        stripeError(
          res,
          400,
          `You cannot ${action} this PaymentIntent because it has a status of ${found!.status}.`,
          'payment_intent_unexpected_state',
        );
      if (req.method === 'POST' && match && !match[2]) {
        if (failing('update', res)) return;
        if (!['requires_payment_method', 'requires_confirmation', 'requires_action'].includes(found!.status))
          return unexpectedState('update');
        const amount = Number(body.amount);
        if (body.amount !== undefined) {
          if (!Number.isInteger(amount) || amount < 1) return stripeError(res, 400, 'Invalid integer', 'parameter_invalid_integer');
          found!.amount = amount;
        }
        return reply(found!);
      }
      if (req.method === 'POST' && match && match[2]) {
        if (failing('cancel', res)) return;
        // Stripe cancels only a payment not yet made (processing only in rare cases; never here).
        if (!['requires_payment_method', 'requires_capture', 'requires_confirmation', 'requires_action'].includes(found!.status))
          return unexpectedState('cancel');
        found!.status = 'canceled';
        return reply(found!);
      }
      if (req.method === 'POST' && path === '/v1/refunds') {
        if (failing('refund', res)) return;
        const key = req.headers['idempotency-key'];
        const replay = typeof key === 'string' ? refundByKey.get(key) : undefined;
        if (replay) return replyJson(res, replay);
        const intent = typeof body.payment_intent === 'string' ? intents.get(body.payment_intent) : undefined;
        if (!intent) return stripeError(res, 404, `No such payment_intent: '${String(body.payment_intent)}'`);
        if (intent.status !== 'succeeded')
          return stripeError(res, 400, 'This PaymentIntent does not have a successful charge to refund.', 'charge_not_refundable');
        // Partial refunds (an `amount`) add up to at most what was paid; without one, what is left.
        const refundedSoFar = refunds.filter((r) => r.payment_intent === intent.id).reduce((sum, r) => sum + r.amount, 0);
        const left = intent.amount_received - refundedSoFar;
        if (left <= 0) return stripeError(res, 400, 'Charge has already been refunded.', 'charge_already_refunded');
        const asked = body.amount === undefined ? left : Number(body.amount);
        if (!Number.isInteger(asked) || asked < 1) return stripeError(res, 400, 'Invalid integer', 'parameter_invalid_integer');
        if (asked > left)
          return stripeError(
            res,
            400,
            `Refund amount (${asked}) is greater than unrefunded amount on charge (${left})`,
            'amount_too_large',
          );
        const refund: FakeRefund = {
          id: `re_${randomBytes(12).toString('hex')}`,
          object: 'refund',
          payment_intent: intent.id,
          amount: asked,
          currency: intent.currency,
          status: 'succeeded',
        };
        refunds.push(refund);
        if (typeof key === 'string') refundByKey.set(key, refund);
        return replyJson(res, refund);
      }
      return stripeError(res, 404, `Unrecognized request URL (${req.method}: ${path})`, 'url_invalid');
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const intent = (id: string) => {
    const found = intents.get(id);
    if (!found) throw new Error(`The fake has no intent ${id}`);
    return found;
  };

  return {
    url: `http://127.0.0.1:${port}`,
    intents,
    requests,
    creations: () => requests.filter((r) => r.method === 'POST' && r.path === '/v1/payment_intents'),
    intent,
    setStatus(id, status) {
      const found = intent(id);
      found.status = status;
      if (status === 'succeeded') found.amount_received = found.amount;
      return found;
    },
    refunds,
    failNextCreate(status, times = 1) {
      failures.set('create', { status, times });
    },
    failNext(operation, status, times = 1) {
      if (times > 0) failures.set(operation, { status, times });
      else failures.delete(operation);
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** A Stripe event carrying a copy of the intent, as Stripe posts it to the webhook. */
export function intentEvent(
  type: string,
  intent: FakeIntent | Record<string, unknown>,
  id = `evt_${randomBytes(12).toString('hex')}`,
): string {
  return JSON.stringify({
    id,
    object: 'event',
    api_version: '2025-01-01',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object: { ...intent } },
  });
}

/** The webhook secret the tests' Stripe settings use. */
export const TEST_WEBHOOK_SECRET = 'whsec_test';

/** The shop's Stripe settings in the tests, pointed at a fake's address. */
export function stripeTestOptions(apiUrl: string): StripeOptions {
  return { secretKey: 'sk_test_fake', publishableKey: 'pk_test_fake', webhookSecret: TEST_WEBHOOK_SECRET, apiUrl };
}

/** An SDK instance only for signing test webhooks (no network). */
const signer = new Stripe('sk_test_fake');

/** A Stripe-Signature header for `payload`, made by the SDK's own test helper. */
export function signTestWebhook(payload: string, secret = TEST_WEBHOOK_SECRET, timestamp?: number): string {
  return signer.webhooks.generateTestHeaderString({ payload, secret, ...(timestamp === undefined ? {} : { timestamp }) });
}

export interface StripeFakeSetup {
  fake: StripeFake;
  options: StripeOptions;
  provider: PaymentProvider;
}

/**
 * A test file's Stripe: the fake started before its tests (beforeAll) and closed after them, with
 * the shop's options and the real provider pointed at it, handed to `onReady`.
 */
export function useStripeFake(onReady: (stripe: StripeFakeSetup) => void): void {
  let fake: StripeFake | undefined;
  beforeAll(async () => {
    fake = await startStripeFake();
    const options = stripeTestOptions(fake.url);
    onReady({ fake, options, provider: createStripeProvider(options) });
  });
  afterAll(async () => {
    await fake?.close();
  });
}
