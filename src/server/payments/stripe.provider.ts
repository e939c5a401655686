// Stripe PaymentIntents and signed webhooks, through the official SDK.
import Stripe from 'stripe';
import { ValidationError } from '@/server/errors';
import { fils } from '@/domain/money';
import type { IntentStatus, PaymentEvent, PaymentIntentView, PaymentProvider } from './payment-provider';

export interface StripeOptions {
  secretKey: string;
  publishableKey: string;
  webhookSecret?: string | undefined;
  /** Tests point the SDK at a local fake of Stripe's endpoints. */
  apiUrl?: string | undefined;
}

export function stripeClient(options: StripeOptions): Stripe {
  const api = options.apiUrl ? new URL(options.apiUrl) : null;
  return new Stripe(options.secretKey, {
    ...(api
      ? {
          host: api.hostname,
          port: Number(api.port || (api.protocol === 'https:' ? 443 : 80)),
          protocol: api.protocol.replace(':', '') as 'http' | 'https',
        }
      : {}),
    maxNetworkRetries: 1,
    timeout: 15_000,
  });
}

function view(intent: Stripe.PaymentIntent): PaymentIntentView {
  const orderId = Number(intent.metadata?.order_id);
  return {
    id: intent.id,
    status: intent.status as IntentStatus,
    amount: fils(intent.amount),
    currency: intent.currency,
    orderId: Number.isInteger(orderId) && orderId > 0 ? orderId : null,
    clientSecret: intent.client_secret ?? null,
  };
}

export function createStripeProvider(options: StripeOptions): PaymentProvider {
  const stripe = stripeClient(options);
  return {
    kind: 'stripe',
    publishableKey: options.publishableKey,
    async createIntent({ amount, orderId, customerEmail, idempotencyKey }) {
      const intent = await stripe.paymentIntents.create(
        {
          amount,
          currency: 'aed',
          automatic_payment_methods: { enabled: true },
          metadata: { order_id: String(orderId) },
          receipt_email: customerEmail,
        },
        { idempotencyKey },
      );
      if (!intent.client_secret) throw new Error('Stripe returned a PaymentIntent without a client secret');
      return { id: intent.id, clientSecret: intent.client_secret };
    },
    async retrieveIntent(id) {
      return view(await stripe.paymentIntents.retrieve(id));
    },
    async updateIntent(id, amount) {
      await stripe.paymentIntents.update(id, { amount });
    },
    async cancelIntent(id) {
      try {
        return view(await stripe.paymentIntents.cancel(id));
      } catch (error) {
        // Refused because it is no longer cancelable (succeeded, processing, already canceled):
        // how it stands decides what the shop does. Anything else is a real failure.
        if (error instanceof Stripe.errors.StripeInvalidRequestError) return view(await stripe.paymentIntents.retrieve(id));
        throw error;
      }
    },
    async refund(intentId, options = {}) {
      try {
        const refund = await stripe.refunds.create(
          { payment_intent: intentId, ...(options.amount === undefined ? {} : { amount: options.amount }) },
          { idempotencyKey: options.idempotencyKey ?? `refund-${intentId}` },
        );
        return { id: refund.id };
      } catch (error) {
        // A full refund asked again (no amount): the money is back already.
        if (
          options.amount === undefined &&
          error instanceof Stripe.errors.StripeInvalidRequestError &&
          error.code === 'charge_already_refunded'
        )
          return { id: null };
        throw error;
      }
    },
  };
}

/** Verifies a webhook's signature and reads the two events the shop acts on. */
export function parseStripeWebhook(options: StripeOptions, payload: string, signature: string | null): PaymentEvent {
  if (!options.webhookSecret) throw new ValidationError('Webhooks are not configured');
  if (!signature) throw new ValidationError('Missing Stripe-Signature header');
  let event: Stripe.Event;
  try {
    event = stripeClient(options).webhooks.constructEvent(payload, signature, options.webhookSecret);
  } catch {
    throw new ValidationError('Invalid webhook signature');
  }
  if (event.type === 'payment_intent.succeeded') return { kind: 'succeeded', eventId: event.id, intent: view(event.data.object) };
  if (event.type === 'payment_intent.payment_failed') return { kind: 'failed', eventId: event.id, intent: view(event.data.object) };
  return { kind: 'ignored', eventId: event.id, type: event.type };
}
