// The staff's order page API (docs/decisions/0034-running-orders.md): one order with everything
// its page shows, and the actions of the status machine, each against the version the staff
// member saw (a newer one answers 409 'changed meanwhile'). The list is another area's.
import { z } from '@/domain/zod';
import { PAYMENT_STATUSES, PAYMENT_TYPES } from '@/domain/checkout';
import { DELIVERY_STATUSES, STAFF_STATUS_TARGETS } from '@/domain/order-status';
import { MAX_ID, idField, multiLine, wholeNumber } from '@/domain/input';
import { defineEndpoint } from './endpoint';
import { deliveryFormWire } from './checkout';
import { aed, isoDateTime, wireId } from './wire';

/** The most a note to the customer may say. */
export const ORDER_NOTE_MAX = 1000;

const version = wholeNumber(0, MAX_ID);
const note = multiLine(z.string().trim().max(ORDER_NOTE_MAX));
const isoDate = z.iso.date();

export const orderStatusBody = z.object({
  to: z.enum(STAFF_STATUS_TARGETS),
  version,
  note: note.optional(),
  expected_date: isoDate.optional(),
});

export const orderRefundBody = z
  .object({
    version,
    lines: z
      .array(z.object({ line_id: idField(), quantity: wholeNumber(0, 10_000) }))
      .max(200)
      .optional(),
    full: z.boolean().optional(),
    note: note.optional(),
  })
  .refine((b) => b.full === true || (b.lines ?? []).some((l) => l.quantity > 0), {
    message: 'Choose at least one unit to refund.',
    path: ['lines'],
  });

export const orderNoteBody = z.object({ version, note: note.pipe(z.string().min(1, 'Write the note to the customer.')) });
export const orderExpectedDateBody = z.object({ version, expected_date: isoDate, note: note.optional() });

const actionWire = z.enum([...STAFF_STATUS_TARGETS, 'refund']);

/** One order as the staff's order page shows it. */
export const adminOrderWire = z.strictObject({
  id: wireId,
  version: z.number().int(),
  created_at: isoDateTime,
  updated_at: isoDateTime,
  delivery_status: z.enum(DELIVERY_STATUSES),
  delivery_status_label: z.string(),
  payment_type: z.enum(PAYMENT_TYPES),
  payment_status: z.enum(PAYMENT_STATUSES),
  expect_date: z.string().nullable(),
  customer: z.strictObject({ id: wireId, name: z.string(), email: z.string() }),
  address: z.strictObject({ name: z.string(), phone: z.string(), address_type: z.string(), line: z.string() }),
  delivery_details: deliveryFormWire.nullable(),
  coupon_code: z.string().nullable(),
  sub_total: aed,
  discount_amount: aed,
  tax_amount: aed,
  grand_total: aed,
  refunded_amount: aed,
  refundable_amount: aed,
  lines: z.array(
    z.strictObject({
      id: wireId,
      product_id: wireId.nullable(),
      name: z.string(),
      sku: z.string(),
      thumbnail_img_link: z.string(),
      /** The shelf price of one unit, VAT included. */
      unit_price: aed,
      quantity: z.number().int(),
      refunded_quantity: z.number().int(),
      line_total: aed,
    }),
  ),
  events: z.array(
    z.strictObject({
      id: wireId,
      kind: z.enum(['placed', 'status', 'payment', 'note', 'expected_date', 'refund']),
      from: z.string().nullable(),
      to: z.string().nullable(),
      note: z.string().nullable(),
      amount: aed.nullable(),
      /** null: the shop itself (the customer, the payment provider, the sweeper). */
      staff_name: z.string().nullable(),
      created_at: isoDateTime,
    }),
  ),
  refunds: z.array(
    z.strictObject({
      id: wireId,
      amount: aed,
      lines: z.array(z.strictObject({ line_id: wireId, quantity: z.number().int() })),
      provider_refund_id: z.string().nullable(),
      note: z.string().nullable(),
      created_at: isoDateTime,
    }),
  ),
  /** A card refund asked of the provider and not confirmed yet: the next refund retries it. */
  pending_refund: z.strictObject({ id: wireId, amount: aed }).nullable(),
  allowed_actions: z.array(actionWire),
});

export const adminOrdersApi = {
  get: defineEndpoint({
    method: 'GET',
    path: 'admin/orders/:id',
    summary: 'One order as the staff’s order page shows it: lines, totals, address, payment, history, allowed actions, version',
    auth: 'staff',
    answer: adminOrderWire,
  }),
  status: defineEndpoint({
    method: 'POST',
    path: 'admin/orders/:id/status',
    summary: 'Ship, mark on the way, deliver or cancel the order (409 when the status machine or the version refuses)',
    auth: 'staff',
    body: orderStatusBody,
    answer: adminOrderWire,
  }),
  refund: defineEndpoint({
    method: 'POST',
    path: 'admin/orders/:id/refund',
    summary: 'Refund a delivered order, in full or by line (the server computes the amount)',
    auth: 'staff',
    body: orderRefundBody,
    answer: adminOrderWire,
  }),
  note: defineEndpoint({
    method: 'POST',
    path: 'admin/orders/:id/note',
    summary: 'Send the customer a note about the order (mailed and shown on their order page)',
    auth: 'staff',
    body: orderNoteBody,
    answer: adminOrderWire,
  }),
  expectedDate: defineEndpoint({
    method: 'POST',
    path: 'admin/orders/:id/expected-date',
    summary: 'Set the expected delivery date the customer is told',
    auth: 'staff',
    body: orderExpectedDateBody,
    answer: adminOrderWire,
  }),
};
