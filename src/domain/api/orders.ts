// The signed-in customer's orders: the list with search, filter and paging, one order's details,
// and cancelling a card order awaiting payment (docs/product.md#orders, docs/decisions/0013-order-holds.md).
import { z } from '@/domain/zod';
import { DELIVERY_STATUSES, PAYMENT_STATUSES, PAYMENT_TYPES, orderListSchema, orderRefSchema } from '@/domain/checkout';
import { defineEndpoint } from './endpoint';
import { deliveryFormWire } from './checkout';
import { aed, isoDateTime, wireId } from './wire';

export const paymentStatusWire = z.enum(PAYMENT_STATUSES);
export const deliveryStatusWire = z.enum(DELIVERY_STATUSES);

/** An order as the list shows it. */
export const orderWire = z.strictObject({
  combined_order_id: wireId,
  grand_total: aed,
  delivery_status: deliveryStatusWire,
  delivery_status_label: z.string(),
  awaiting_payment: z.boolean(),
  /** When the stock held for a card order awaiting payment goes back (null otherwise). */
  hold_expires_at: isoDateTime.nullable(),
  payment_status: paymentStatusWire,
  payment_type: z.enum(PAYMENT_TYPES),
  expect_date: z.string().nullable(),
  created_at: isoDateTime,
  orderdetails: z.array(
    z.strictObject({
      /** null when the product has since been removed from the catalog. */
      product_id: wireId.nullable(),
      quantity: z.number().int(),
      price: aed,
      product: z.strictObject({ id: wireId.nullable(), name: z.string(), thumbnail_img_link: z.string() }),
    }),
  ),
});

/** An order with its delivery address, lines, totals and delivery location form. */
export const orderDetailWire = z.strictObject({
  ...orderWire.shape,
  addresses: z.strictObject({ name: z.string(), address_type: z.string(), phone: z.string() }),
  /** The address on one line, as the order keeps it. */
  shipping_address: z.string(),
  products: z.array(
    z.strictObject({
      product_id: wireId.nullable(),
      name: z.string(),
      thumbnail_img_link: z.string(),
      quantity: z.number().int(),
      unit_price: aed,
    }),
  ),
  sub_total: aed,
  discount_amount: aed,
  tax_amount: aed,
  coupon_code: z.string().nullable(),
  weight_form_details: deliveryFormWire.nullable(),
  /** The business buyer as given at checkout (both null for a consumer, docs/decisions/0051-tax-invoices.md). */
  buyer_company: z.string().nullable(),
  buyer_trn: z.string().nullable(),
  /** The tax invoice's PDF (a path on this site), null until it is issued: card orders when paid, cash orders when delivered. */
  invoice_url: z.string().nullable(),
  invoice_number: z.string().nullable(),
  /** The credit notes on the invoice (refunds, a cancellation after invoicing), oldest first. */
  credit_notes: z.array(
    z.strictObject({
      number: z.string(),
      url: z.string(),
      issued_at: isoDateTime,
      /** What it gives back, VAT included. */
      amount: aed,
      reason: z.string(),
    }),
  ),
});

export const ordersApi = {
  list: defineEndpoint({
    method: 'GET',
    path: 'products/order-list',
    summary: "The customer's orders: search, status filter, paging",
    auth: 'customer',
    query: orderListSchema,
    answer: z.strictObject({
      current_page: z.number().int(),
      data: z.array(orderWire),
      last_page: z.number().int(),
      total: z.number().int(),
    }),
  }),
  detail: defineEndpoint({
    method: 'GET',
    path: 'products/order-details',
    summary: "One of the customer's orders, in a list of one (another customer's answers 404)",
    auth: 'customer',
    query: orderRefSchema,
    answer: z.array(orderDetailWire),
  }),
  cancel: defineEndpoint({
    method: 'POST',
    path: 'products/cancel-order',
    summary: "Cancel one of the customer's card orders awaiting payment: the intent is canceled, then the stock goes back",
    auth: 'customer',
    body: orderRefSchema,
    answer: z.strictObject({ order_id: wireId, delivery_status: deliveryStatusWire, payment_status: paymentStatusWire }),
  }),
};
