// Checkout: the delivery location form, placing an order (card or cash on delivery), confirming a
// card payment and Stripe's webhook (docs/product.md#payment, docs/decisions/0013-order-holds.md).
// The delivery location form keeps the API's names on the wire (`weight_form_id`,
// `weight_form_details`); in code it is the delivery form (docs/glossary.md).
import { z } from '@/domain/zod';
import { PAYMENT_STATUSES, confirmOrderSchema, deliveryFormSchema, orderPayloadSchema } from '@/domain/checkout';
import { defineEndpoint } from './endpoint';
import { aed, wireId } from './wire';

/**
 * Stripe's events for a PaymentIntent are a few kilobytes (the intent and its metadata); 256 KB
 * leaves room for any event Stripe may send while a flood of large bodies is refused (413)
 * before it is held in memory or its signature computed (docs/decisions/0013-order-holds.md).
 */
export const WEBHOOK_BODY_LIMIT = 256 * 1024;

const yesNo = z.enum(['Yes', 'No']);

/** The delivery location form as the API sends it (also inside the cart and an order's details). */
export const deliveryFormWire = z.strictObject({
  id: wireId,
  contact_name: z.string(),
  contact_number: z.string(),
  date_of_delivery: z.iso.date(),
  available_timing: z.string(),
  remarks: z.string().nullable(),
  lift_available: yesNo,
  no_of_floors: z.number().int().nullable(),
  pass_required: yesNo,
});

/** A Stripe event as it arrives: the handler verifies its signature over the exact bytes, then reads it. */
const stripeEvent = z.looseObject({
  id: z.string(),
  type: z.string(),
  data: z.looseObject({ object: z.looseObject({ id: z.string() }) }),
});

export const checkoutApi = {
  deliveryForm: defineEndpoint({
    method: 'POST',
    path: 'products/weight-form',
    summary: 'Delivery location details for a cart over 100 kg',
    auth: 'customer',
    body: deliveryFormSchema,
    answer: z.strictObject({ data: z.strictObject({ id: wireId }) }),
  }),
  placeOrder: defineEndpoint({
    method: 'POST',
    path: 'products/place-order',
    summary: 'Place an online order: the server prices it and creates the PaymentIntent (201)',
    auth: 'customer',
    body: orderPayloadSchema,
    answer: z.strictObject({ order_id: wireId, client_secret: z.string().nullable(), grand_total: aed }),
  }),
  cashOnDelivery: defineEndpoint({
    method: 'POST',
    path: 'products/cash-delivery',
    summary: 'Place a cash-on-delivery order (needs a default address; 201)',
    auth: 'customer',
    body: orderPayloadSchema,
    answer: z.strictObject({ order_id: wireId, grand_total: aed }),
  }),
  confirmPayment: defineEndpoint({
    method: 'POST',
    path: 'products/confirm-order',
    summary: 'Confirm a card payment by asking the provider (never trusting the query string)',
    auth: 'customer',
    body: confirmOrderSchema,
    answer: z.strictObject({
      order_id: wireId,
      status: z.string(),
      payment_status: z.enum(PAYMENT_STATUSES),
    }),
  }),
  stripeWebhook: defineEndpoint({
    method: 'POST',
    path: 'payments/stripe/webhook',
    summary: 'Stripe webhook (signed): payment_intent.succeeded / payment_failed, each event once',
    auth: 'public',
    body: stripeEvent,
    rawBody: true,
    bodyLimit: WEBHOOK_BODY_LIMIT,
    answer: z.strictObject({ received: z.literal(true), outcome: z.enum(['handled', 'duplicate', 'ignored']) }),
  }),
};
