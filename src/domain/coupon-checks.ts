// The coupon code check without zod, so the cart island can use it without shipping a validation
// library (docs/decisions/0042-page-weight.md). The server's zod field (couponCodeField in cart.ts)
// calls the same function: one rule, both sides; the texts are cartMessages in the message catalog.
import { COUPON_CODE_MAX } from './cart-rules';
import { cartMessages } from './messages/cart';
import { inputMessages } from './messages/input';
import { isSingleLineText } from './text-checks';

export type CouponCodeCheck = { ok: true; code: string } | { ok: false; message: string };

/** A typed coupon code, trimmed: required, at most COUPON_CODE_MAX characters, one line. */
export function checkCouponCode(raw: unknown): CouponCodeCheck {
  if (typeof raw !== 'string') return { ok: false, message: cartMessages.couponRequired };
  const code = raw.trim();
  if (code === '') return { ok: false, message: cartMessages.couponRequired };
  if (code.length > COUPON_CODE_MAX) return { ok: false, message: cartMessages.couponTooLong };
  if (!isSingleLineText(code)) return { ok: false, message: inputMessages.singleLine };
  return { ok: true, code };
}
