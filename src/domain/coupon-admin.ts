// What staff may write into a coupon (docs/decisions/0047-coupons-by-staff.md). Pure: the API's
// bodies, the service and the back office's form share it. Dates are UAE calendar days: a coupon
// starts at 00:00 of its first day and ends at the last moment of its last day, UAE time.
import { z } from './zod';
import { MAX_ID, singleLine, wholeNumber } from './input';
import { aedInput } from './catalog-admin';
import { COUPON_CODE_MAX } from './cart-rules';
import { ZERO_FILS, fils, formatAmount, type Fils } from './money';
import { adminCouponMessages as t } from './messages/admin-coupons';

export const COUPON_DISCOUNT_TYPES = ['percent', 'amount'] as const;
export type CouponDiscountType = (typeof COUPON_DISCOUNT_TYPES)[number];
/** The largest fixed discount and minimum order staff may set. */
export const COUPON_MAX_AMOUNT: Fils = fils(1_000_000_00);
export const COUPON_MAX_USES = 1_000_000;

/** The UAE is UTC+4 all year (no daylight saving). */
const UAE_OFFSET = '+04:00';
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The first moment of a UAE calendar day (YYYY-MM-DD). */
export function uaeDayStart(day: string): Date {
  return new Date(`${day}T00:00:00.000${UAE_OFFSET}`);
}

/** The last moment of a UAE calendar day (YYYY-MM-DD). */
export function uaeDayEnd(day: string): Date {
  return new Date(`${day}T23:59:59.999${UAE_OFFSET}`);
}

const day = (required: string | null) =>
  z
    .string()
    .trim()
    .refine((text) => text === '' || (ISO_DAY.test(text) && !Number.isNaN(uaeDayStart(text).getTime())), {
      message: t.dateFormat,
    })
    .refine((text) => text !== '' || required === null, { message: required ?? t.dateFormat });

const optionalUses = z.preprocess(
  (value) => (value === '' || value === undefined ? null : value),
  wholeNumber(1, COUPON_MAX_USES, { number: t.usesFormat, whole: t.usesFormat, min: t.usesFormat, max: t.usesFormat }).nullable(),
);

const optionalAed = (messages: { required: string; format: string }) =>
  z.preprocess((value) => (value === '' || value === undefined ? null : value), aedInput(messages).nullable());

const couponFields = z.object({
  code: singleLine(
    z
      .string()
      .trim()
      .min(3, t.codeLength(COUPON_CODE_MAX))
      .max(COUPON_CODE_MAX, t.codeLength(COUPON_CODE_MAX))
      .regex(/^[A-Za-z0-9][A-Za-z0-9-]*$/, t.codeFormat)
      .transform((code) => code.toUpperCase()),
  ),
  discount_type: z.enum(COUPON_DISCOUNT_TYPES, { error: t.typeRequired }),
  /** Percent (whole, 1 to 100) or AED, by the type. */
  discount: z.preprocess(
    (value) => (typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : value),
    z.string({ error: t.discountRequired }).min(1, t.discountRequired),
  ),
  max_discount: optionalAed({ required: t.maxDiscountFormat, format: t.maxDiscountFormat }),
  min_amount: optionalAed({ required: t.minAmountFormat, format: t.minAmountFormat }),
  start_date: day(null),
  end_date: day(t.endRequired),
  max_uses: optionalUses,
  max_uses_per_customer: optionalUses,
  active: z.boolean().default(true),
});
type CouponFields = z.output<typeof couponFields>;

/** The rules between fields: the discount by its type, the dates' order, the limits' order. */
function checkCouponFields(body: CouponFields, ctx: z.RefinementCtx): void {
  const problem = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
  if (body.discount_type === 'percent') {
    if (!/^\d{1,3}$/.test(body.discount) || Number(body.discount) < 1 || Number(body.discount) > 100) problem('discount', t.percentRange);
  } else {
    const amount = aedInput({ required: t.discountRequired, format: t.amountFormat }).safeParse(body.discount);
    if (!amount.success) problem('discount', amount.error.issues[0]!.message);
    else if (amount.data <= 0 || amount.data > COUPON_MAX_AMOUNT) problem('discount', t.amountRange(formatAmount(COUPON_MAX_AMOUNT)));
    if (body.max_discount !== null) problem('max_discount', t.maxDiscountPercentOnly);
  }
  if (body.max_discount !== null && (body.max_discount <= 0 || body.max_discount > COUPON_MAX_AMOUNT))
    problem('max_discount', t.amountRange(formatAmount(COUPON_MAX_AMOUNT)));
  if (body.min_amount !== null && body.min_amount > COUPON_MAX_AMOUNT)
    problem('min_amount', t.amountRange(formatAmount(COUPON_MAX_AMOUNT)));
  if (body.start_date && body.end_date && body.end_date < body.start_date) problem('end_date', t.endBeforeStart);
  if (body.max_uses !== null && body.max_uses_per_customer !== null && body.max_uses_per_customer > body.max_uses)
    problem('max_uses_per_customer', t.perCustomerAboveTotal);
}

/** The coupons table's columns. */
function couponColumns(body: CouponFields) {
  return {
    code: body.code,
    discountType: body.discount_type,
    /** Percent, or fils for a fixed amount (as the coupons table keeps it). */
    discount:
      body.discount_type === 'percent'
        ? Number(body.discount)
        : aedInput({ required: t.discountRequired, format: t.amountFormat }).parse(body.discount),
    maxDiscount: body.max_discount,
    minAmount: body.min_amount ?? ZERO_FILS,
    startDate: body.start_date ? uaeDayStart(body.start_date) : null,
    endDate: uaeDayEnd(body.end_date),
    maxUses: body.max_uses,
    maxUsesPerCustomer: body.max_uses_per_customer,
    active: body.active,
  };
}

export const couponInput = couponFields.superRefine(checkCouponFields).transform(couponColumns);
export type CouponInput = z.output<typeof couponInput>;

/** An edit also carries the version the staff member saw. */
export const couponUpdateInput = couponFields
  .extend({ version: wholeNumber(0, MAX_ID) })
  .superRefine(checkCouponFields)
  .transform((body) => ({ ...couponColumns(body), version: body.version }));
