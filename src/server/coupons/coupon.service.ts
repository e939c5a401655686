// Coupons: the popup's list, and the check that a code exists, runs and fits the cart (docs/decisions/0002-money-in-fils-api-in-aed.md).
import { and, asc, desc, gte, ilike, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { coupons } from '@/server/db/schema/shopping';
import { NotFoundError, ValidationError } from '@/server/errors';
import { cartMessages as t } from '@/domain/messages/cart';
import { formatPrice, type Fils } from '@/domain/money';
import type { CouponTerms } from '@/domain/pricing';
import { lastPageOf } from '@/domain/pager';
import { totalOf } from '@/server/paging';

export type Coupon = typeof coupons.$inferSelect;

export function couponTerms(c: Coupon): CouponTerms {
  return {
    discountType: c.discountType,
    discount: c.discount,
    maxDiscount: c.maxDiscount,
    minAmount: c.minAmount,
    endDate: c.endDate,
    startDate: c.startDate,
  };
}

/** A coupon refused because the cart is under its minimum: the cart says how much is missing. */
export class CouponMinimumError extends ValidationError {
  readonly coupon: Coupon;
  constructor(coupon: Coupon) {
    const message = t.couponMinimum(formatPrice(coupon.minAmount));
    super(message, { coupon: [message] });
    this.coupon = coupon;
  }
}

export async function findCoupon(db: Db, code: string): Promise<Coupon | null> {
  const [row] = await db
    .select()
    .from(coupons)
    .where(sql`upper(${coupons.code}) = ${code.trim().toUpperCase()}`)
    .limit(1);
  return row && row.active ? row : null;
}

/**
 * A coupon that applies to a cart of pre-tax subtotal `subtotal` or a clear refusal:
 * unknown, not started, expired, or under its minimum.
 */
export async function checkCoupon(db: Db, code: string, subtotal: Fils, now = new Date()): Promise<Coupon> {
  const coupon = await findCoupon(db, code);
  if (!coupon) throw new NotFoundError(t.couponUnknown);
  if (coupon.startDate && coupon.startDate.getTime() > now.getTime())
    throw new ValidationError(t.couponNotStarted, { coupon: [t.couponNotStarted] });
  if (coupon.endDate.getTime() < now.getTime()) throw new ValidationError(t.couponExpired, { coupon: [t.couponExpired] });
  if (subtotal < coupon.minAmount) throw new CouponMinimumError(coupon);
  return coupon;
}

/** Coupons a shopper can use now, searchable by code, paged. */
export async function listCoupons(db: Db, options: { page: number; limit: number; keyword?: string | undefined }, now = new Date()) {
  const conditions = [sql`${coupons.active}`, gte(coupons.endDate, now), or(isNull(coupons.startDate), lte(coupons.startDate, now))!];
  if (options.keyword) conditions.push(ilike(coupons.code, `%${options.keyword.replace(/[\\%_]/g, '\\$&')}%`));
  const rows = await db
    .select({ coupon: coupons, total: sql<number>`count(*) over()`.mapWith(Number) })
    .from(coupons)
    .where(and(...conditions))
    .orderBy(desc(coupons.discountType), asc(coupons.minAmount), asc(coupons.code))
    .limit(options.limit)
    .offset((options.page - 1) * options.limit);
  const total = await totalOf(db, rows, options.page, coupons, and(...conditions));
  return {
    items: rows.map((r) => r.coupon),
    page: options.page,
    perPage: options.limit,
    total,
    lastPage: lastPageOf(total, options.limit),
  };
}
