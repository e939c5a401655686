// Checking a coupon code with the server (docs/product.md#behaviour, #api-map, #messages): guests send their cart's
// product ids and quantities, signed-in shoppers only the code (the server reads their cart).
import { call } from '@/client/api-client';
import { endpoints } from '@/client/api/endpoints.gen';
import { toCoupon } from '@/client/api/cart';
import { checkCouponCode } from '@/domain/coupon-checks';
import { cartMessages as t } from '@/domain/messages/cart';
import { formatPrice } from '@/domain/money';
import { couponIsUsable, couponShortfall, type CartTotals } from '@/domain/pricing';
import { $cart } from '@/client/cart.store';
import { applyCoupon, couponTermsOf, type Coupon } from '@/client/coupon.store';

export type CouponCheck = { ok: true; coupon: Coupon; message: string } | { ok: false; message: string };

/** Checks a code and applies it when the server accepts it; a refusal carries the server's reason. */
export async function checkAndApplyCoupon(raw: string, signedIn: boolean): Promise<CouponCheck> {
  const parsed = checkCouponCode(raw);
  if (!parsed.ok) return { ok: false, message: parsed.message };
  const { code } = parsed;
  let query: { coupon: string; items?: string };
  if (signedIn) {
    // The server checks against its copy of the cart: let the changes on their way arrive first.
    const { cartIdle } = await import('@/features/cart/cart.sync');
    await cartIdle();
    query = { coupon: code };
  } else {
    query = { coupon: code, items: JSON.stringify($cart.get().map((i) => ({ product_id: i.productId, quantity: i.quantity }))) };
  }
  const answer = await call(endpoints.coupons.check, { query });
  const coupon = answer.ok && answer.data?.data ? toCoupon(answer.data.data) : null;
  if (!coupon) return { ok: false, message: answer.message ?? t.syncFailed };
  applyCoupon(coupon);
  return { ok: true, coupon, message: answer.message ?? t.couponApplied };
}

/**
 * Why an applied coupon takes nothing off this cart (a guest's, priced by the pricing module), or
 * null when it applies; the server's texts: under the minimum, how much more to add
 * (docs/product.md#coupons).
 */
export function couponProblem(coupon: Coupon, totals: Pick<CartTotals, 'shelfTotal' | 'subtotal'>, now: Date): string | null {
  const terms = couponTermsOf(coupon);
  if (couponIsUsable(terms, totals.subtotal, now)) return null;
  if (terms.endDate.getTime() < now.getTime()) return t.couponExpired;
  return t.couponAddMore(formatPrice(couponShortfall(totals.shelfTotal, coupon.minAmount)), coupon.code);
}
