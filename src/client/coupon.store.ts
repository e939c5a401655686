// The applied coupon, kept in the browser under the spec's key 'coupon' (docs/product.md#data, #behaviour).
// None, then applied; editing the code text or emptying the cart clears it. The store holds the
// browser's model (src/client/api/cart.model.ts, money in fils); storage keeps the API's shape.
import { persistentAtom } from '@nanostores/persistent';
import type { CouponTerms } from '@/domain/pricing';
import type { Coupon } from './api/cart.model';
import { storedCoupon, toCoupon, type CouponWire } from './api/cart';

export type { Coupon } from './api/cart.model';

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** A coupon in the API's shape, from storage (which can hold anything), or null when it is not one. */
export function readCoupon(value: unknown): Coupon | null {
  if (value === null || typeof value !== 'object') return null;
  const c = value as Record<string, unknown>;
  if (!isNumber(c.id) || typeof c.code !== 'string' || c.code === '' || !isNumber(c.discount) || !isNumber(c.min_amount)) return null;
  if (c.discount_type !== 'percent' && c.discount_type !== 'amount') return null;
  if (typeof c.end_date !== 'string' || Number.isNaN(Date.parse(c.end_date))) return null;
  if (c.max_discount !== null && !isNumber(c.max_discount)) return null;
  return toCoupon(c as CouponWire);
}

function decodeCoupon(text: string): Coupon | null {
  try {
    return readCoupon(JSON.parse(text));
  } catch {
    return null;
  }
}

export const $coupon = persistentAtom<Coupon | null>('coupon', null, {
  // undefined removes the key: no coupon leaves nothing behind in storage.
  encode: (value) => (value === null ? undefined : JSON.stringify(storedCoupon(value))),
  decode: decodeCoupon,
});

export function applyCoupon(coupon: Coupon): void {
  $coupon.set(coupon);
}

export function clearCoupon(): void {
  if ($coupon.get() !== null) $coupon.set(null);
}

/** Editing the code text clears the selection (docs/product.md#behaviour): typing the same code back does not re-apply it. */
export function couponCodeEdited(text: string): void {
  const applied = $coupon.get();
  if (applied && text !== applied.code) clearCoupon();
}

/** The pricing module's terms for a coupon (both in fils). */
export function couponTermsOf(coupon: Coupon): CouponTerms {
  return {
    discountType: coupon.discountType,
    discount: coupon.discount,
    maxDiscount: coupon.maxDiscount,
    minAmount: coupon.minAmount,
    endDate: new Date(coupon.endDate),
  };
}
