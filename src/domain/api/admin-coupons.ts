// Admin API: coupons (docs/decisions/0047-coupons-by-staff.md). Any staff member; an edit is sent
// with the version the staff member saw (409 when it changed since).
import { z } from '@/domain/zod';
import { singleLine, wholeNumber } from '@/domain/input';
import { COUPON_DISCOUNT_TYPES, couponInput, couponUpdateInput } from '@/domain/coupon-admin';
import { defineEndpoint } from './endpoint';
import { aed, isoDateTime, wireId } from './wire';

export const COUPON_STATE_NAMES = ['running', 'scheduled', 'ended', 'used_up', 'off'] as const;
export type CouponStateName = (typeof COUPON_STATE_NAMES)[number];

export const adminCouponListQuery = z.object({
  /** Part of the code. */
  q: singleLine(z.string().trim().max(40)).optional(),
  state: z.enum(COUPON_STATE_NAMES).optional(),
  page: wholeNumber(1, 10_000).default(1),
  limit: wholeNumber(1, 100).default(25),
});
export type AdminCouponListQuery = z.output<typeof adminCouponListQuery>;

export const adminCouponWire = z.strictObject({
  id: wireId,
  version: z.number().int(),
  code: z.string(),
  discount_type: z.enum(COUPON_DISCOUNT_TYPES),
  /** Percent, or AED for a fixed amount. */
  discount: z.number(),
  max_discount: aed.nullable(),
  min_amount: aed,
  /** UAE calendar days (YYYY-MM-DD). */
  start_date: z.string().nullable(),
  end_date: z.string(),
  max_uses: z.number().int().nullable(),
  max_uses_per_customer: z.number().int().nullable(),
  active: z.boolean(),
  uses: z.number().int(),
  state: z.enum(COUPON_STATE_NAMES),
  updated_at: isoDateTime,
});

export const adminCouponsApi = {
  coupons: defineEndpoint({
    method: 'GET',
    path: 'admin/coupons',
    summary: 'The coupons with their uses and state, newest first, searchable by code',
    auth: 'staff',
    query: adminCouponListQuery,
    answer: z.strictObject({
      data: z.array(adminCouponWire),
      current_page: z.number().int(),
      per_page: z.number().int(),
      total: z.number().int(),
    }),
  }),
  coupon: defineEndpoint({
    method: 'GET',
    path: 'admin/coupons/:id',
    summary: 'One coupon with its uses, state and version',
    auth: 'staff',
    answer: adminCouponWire,
  }),
  create: defineEndpoint({
    method: 'POST',
    path: 'admin/coupons',
    summary: 'Create a coupon; the code must be free (whatever its case)',
    auth: 'staff',
    body: couponInput,
    answer: adminCouponWire,
  }),
  update: defineEndpoint({
    method: 'POST',
    path: 'admin/coupons/:id',
    summary: 'Save a coupon against the version read (409 when it changed since); a used coupon keeps its code',
    auth: 'staff',
    body: couponUpdateInput,
    answer: adminCouponWire,
  }),
};
