// The back office's order list, its CSV export and the dashboard (docs/product.md#back-office-dashboard-and-orders-list,
// docs/decisions/0036-admin-order-list.md). Staff only.
import { z } from '@/domain/zod';
import { DELIVERY_STATUSES, PAYMENT_STATUSES, PAYMENT_TYPES } from '@/domain/checkout';
import { adminOrderListQuerySchema } from '@/domain/admin-orders';
import { defineEndpoint } from './endpoint';
import { aed, isoDateTime, wireId } from './wire';

/** An order as the staff's list shows it. */
export const adminOrderRowWire = z.strictObject({
  id: wireId,
  created_at: isoDateTime,
  customer_name: z.string(),
  email: z.string(),
  /** The delivery address's phone (05XXXXXXXX), emirate and name, as the order keeps them. */
  phone: z.string(),
  emirate: z.string(),
  recipient_name: z.string(),
  payment_type: z.enum(PAYMENT_TYPES),
  payment_status: z.enum(PAYMENT_STATUSES),
  delivery_status: z.enum(DELIVERY_STATUSES),
  delivery_status_label: z.string(),
  /** A card order still waiting for its payment. */
  awaiting_payment: z.boolean(),
  /** Units ordered, all lines together. */
  units: z.number().int(),
  sub_total: aed,
  discount_amount: aed,
  tax_amount: aed,
  grand_total: aed,
  refunded_amount: aed,
});

const periodWire = z.strictObject({
  orders: z.number().int(),
  revenue: aed,
  /** The period's first and last day (yyyy-mm-dd, Asia/Dubai). */
  from: z.string(),
  to: z.string(),
});

export const adminDashboardWire = z.strictObject({
  today: periodWire,
  month: periodWire,
  waiting: z.strictObject({ pending: z.number().int(), shipped: z.number().int(), ontheway: z.number().int() }),
  low_stock: z.array(z.strictObject({ id: wireId, name: z.string(), sku: z.string(), quantity: z.number().int() })),
  low_stock_count: z.number().int(),
  low_stock_threshold: z.number().int(),
  unread_messages: z.number().int(),
});

export const adminOrderListApi = {
  list: defineEndpoint({
    method: 'GET',
    path: 'admin/orders',
    summary: 'Orders for staff: search (number, name, e-mail, phone), filters, sort and paging; the total stops at 10,000',
    auth: 'staff',
    query: adminOrderListQuerySchema,
    answer: z.strictObject({
      current_page: z.number().int(),
      data: z.array(adminOrderRowWire),
      last_page: z.number().int(),
      per_page: z.number().int(),
      /** Matching orders, counted up to 10,000. */
      total: z.number().int(),
      /** More orders than `total` match. */
      total_capped: z.boolean(),
      has_more: z.boolean(),
    }),
  }),
  csv: defineEndpoint({
    method: 'GET',
    path: 'admin/orders.csv',
    summary: 'Every order matching the filters as a CSV file (text/csv, streamed; page and per_page are ignored)',
    auth: 'staff',
    query: adminOrderListQuerySchema,
    file: 'text/csv',
    /** The file's text: a header row, then one record per order. */
    answer: z.string(),
  }),
};

export const adminDashboardApi = {
  get: defineEndpoint({
    method: 'GET',
    path: 'admin/dashboard',
    summary: "The dashboard: today's and this month's orders and revenue (Asia/Dubai), waiting orders, low stock, unread messages",
    auth: 'staff',
    answer: adminDashboardWire,
  }),
};
