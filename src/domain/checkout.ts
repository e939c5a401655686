// Addresses, the delivery location form and the order payload (docs/product.md#data, #validation; docs/decisions/0002-money-in-fils-api-in-aed.md, docs/decisions/0020-orders-stock-and-payment.md). The
// texts are checkoutMessages and checkoutFieldMessages in the message catalog.
import { z } from './zod';
import { checkoutFieldMessages as f, checkoutMessages } from './messages/checkout';
import { claimedCustomerId, idField, multiLine, singleLine, wholeNumber } from './input';
import { checkUaePhone, phoneMessagesFor, type PhoneMessages } from './phone';
import { COMPANY_NAME_MAX, TRN_INPUT_MAX, checkBusinessBuyer } from './business-buyer';

import { ADDRESS_TYPES, EMIRATES, PO_BOX_MAX_DIGITS } from './address-fields';

export { ADDRESS_TYPES, EMIRATES, PO_BOX_MAX_DIGITS };
/**
 * How long an unpaid card order holds its stock (docs/decisions/0013-order-holds.md): ORDER_HOLD_MINUTES (15) in order-hold.ts,
 * zod-free for the card page; the sweeper cancels the payment and gives the units back after
 * it, and a resumed order keeps its first deadline (docs/decisions/0013-order-holds.md).
 */
export { ORDER_HOLD_MINUTES, holdExpiresAt } from './order-hold';
export const ORDER_FILTERS = ['all', 'ontheway', 'cancelled', 'refund', 'delivered'] as const;
export const ORDER_PAGE_SIZE = 10;
/** The most floors a delivery form may name (the tallest towers have about 160). */
export const MAX_FLOORS = 200;

// The delivery statuses and the one table of their changes live in order-status.ts (zod-free, for the admin island too).
export { DELIVERY_STATUSES, DELIVERY_TRANSITIONS, canMoveDelivery, type DeliveryStatus } from './order-status';
export const PAYMENT_STATUSES = ['unpaid', 'paid', 'failed', 'refunded'] as const;
export const PAYMENT_TYPES = ['online', 'cash_on_delivery'] as const;

const digits = (max: number, required: string, label: string) =>
  z
    .string({ error: required })
    .trim()
    // An empty field says only that it is required, not also that it has no digits.
    .min(1, { error: required, abort: true })
    .regex(/^\d+$/, f.digitsOnly(label))
    .max(max, f.maxDigits(label, max));

/** A UAE mobile number as people type it, answered in its stored form '0501234567' (docs/product.md#phone-numbers). */
const phone = (messages: PhoneMessages) =>
  z.string({ error: messages.required }).transform((typed, ctx) => {
    const check = checkUaePhone(typed);
    if (check.ok) return check.phone;
    ctx.addIssue({ code: 'custom', message: messages[check.problem] });
    return z.NEVER;
  });

const text = (message: string, max = 200) => singleLine(z.string({ error: message }).trim().min(1, message).max(max, f.tooLong(max)));

const flag = z
  .union([z.boolean(), z.literal('1'), z.literal('0'), z.literal('true'), z.literal('false'), z.literal(1), z.literal(0)])
  .transform((v) => v === true || v === '1' || v === 'true' || v === 1);

/** Built once (a formatter is costly to make): the en-CA form is YYYY-MM-DD. */
const dubaiDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Dubai', year: 'numeric', month: '2-digit', day: '2-digit' });

/** Today's date (YYYY-MM-DD) in the UAE, where deliveries happen. */
export function todayInDubai(now = new Date()): string {
  return dubaiDay.format(now);
}

const customer = { customer_id: claimedCustomerId };

/** Field names as the spec's client sends them (phone, pincode, flat_building, land_mark, ...). */
export const addressSchema = z.object({
  ...customer,
  name: text(f.nameRequired, 120),
  phone: phone(phoneMessagesFor({ required: f.phoneRequired, length: f.phoneDigits, characters: f.digitsOnly(f.phoneLabel) })),
  pincode: digits(PO_BOX_MAX_DIGITS, f.poBoxRequired, f.poBoxLabel),
  address: text(f.addressRequired),
  city: text(f.cityRequired, 80),
  state: z.enum(EMIRATES, { error: f.emirateRequired }),
  flat_building: text(f.flatRequired),
  locality: text(f.localityRequired, 120),
  land_mark: text(f.landmarkRequired, 120),
  address_type: z.enum(ADDRESS_TYPES, { error: f.addressTypeRequired }),
  is_default_address: flag.optional().default(false),
});
export type AddressInput = z.infer<typeof addressSchema>;

export const addressRefSchema = z.object({ ...customer, address_id: idField() });
export const updateAddressSchema = addressSchema.extend({ address_id: idField() });

/** The delivery location form (docs/glossary.md: the delivery form), with the API's field names. */
export const deliveryFormSchema = z
  .object({
    ...customer,
    contact_name: text(f.contactNameRequired, 120),
    contact_number: phone(phoneMessagesFor({ required: f.contactNumberDigits, length: f.contactNumberDigits })),
    date_of_delivery: z.iso.date({ error: f.deliveryDateRequired }),
    available_timing: text(f.timingRequired, 60),
    remarks: multiLine(z.string().trim().max(500, f.tooLong(500)))
      .optional()
      .default(''),
    lift_available: z.enum(['Yes', 'No'], { error: f.liftRequired }),
    no_of_floors: z
      .union([z.literal(''), wholeNumber(-MAX_FLOORS, MAX_FLOORS, { number: f.floorsPositive, whole: f.floorsPositive })])
      .optional(),
    pass_required: z.enum(['Yes', 'No'], { error: f.passRequired }),
  })
  .superRefine((v, ctx) => {
    if (v.date_of_delivery < todayInDubai())
      ctx.addIssue({ code: 'custom', message: checkoutMessages.deliveryDateInPast, path: ['date_of_delivery'] });
    if (v.lift_available === 'No' && (v.no_of_floors === undefined || v.no_of_floors === '' || v.no_of_floors <= 0)) {
      ctx.addIssue({ code: 'custom', message: f.floorsPositive, path: ['no_of_floors'] });
    }
  });

/** The spec's order payload. Only the choices count: every amount in it is ignored (docs/decisions/0002-money-in-fils-api-in-aed.md). */
export const orderPayloadSchema = z
  .object({
    ...customer,
    address_id: idField({
      number: checkoutMessages.addDeliveryAddress,
      whole: checkoutMessages.addDeliveryAddress,
      min: checkoutMessages.addDeliveryAddress,
    }),
    weight_form_id: z.union([idField(), z.null(), z.literal('')]).optional(),
    coupon: singleLine(z.string().trim().max(20)).optional(),
    coupon_code: singleLine(z.string().trim().max(20)).optional(),
    /** Makes a repeated submission return the first order (docs/decisions/0020-orders-stock-and-payment.md). */
    idempotency_key: singleLine(z.string().trim().min(8).max(64)).optional(),
    payment_type: z.enum(PAYMENT_TYPES).optional(),
    // Ignored on purpose: the server prices every line itself.
    sub_total: z.unknown().optional(),
    discount_amount: z.unknown().optional(),
    grand_total: z.unknown().optional(),
    tax_amount: z.unknown().optional(),
    product_array: z.unknown().optional(),
    shipping_address: z.unknown().optional(),
    /** The business buyer, both or neither (docs/decisions/0051-tax-invoices.md#the-business-buyer). */
    buyer_company: singleLine(z.string().max(COMPANY_NAME_MAX * 2)).optional(),
    buyer_trn: singleLine(z.string().max(TRN_INPUT_MAX)).optional(),
  })
  .superRefine((v, ctx) => {
    const check = checkBusinessBuyer(v.buyer_company, v.buyer_trn);
    if (check.ok) return;
    if (check.errors.company) ctx.addIssue({ code: 'custom', path: ['buyer_company'], message: check.errors.company });
    if (check.errors.trn) ctx.addIssue({ code: 'custom', path: ['buyer_trn'], message: check.errors.trn });
  });

export const orderListSchema = z.object({
  ...customer,
  page: wholeNumber(1, 10_000).default(1),
  search: singleLine(z.string().trim().max(100)).optional(),
  filter: z.enum(ORDER_FILTERS).optional().default('all'),
});

export const orderRefSchema = z.object({ ...customer, order_id: idField() });

/** Confirming a card payment: the order and the provider's intent id (never its status: the server asks the provider, docs/decisions/0013-order-holds.md). */
export const confirmOrderSchema = z.object({
  ...customer,
  order_id: idField(),
  payment_intent: singleLine(z.string().trim().min(1).max(255)),
  payment_client_secret: singleLine(z.string().max(300)).optional(),
  payment_status: singleLine(z.string().max(50)).optional(),
});
