// Addresses, the delivery location form, orders and payments (the checkout half of the API map):
// each handler calls a service and shapes its answer with the area's wire module.
import { addressesApi } from '@/domain/api/addresses';
import { checkoutApi } from '@/domain/api/checkout';
import { ordersApi } from '@/domain/api/orders';
import type { orderPayloadSchema } from '@/domain/checkout';
import { checkoutMessages as t } from '@/domain/messages/checkout';
import type { z } from '@/domain/zod';
import { filsToAed } from '@/domain/money';
import type { SessionUser } from '@/server/accounts/session.service';
import * as addresses from '@/server/addresses/address.service';
import { addressJson } from '@/server/addresses/address.wire';
import * as ordersService from '@/server/orders/order.service';
import { orderDetailJson, orderJson } from '@/server/orders/order.wire';
import { parseStripeWebhook } from '@/server/payments/stripe.provider';
import { NotFoundError } from '@/server/errors';
import { readText } from './http';
import { route, type ApiContext } from './router';

const orderDeps = (ctx: ApiContext): ordersService.OrderDeps => ({
  db: ctx.db,
  mailer: ctx.mailer,
  shopName: ctx.shopName,
  payments: ctx.payments,
  invoicing: ctx.invoicing,
  now: ctx.now,
});

function place(ctx: ApiContext, user: SessionUser, input: z.output<typeof orderPayloadSchema>, paymentType: 'online' | 'cash_on_delivery') {
  return ordersService.placeOrder(orderDeps(ctx), user, {
    addressId: input.address_id,
    deliveryFormId: input.weight_form_id || null,
    couponCode: input.coupon || input.coupon_code || undefined,
    idempotencyKey: input.idempotency_key,
    paymentType,
    buyerCompany: input.buyer_company,
    buyerTrn: input.buyer_trn,
  });
}

const addressList = async (ctx: ApiContext, user: SessionUser) => (await addresses.listAddresses(ctx.db, user.id)).map(addressJson);

const addressRoutes = [
  route(addressesApi.add, async (ctx, { body, user }) => ({
    data: addressJson(await addresses.addAddress(ctx.db, user.id, body)),
    message: t.addressSaved,
    status: 201,
  })),
  route(addressesApi.list, async (ctx, { user }) => ({ data: await addressList(ctx, user), message: 'Addresses' })),
  route(addressesApi.get, async (ctx, { query, user }) => ({
    data: addressJson(await addresses.getAddress(ctx.db, user.id, query.address_id)),
    message: 'Address',
  })),
  route(addressesApi.update, async (ctx, { body, user }) => ({
    data: addressJson(await addresses.updateAddress(ctx.db, user.id, body.address_id, body)),
    message: t.addressUpdated,
  })),
  route(addressesApi.makeDefault, async (ctx, { body, user }) => {
    await addresses.setDefaultAddress(ctx.db, user.id, body.address_id);
    return { data: await addressList(ctx, user), message: t.defaultChanged };
  }),
  route(addressesApi.remove, async (ctx, { body, user }) => {
    await addresses.deleteAddress(ctx.db, user.id, body.address_id);
    return { data: await addressList(ctx, user), message: t.addressRemoved };
  }),
];

const paymentRoutes = [
  route(checkoutApi.deliveryForm, async (ctx, { body, user }) => {
    const form = await addresses.saveDeliveryForm(ctx.db, user.id, body);
    return { data: { data: { id: form.id } }, message: t.deliveryDetailsThanks };
  }),
  route(checkoutApi.placeOrder, async (ctx, { body, user }) => {
    const placed = await place(ctx, user, body, 'online');
    return {
      data: { order_id: placed.order.id, client_secret: placed.clientSecret, grand_total: filsToAed(placed.order.grandTotal) },
      message: 'Order created',
      status: 201,
    };
  }),
  route(checkoutApi.cashOnDelivery, async (ctx, { body, user }) => {
    const placed = await place(ctx, user, body, 'cash_on_delivery');
    return { data: { order_id: placed.order.id, grand_total: filsToAed(placed.order.grandTotal) }, message: t.orderPlaced, status: 201 };
  }),
  route(checkoutApi.confirmPayment, async (ctx, { body, user }) => {
    const { status, order } = await ordersService.confirmPayment(orderDeps(ctx), user, body.order_id, body.payment_intent);
    return {
      data: { order_id: order.id, status, payment_status: order.paymentStatus },
      message: order.paymentStatus === 'paid' ? t.paymentConfirmed : t.paymentNotConfirmed,
    };
  }),
  route(checkoutApi.stripeWebhook, async (ctx) => {
    const options = ctx.stripe;
    if (!options) throw new NotFoundError('Card payments are not configured');
    // Read raw (rawBody): the signature is over the exact bytes.
    const payload = await readText(ctx.request, { maxBytes: checkoutApi.stripeWebhook.bodyLimit });
    const event = parseStripeWebhook(options, payload, ctx.request.headers.get('stripe-signature'));
    const outcome = await ordersService.handlePaymentEvent(orderDeps(ctx), event);
    return { data: { received: true as const, outcome }, message: 'Webhook received' };
  }),
];

const orderRoutes = [
  route(ordersApi.list, async (ctx, { query, user }) => {
    const page = await ordersService.listOrders(ctx.db, user.id, query);
    return {
      data: {
        current_page: page.page,
        data: page.items.map((i) => orderJson(i.order, i.lines)),
        last_page: page.lastPage,
        total: page.total,
      },
      message: page.total === 0 ? t.noOrders : 'Orders',
    };
  }),
  route(ordersApi.detail, async (ctx, { query, user }) => ({
    data: [orderDetailJson(await ordersService.getOrderDetail(ctx.db, user.id, query.order_id))],
    message: 'Order',
  })),
  route(ordersApi.cancel, async (ctx, { body, user }) => {
    const order = await ordersService.cancelOrder(orderDeps(ctx), user, body.order_id);
    return {
      data: { order_id: order.id, delivery_status: order.deliveryStatus, payment_status: order.paymentStatus },
      message: t.orderCancelled,
    };
  }),
];

export const checkoutRoutes = [...addressRoutes, ...paymentRoutes, ...orderRoutes];
