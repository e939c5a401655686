// Coupons: the popup's list, and the check that a code exists, runs and fits the cart (docs/decisions/0002-money-in-fils-api-in-aed.md).
import { and, asc, desc, gte, ilike, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { coupons } from '@/server/db/schema/shopping';
import { orders } from '@/server/db/schema/orders';
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

export async function findCoupon(db: Db, code: string, options: { lock?: boolean } = {}): Promise<Coupon | null> {
  const query = db
    .select()
    .from(coupons)
    .where(sql`upper(${coupons.code}) = ${code.trim().toUpperCase()}`)
    .limit(1);
  const [row] = options.lock ? await query.for('update') : await query;
  return row && row.active ? row : null;
}

/** Whose use is checked, and how (docs/decisions/0047-coupons-by-staff.md). */
export interface CouponUseCheck {
  userId: number;
  /** At placement: the coupon's row is locked to the commit, so parallel placements count one after another. */
  lock?: boolean;
  /** The customer's own order awaiting payment that this placement changes: not another use. */
  exceptOrderId?: number | null;
}

/** A use is an order placed with the coupon and not cancelled (an abandoned card order is cancelled). */
export async function couponUses(db: Db, code: string, userId: number | null, exceptOrderId: number | null = null) {
  const [row] = await db
    .select({
      total: sql<number>`count(*)`.mapWith(Number),
      mine: sql<number>`count(*) filter (where ${orders.userId} = ${userId ?? 0})`.mapWith(Number),
    })
    .from(orders)
    .where(
      and(
        sql`${orders.couponCode} = ${code}`,
        ne(orders.deliveryStatus, 'cancelled'),
        exceptOrderId === null ? undefined : ne(orders.id, exceptOrderId),
      ),
    );
  return { total: row?.total ?? 0, mine: row?.mine ?? 0 };
}

/**
 * A coupon that applies to a cart of pre-tax subtotal `subtotal` or a clear refusal:
 * unknown, not started, expired, used as often as it allows (in all, or by this customer), or
 * under its minimum.
 */
export async function checkCoupon(db: Db, code: string, subtotal: Fils, now = new Date(), use?: CouponUseCheck): Promise<Coupon> {
  const coupon = await findCoupon(db, code, { lock: use?.lock ?? false });
  if (!coupon) throw new NotFoundError(t.couponUnknown);
  if (coupon.startDate && coupon.startDate.getTime() > now.getTime())
    throw new ValidationError(t.couponNotStarted, { coupon: [t.couponNotStarted] });
  if (coupon.endDate.getTime() < now.getTime()) throw new ValidationError(t.couponExpired, { coupon: [t.couponExpired] });
  if (coupon.maxUses !== null || (use && coupon.maxUsesPerCustomer !== null)) {
    const uses = await couponUses(db, coupon.code, use?.userId ?? null, use?.exceptOrderId ?? null);
    if (coupon.maxUses !== null && uses.total >= coupon.maxUses) throw new ValidationError(t.couponUsedUp, { coupon: [t.couponUsedUp] });
    if (use && coupon.maxUsesPerCustomer !== null && uses.mine >= coupon.maxUsesPerCustomer) {
      const message = t.couponUsedByYou(coupon.maxUsesPerCustomer);
      throw new ValidationError(message, { coupon: [message] });
    }
  }
  if (subtotal < coupon.minAmount) throw new CouponMinimumError(coupon);
  return coupon;
}

/** Coupons a shopper can use now, searchable by code, paged. */
export async function listCoupons(db: Db, options: { page: number; limit: number; keyword?: string | undefined }, now = new Date()) {
  const conditions = [
    sql`${coupons.active}`,
    gte(coupons.endDate, now),
    or(isNull(coupons.startDate), lte(coupons.startDate, now))!,
    // Used as often as it allows: no longer offered.
    sql`(${coupons.maxUses} is null or ${coupons.maxUses} > (select count(*) from ${orders} where ${orders.couponCode} = ${coupons.code} and ${orders.deliveryStatus} <> 'cancelled'))`,
  ];
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
