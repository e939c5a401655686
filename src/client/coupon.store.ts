// The applied coupon, kept in the browser under the spec's key 'coupon' (spec sections 3 and 4).
// None, then applied; editing the code text or emptying the cart clears it.
import { persistentAtom } from '@nanostores/persistent';
import { aedToFils } from '@/domain/money';
import type { CouponTerms } from '@/domain/pricing';

/** A coupon as the API sends it (coupon/check's data.data, coupon list rows): amounts in AED. */
export interface AppliedCoupon {
  id: number;
  code: string;
  discount_type: 'percent' | 'amount';
  /** Percent for percent coupons, AED for fixed ones. */
  discount: number;
  max_discount: number | null;
  min_amount: number;
  end_date: string;
}

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** A coupon from the API or from storage, or null when it is not one. */
export function readCoupon(value: unknown): AppliedCoupon | null {
  if (value === null || typeof value !== 'object') return null;
  const c = value as Record<string, unknown>;
  if (!isNumber(c.id) || typeof c.code !== 'string' || c.code === '' || !isNumber(c.discount) || !isNumber(c.min_amount)) return null;
  if (c.discount_type !== 'percent' && c.discount_type !== 'amount') return null;
  if (typeof c.end_date !== 'string' || Number.isNaN(Date.parse(c.end_date))) return null;
  if (c.max_discount !== null && !isNumber(c.max_discount)) return null;
  return {
    id: c.id,
    code: c.code,
    discount_type: c.discount_type,
    discount: c.discount,
    max_discount: c.max_discount,
    min_amount: c.min_amount,
    end_date: c.end_date,
  };
}

function decodeCoupon(text: string): AppliedCoupon | null {
  try {
    return readCoupon(JSON.parse(text));
  } catch {
    return null;
  }
}

export const $coupon = persistentAtom<AppliedCoupon | null>('coupon', null, {
  // undefined removes the key: no coupon leaves nothing behind in storage.
  encode: (value) => (value === null ? (undefined) : JSON.stringify(value)),
  decode: decodeCoupon,
});

export function applyCoupon(coupon: AppliedCoupon): void {
  $coupon.set(coupon);
}

export function clearCoupon(): void {
  if ($coupon.get() !== null) $coupon.set(null);
}

/** Editing the code text clears the selection (spec section 4): typing the same code back does not re-apply it. */
export function couponCodeEdited(text: string): void {
  const applied = $coupon.get();
  if (applied && text !== applied.code) clearCoupon();
}

/** The pricing module's terms for a coupon the API sent in AED (D4: the module works in fils). */
export function couponTermsOf(coupon: AppliedCoupon): CouponTerms {
  return {
    discountType: coupon.discount_type,
    discount: coupon.discount_type === 'percent' ? coupon.discount : aedToFils(coupon.discount),
    maxDiscount: coupon.max_discount === null ? null : aedToFils(coupon.max_discount),
    minAmount: aedToFils(coupon.min_amount),
    endDate: new Date(coupon.end_date),
  };
}
