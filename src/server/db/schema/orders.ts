import { sql } from 'drizzle-orm';
import { index, integer, jsonb, numeric, pgTable, serial, text, timestamp, varchar, date } from 'drizzle-orm/pg-core';
import { staffUsers } from './staff';
import { users } from './accounts';
import { products } from './catalog';
import { addresses, deliveryForms } from './shopping';
import { ZERO_FILS, type Fils } from '../../../domain/money';

export const orders = pgTable(
  'orders',
  {
    // Shown to shoppers as combined_order_id.
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    addressId: integer('address_id').references(() => addresses.id, { onDelete: 'set null' }),
    // A copy of the address at order time: later edits must not rewrite history.
    shippingAddress: jsonb('shipping_address').notNull(),
    deliveryFormId: integer('weight_form_id').references(() => deliveryForms.id, { onDelete: 'set null' }),
    // A copy of the delivery location form the order was placed with (docs/decisions/0026-delivery-form-per-order.md):
    // the customer's later forms never change it.
    deliveryDetails: jsonb('delivery_details'),
    couponCode: varchar('coupon_code', { length: 20 }),
    // The buyer as a VAT-registered business, as given at checkout (docs/decisions/0051-tax-invoices.md):
    // kept as it was then, whatever the profile says later. Both null for a consumer.
    buyerCompany: varchar('buyer_company', { length: 160 }),
    buyerTrn: varchar('buyer_trn', { length: 15 }),
    subTotal: integer('sub_total').$type<Fils>().notNull(),
    discountAmount: integer('discount_amount').$type<Fils>().notNull().default(ZERO_FILS),
    taxAmount: integer('tax_amount').$type<Fils>().notNull(),
    grandTotal: integer('grand_total').$type<Fils>().notNull(),
    totalWeightKg: numeric('total_weight_kg', { precision: 10, scale: 2, mode: 'number' }).notNull().default(0),
    paymentType: varchar('payment_type', { length: 20, enum: ['online', 'cash_on_delivery'] }).notNull(),
    paymentStatus: varchar('payment_status', { length: 10, enum: ['unpaid', 'paid', 'failed', 'refunded'] })
      .notNull()
      .default('unpaid'),
    deliveryStatus: varchar('delivery_status', {
      length: 12,
      enum: ['pending', 'shipped', 'ontheway', 'delivered', 'cancelled', 'refund'],
    })
      .notNull()
      .default('pending'),
    expectDate: date('expect_date'),
    paymentIntentId: varchar('payment_intent_id', { length: 255 }).unique(),
    // The same submission twice makes one order (docs/decisions/0020-orders-stock-and-payment.md).
    idempotencyKey: varchar('idempotency_key', { length: 100 }).unique(),
    stockReleasedAt: timestamp('stock_released_at', { withTimezone: true }),
    // Money given back so far by refunds (docs/decisions/0034-running-orders.md).
    refundedAmount: integer('refunded_amount').$type<Fils>().notNull().default(ZERO_FILS),
    // Raised by every staff change: a change made against an older version is refused as
    // 'changed meanwhile' (docs/decisions/0034-running-orders.md).
    version: integer('version').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('orders_user_idx').on(t.userId, t.createdAt),
    index('orders_status_idx').on(t.paymentStatus, t.createdAt),
    // The back office's list: newest first, and by delivery status (docs/decisions/0034-running-orders.md).
    index('orders_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('orders_delivery_status_idx').on(t.deliveryStatus, t.createdAt.desc()),
    // The back office's list, sorted by total and searched by the delivery address's phone and name
    // (docs/decisions/0036-admin-order-list.md).
    index('orders_total_idx').on(t.grandTotal, t.id),
    // The payment type filter: its page and its capped count read this index alone, where they
    // read a third of the table (docs/decisions/0036-admin-order-list.md).
    index('orders_payment_type_idx').on(t.paymentType, t.createdAt.desc(), t.id.desc()),
    // A payment status sorted by total: read from this index alone, where orders_total_idx read each
    // row it passed to check its status (deep pages read thousands).
    index('orders_status_total_idx').on(t.paymentStatus, t.grandTotal, t.id),
    index('orders_phone_idx').using('btree', sql`(${t.shippingAddress} ->> 'phone')`),
    index('orders_phone_trgm_idx').using('gin', sql`(${t.shippingAddress} ->> 'phone') gin_trgm_ops`),
    index('orders_recipient_trgm_idx').using('gin', sql`(${t.shippingAddress} ->> 'name') gin_trgm_ops`),
    // A coupon's uses, counted at each placement with it (docs/decisions/0047-coupons-by-staff.md).
    index('orders_coupon_idx')
      .on(t.couponCode, t.userId)
      .where(sql`${t.couponCode} is not null`),
  ],
);

export const orderLines = pgTable(
  'order_lines',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    sku: varchar('sku', { length: 64 }).notNull(),
    thumbnailImgLink: text('thumbnail_img_link').notNull(),
    unitPrice: integer('unit_price').$type<Fils>().notNull(),
    discount: integer('discount').notNull().default(0),
    quantity: integer('quantity').notNull(),
    lineTotal: integer('line_total').$type<Fils>().notNull(),
    // Units of this line refunded so far (a partial refund is by line).
    refundedQuantity: integer('refunded_quantity').notNull().default(0),
  },
  (t) => [index('order_lines_order_idx').on(t.orderId), index('order_lines_product_idx').on(t.productId)],
);

// Each Stripe event id is handled once (docs/decisions/0020-orders-stock-and-payment.md).
export const processedWebhookEvents = pgTable('processed_webhook_events', {
  eventId: varchar('event_id', { length: 255 }).primaryKey(),
  type: text('type').notNull(),
  processedAt: timestamp('processed_at', { withTimezone: true }).notNull().defaultNow(),
});

// The built-in test payment page's intents (docs/decisions/0020-orders-stock-and-payment.md: no Stripe keys, outside production).
export const testPaymentIntents = pgTable('test_payment_intents', {
  id: varchar('id', { length: 64 }).primaryKey(),
  clientSecret: varchar('client_secret', { length: 128 }).notNull(),
  // One intent per order, like Stripe's idempotency key on `order-{id}`.
  orderId: integer('order_id')
    .notNull()
    .references(() => orders.id, { onDelete: 'cascade' })
    .unique(),
  // The amount the intent asks for, in fils (AED's minor unit, as Stripe counts it).
  amount: integer('amount').$type<Fils>().notNull(),
  status: varchar('status', { length: 32, enum: ['requires_payment_method', 'succeeded', 'canceled', 'refunded'] })
    .notNull()
    .default('requires_payment_method'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

// An order's history as staff and shopper see it: placed, each status and payment change, notes
// to the customer, expected-date changes and refunds (docs/decisions/0034-running-orders.md).
export const orderEvents = pgTable(
  'order_events',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 20, enum: ['placed', 'status', 'payment', 'note', 'expected_date', 'refund'] }).notNull(),
    fromValue: varchar('from_value', { length: 40 }),
    toValue: varchar('to_value', { length: 40 }),
    // The note to the customer, sent in the status mail and shown on the order page.
    note: text('note'),
    amount: integer('amount').$type<Fils>(),
    // Null: the shop itself (the shopper, the payment provider, the sweeper).
    staffId: integer('staff_id').references(() => staffUsers.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_events_order_idx').on(t.orderId, t.createdAt)],
);

// Refunds given through the payment provider (or recorded for cash), full or by line.
export const orderRefunds = pgTable(
  'order_refunds',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    amount: integer('amount').$type<Fils>().notNull(),
    // [{ line_id, quantity }]: the units returned, whose stock comes back.
    lines: jsonb('lines').notNull(),
    providerRefundId: varchar('provider_refund_id', { length: 255 }),
    reason: text('reason'),
    staffId: integer('staff_id').references(() => staffUsers.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_refunds_order_idx').on(t.orderId)],
);
