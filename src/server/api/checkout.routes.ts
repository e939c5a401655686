// Addresses, the delivery location form, orders and payments (the checkout half of the API map).
import {
  addressRefSchema,
  addressSchema,
  confirmOrderSchema,
  orderListSchema,
  orderPayloadSchema,
  orderRefSchema,
  updateAddressSchema,
  weightFormSchema,
} from '@/domain/checkout';
import { checkoutMessages as t } from '@/domain/messages/checkout';
import { deliveryStatusLabels, ordersTexts } from '@/domain/messages/orders';
import { holdExpiresAt } from '@/domain/checkout';
import { filsToAed } from '@/domain/money';
import { shelfPrice } from '@/domain/pricing';
import { requireSelf } from '@/server/accounts/accounts.service';
import * as addresses from '@/server/addresses/address.service';
import * as ordersService from '@/server/orders/order.service';
import { parseStripeWebhook } from '@/server/payments/stripe.provider';
import { paymentProvider, stripeOptions } from '@/server/payments/instance';
import { NotFoundError } from '@/server/errors';
import { ok, parseWith, queryObject, readBody, readText } from './http';

/**
 * Stripe's events for a PaymentIntent are a few kilobytes (the intent and its metadata); 256 KB
 * leaves room for any event Stripe may send while a flood of large bodies is refused (413)
 * before it is held in memory or its signature computed (docs/decisions/0013-order-holds.md).
 */
export const WEBHOOK_BODY_LIMIT = 256 * 1024;
import type { ApiContext, Route } from './router';

export function addressJson(a: addresses.Address) {
  return {
    id: a.id,
    name: a.name,
    phone: a.phone,
    pincode: a.pincode,
    flat_building: a.flatBuilding,
    address: a.address,
    city: a.city,
    state: a.state,
    locality: a.locality,
    land_mark: a.landMark,
    address_type: a.addressType,
    is_default_address: a.isDefaultAddress ? 1 : 0,
  };
}

type Snapshot = {
  name: string;
  phone: string;
  address_type: string;
  flat_building: string;
  address: string;
  locality: string;
  land_mark: string;
  city: string;
  state: string;
  pincode: string;
};

export function orderJson(o: ordersService.Order, lines: ordersService.OrderLine[]) {
  const awaiting = ordersService.isAwaitingPayment(o);
  return {
    combined_order_id: o.id,
    grand_total: filsToAed(o.grandTotal),
    delivery_status: o.deliveryStatus,
    // A card order not paid yet is not a delivery pending: it says so, with its hold's end.
    delivery_status_label: awaiting ? ordersTexts.awaitingPayment : deliveryStatusLabels[o.deliveryStatus],
    awaiting_payment: awaiting,
    hold_expires_at: awaiting ? holdExpiresAt(o.createdAt).toISOString() : null,
    payment_status: o.paymentStatus,
    payment_type: o.paymentType,
    expect_date: o.expectDate,
    created_at: o.createdAt.toISOString(),
    orderdetails: lines.map((l) => ({
      product_id: l.productId,
      quantity: l.quantity,
      price: filsToAed(l.lineTotal),
      product: { id: l.productId, name: l.name, thumbnail_img_link: l.thumbnailImgLink },
    })),
  };
}

export function orderDetailJson(d: ordersService.OrderDetail) {
  const a = d.order.shippingAddress as Snapshot;
  return {
    ...orderJson(d.order, d.lines),
    addresses: { name: a.name, address_type: a.address_type, phone: a.phone },
    shipping_address: [a.flat_building, a.address, a.locality, a.land_mark, a.city, a.state, a.pincode ? `PO Box ${a.pincode}` : '']
      .filter(Boolean)
      .join(', '),
    products: d.lines.map((l) => ({
      product_id: l.productId,
      name: l.name,
      thumbnail_img_link: l.thumbnailImgLink,
      quantity: l.quantity,
      unit_price: filsToAed(shelfPrice(l.unitPrice, l.discount)),
    })),
    sub_total: filsToAed(d.order.subTotal),
    discount_amount: filsToAed(d.order.discountAmount),
    tax_amount: filsToAed(d.order.taxAmount),
    coupon_code: d.order.couponCode,
    weight_form_details: d.weightForm
      ? {
          id: d.weightForm.id,
          contact_name: d.weightForm.contactName,
          contact_number: d.weightForm.contactNumber,
          date_of_delivery: d.weightForm.dateOfDelivery,
          available_timing: d.weightForm.availableTiming,
          remarks: d.weightForm.remarks,
          lift_available: d.weightForm.liftAvailable,
          no_of_floors: d.weightForm.noOfFloors,
          pass_required: d.weightForm.passRequired,
        }
      : null,
  };
}

const orderDeps = (ctx: ApiContext): ordersService.OrderDeps => ({
  db: ctx.db,
  mailer: ctx.mailer,
  shopName: ctx.shopName,
  payments: paymentProvider(ctx.db),
});

async function place(ctx: ApiContext, paymentType: 'online' | 'cash_on_delivery') {
  const input = parseWith(orderPayloadSchema, await readBody(ctx.request));
  const user = requireSelf(ctx.user, input.customer_id);
  const placed = await ordersService.placeOrder(orderDeps(ctx), user, {
    addressId: input.address_id,
    weightFormId: input.weight_form_id || null,
    couponCode: input.coupon || input.coupon_code || undefined,
    idempotencyKey: input.idempotency_key,
    paymentType,
  });
  return placed;
}

export const checkoutRoutes: Route[] = [
  {
    method: 'POST',
    path: 'products/add-address',
    signedIn: true,
    summary: 'Add a delivery address (the first becomes the default)',
    handler: async (ctx) => {
      const input = parseWith(addressSchema, await readBody(ctx.request));
      const user = requireSelf(ctx.user, input.customer_id);
      return ok(addressJson(await addresses.addAddress(ctx.db, user.id, input)), t.addressSaved, 201);
    },
  },
  {
    method: 'GET',
    path: 'products/address-list',
    signedIn: true,
    summary: "The customer's addresses, the default first",
    handler: async (ctx) => {
      const user = requireSelf(ctx.user, ctx.url.searchParams.get('customer_id'));
      return ok((await addresses.listAddresses(ctx.db, user.id)).map(addressJson), 'Addresses');
    },
  },
  {
    method: 'GET',
    path: 'products/get-address',
    signedIn: true,
    summary: "One of the customer's addresses",
    handler: async (ctx) => {
      const q = parseWith(addressRefSchema, queryObject(ctx.url));
      const user = requireSelf(ctx.user, q.customer_id);
      return ok(addressJson(await addresses.getAddress(ctx.db, user.id, q.address_id)), 'Address');
    },
  },
  {
    method: 'POST',
    path: 'products/update-address',
    signedIn: true,
    summary: 'Update an address',
    handler: async (ctx) => {
      const input = parseWith(updateAddressSchema, await readBody(ctx.request));
      const user = requireSelf(ctx.user, input.customer_id);
      return ok(addressJson(await addresses.updateAddress(ctx.db, user.id, input.address_id, input)), t.addressUpdated);
    },
  },
  {
    method: 'POST',
    path: 'products/change-default-address',
    signedIn: true,
    summary: 'Make an address the default',
    handler: async (ctx) => {
      const input = parseWith(addressRefSchema, await readBody(ctx.request));
      const user = requireSelf(ctx.user, input.customer_id);
      await addresses.setDefaultAddress(ctx.db, user.id, input.address_id);
      return ok((await addresses.listAddresses(ctx.db, user.id)).map(addressJson), t.defaultChanged);
    },
  },
  {
    method: 'POST',
    path: 'products/delete-address',
    signedIn: true,
    summary: 'Remove an address',
    handler: async (ctx) => {
      const input = parseWith(addressRefSchema, await readBody(ctx.request));
      const user = requireSelf(ctx.user, input.customer_id);
      await addresses.deleteAddress(ctx.db, user.id, input.address_id);
      return ok((await addresses.listAddresses(ctx.db, user.id)).map(addressJson), t.addressRemoved);
    },
  },
  {
    method: 'POST',
    path: 'products/weight-form',
    signedIn: true,
    summary: 'Delivery location details for a cart over 100 kg',
    handler: async (ctx) => {
      const input = parseWith(weightFormSchema, await readBody(ctx.request));
      const user = requireSelf(ctx.user, input.customer_id);
      const form = await addresses.saveDeliveryForm(ctx.db, user.id, input);
      return ok({ data: { id: form.id } }, t.deliveryDetailsThanks);
    },
  },
  {
    method: 'POST',
    path: 'products/place-order',
    signedIn: true,
    summary: 'Place an online order: the server prices it and creates the PaymentIntent',
    handler: async (ctx) => {
      const placed = await place(ctx, 'online');
      return ok(
        { order_id: placed.order.id, client_secret: placed.clientSecret, grand_total: filsToAed(placed.order.grandTotal) },
        'Order created',
        201,
      );
    },
  },
  {
    method: 'POST',
    path: 'products/cash-delivery',
    signedIn: true,
    summary: 'Place a cash-on-delivery order (needs a default address)',
    handler: async (ctx) => {
      const placed = await place(ctx, 'cash_on_delivery');
      return ok({ order_id: placed.order.id, grand_total: filsToAed(placed.order.grandTotal) }, t.orderPlaced, 201);
    },
  },
  {
    method: 'POST',
    path: 'products/confirm-order',
    signedIn: true,
    summary: 'Confirm a card payment by asking the provider (never trusting the query string)',
    handler: async (ctx) => {
      const input = parseWith(confirmOrderSchema, await readBody(ctx.request));
      const user = requireSelf(ctx.user, input.customer_id);
      const { status, order } = await ordersService.confirmPayment(orderDeps(ctx), user, input.order_id, input.payment_intent);
      const paid = order.paymentStatus === 'paid';
      return ok({ order_id: order.id, status, payment_status: order.paymentStatus }, paid ? t.paymentConfirmed : t.paymentNotConfirmed);
    },
  },
  {
    method: 'POST',
    path: 'products/cancel-order',
    signedIn: true,
    summary: "Cancel one of the customer's card orders awaiting payment: the intent is canceled, then the stock goes back",
    handler: async (ctx) => {
      const input = parseWith(orderRefSchema, await readBody(ctx.request));
      const user = requireSelf(ctx.user, input.customer_id);
      const order = await ordersService.cancelOrder(orderDeps(ctx), user, input.order_id);
      return ok({ order_id: order.id, delivery_status: order.deliveryStatus, payment_status: order.paymentStatus }, t.orderCancelled);
    },
  },
  {
    method: 'GET',
    path: 'products/order-list',
    signedIn: true,
    summary: "The customer's orders: search, status filter, paging",
    query: orderListSchema,
    handler: async (ctx) => {
      const q = parseWith(orderListSchema, queryObject(ctx.url));
      const user = requireSelf(ctx.user, q.customer_id);
      const page = await ordersService.listOrders(ctx.db, user.id, q);
      return ok(
        { current_page: page.page, data: page.items.map((i) => orderJson(i.order, i.lines)), last_page: page.lastPage, total: page.total },
        page.total === 0 ? t.noOrders : 'Orders',
      );
    },
  },
  {
    method: 'GET',
    path: 'products/order-details',
    signedIn: true,
    summary: "One of the customer's orders (another customer's answers 404)",
    query: orderRefSchema,
    handler: async (ctx) => {
      const q = parseWith(orderRefSchema, queryObject(ctx.url));
      const user = requireSelf(ctx.user, q.customer_id);
      return ok([orderDetailJson(await ordersService.getOrderDetail(ctx.db, user.id, q.order_id))], 'Order');
    },
  },
  {
    method: 'POST',
    path: 'payments/stripe/webhook',
    summary: 'Stripe webhook (signed): payment_intent.succeeded / payment_failed, each event once',
    handler: async (ctx) => {
      const options = stripeOptions();
      if (!options) throw new NotFoundError('Card payments are not configured');
      const payload = await readText(ctx.request, { maxBytes: WEBHOOK_BODY_LIMIT });
      const event = parseStripeWebhook(options, payload, ctx.request.headers.get('stripe-signature'));
      const outcome = await ordersService.handlePaymentEvent(orderDeps(ctx), event);
      return ok({ received: true, outcome }, 'Webhook received');
    },
  },
];
