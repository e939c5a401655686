// Addresses, checkout and orders: each example that needs an address, a cart or an order makes
// its own shopper, so what other areas' examples leave in the world's cart does not matter.
import Stripe from 'stripe';
import type { Contract } from '@/domain/api/index';
import { placeOrder } from '@/server/orders/order.service';
import { createTestProvider } from '@/server/payments/test.provider';
import { addressFor, addressForm, orderDeps, putInCart, shopper, deliveryFormFields, type Shopper } from '../checkout';
import { insertProduct } from '../factories';
import { intentEvent } from '../stripe-fake';
import type { Examples, World } from './world';

/** A shopper with a default address and one product in the cart. */
async function shopperWithCart({ db }: World): Promise<Shopper> {
  const s = await shopper(db);
  const product = await insertProduct(db);
  await putInCart(db, s.user.id, product.id, 1);
  return s;
}

/** A card order awaiting payment, placed through the service with the built-in test provider. */
async function cardOrder(world: World) {
  const s = await shopperWithCart(world);
  const { order } = await placeOrder(orderDeps(world.db, createTestProvider(world.db)), s.user, {
    addressId: s.address.id,
    paymentType: 'online',
  });
  return { s, order };
}

export const addressesExamples: Examples<Contract['addresses']> = {
  add: () => ({ body: addressForm(), encoding: 'form' }),
  list: () => ({}),
  get: async ({ db, customer }) => ({ query: { address_id: (await addressFor(db, customer.user.id)).id } }),
  update: async ({ db, customer }) => ({
    body: { ...addressForm({ name: 'Aisha Updated' }), address_id: (await addressFor(db, customer.user.id)).id },
    encoding: 'form',
  }),
  makeDefault: async ({ db, customer }) => ({ body: { address_id: (await addressFor(db, customer.user.id)).id } }),
  remove: async ({ db, customer }) => ({ body: { address_id: (await addressFor(db, customer.user.id)).id } }),
};

const WEBHOOK_SECRET = 'whsec_contract';

export const checkoutExamples: Examples<Contract['checkout']> = {
  deliveryForm: () => ({ body: deliveryFormFields(), encoding: 'form' }),
  placeOrder: async (world) => {
    const s = await shopperWithCart(world);
    return { as: s, body: { address_id: s.address.id, payment_type: 'online' } };
  },
  cashOnDelivery: async (world) => {
    const s = await shopperWithCart(world);
    return { as: s, body: { address_id: s.address.id, payment_type: 'cash_on_delivery' } };
  },
  confirmPayment: async (world) => {
    const { s, order } = await cardOrder(world);
    return { as: s, body: { order_id: order.id, payment_intent: order.paymentIntentId! } };
  },
  // A signed event the shop does not act on, verified with the example's own webhook secret.
  stripeWebhook: () => {
    const event = JSON.parse(intentEvent('payment_intent.created', { id: 'pi_contract', object: 'payment_intent' })) as {
      id: string;
      type: string;
      data: { object: { id: string } };
    };
    const signature = new Stripe('sk_test_contract').webhooks.generateTestHeaderString({
      payload: JSON.stringify(event),
      secret: WEBHOOK_SECRET,
    });
    return {
      body: event,
      headers: { 'stripe-signature': signature },
      deps: { stripe: { secretKey: 'sk_test_contract', publishableKey: 'pk_test_contract', webhookSecret: WEBHOOK_SECRET } },
    };
  },
};

export const ordersExamples: Examples<Contract['orders']> = {
  list: () => ({ query: { filter: 'all' } }),
  detail: async (world) => {
    const { s, order } = await cardOrder(world);
    return { as: s, query: { order_id: order.id } };
  },
  cancel: async (world) => {
    const { s, order } = await cardOrder(world);
    return { as: s, body: { order_id: order.id } };
  },
};
