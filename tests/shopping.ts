// Helpers for the cart, wishlist and coupon tests: coupons and delivery forms straight into a Db,
// signed-in customers with a real session, and a caller for /api that passes the deps the app's
// middleware would resolve. Money is integer fils (docs/decisions/0002-money-in-fils-api-in-aed.md), as in the schema.
import type { Db } from '@/server/db/client';
import { fils } from '@/domain/money';
import { coupons, deliveryForms } from '@/server/db/schema/shopping';
import { createSession, userForToken, type SessionUser } from '@/server/accounts/session.service';
import { insertUser, type UserRow } from './accounts';

let sequence = 0;
const next = () => ++sequence;

export type CouponRow = typeof coupons.$inferSelect;

export const DAY_MS = 86_400_000;
/** A date `days` days from `from` (negative for the past). */
export const daysFrom = (days: number, from: Date = new Date()) => new Date(from.getTime() + days * DAY_MS);

/** A coupon in force by default: 10 percent, no cap, no minimum, ends in 30 days. */
/** Coupon overrides, with the money in fils as plain numbers (checked by fils()). */
export type CouponOverrides = Partial<Omit<typeof coupons.$inferInsert, 'maxDiscount' | 'minAmount'>> & {
  maxDiscount?: number | null;
  minAmount?: number;
};

export async function insertCoupon(db: Db, overrides: CouponOverrides = {}): Promise<CouponRow> {
  const n = next();
  const { maxDiscount = null, minAmount = 0, ...columns } = overrides;
  const [row] = await db
    .insert(coupons)
    .values({
      code: `TEST${n}`,
      discountType: 'percent',
      discount: 10,
      maxDiscount: maxDiscount === null ? null : fils(maxDiscount),
      minAmount: fils(minAmount),
      startDate: null,
      endDate: daysFrom(30),
      ...columns,
    })
    .returning();
  return row!;
}

export async function insertDeliveryForm(db: Db, userId: number, overrides: Partial<typeof deliveryForms.$inferInsert> = {}) {
  const [row] = await db
    .insert(deliveryForms)
    .values({
      userId,
      contactName: 'Omar Saeed',
      contactNumber: '0501234567',
      dateOfDelivery: '2099-07-01',
      availableTiming: '9am - 1pm',
      remarks: 'Call before arriving',
      liftAvailable: 'No',
      noOfFloors: 3,
      passRequired: 'Yes',
      ...overrides,
    })
    .returning();
  return row!;
}

export interface Customer {
  row: UserRow & { password: string };
  user: SessionUser;
  token: string;
}

/** A customer with a live session, as the middleware would see them. */
export async function signedInCustomer(db: Db): Promise<Customer> {
  const row = await insertUser(db);
  const { token } = await createSession(db, row.id, null);
  const user = await userForToken(db, token);
  if (!user) throw new Error('The fresh session resolves to no user');
  return { row, user, token };
}

export { callApi, type Answer, type CallOptions, type Json } from './api';

/** A query string from a record; values are URL-encoded. */
export const query = (params: Record<string, string | number>) =>
  Object.entries(params)
    .map(([k, v]) => `${k}=${encodeURIComponent(String(v))}`)
    .join('&');
