// One line saying what a coupon takes off ('10% off up to AED 50', 'AED 25 off'), shown by the
// cart's coupon box and the 'Select coupon' popup (docs/product.md#cart); its own module so the
// box does not load the popup before it is opened (docs/decisions/0042-page-weight.md).
import type { Coupon } from '@/client/api/cart.model';
import { fils, formatPrice } from '@/domain/money';
import { couponTexts as t } from '@/domain/messages/coupon';

export function couponSummary(c: Coupon): string {
  if (c.discountType === 'percent') {
    const cap = c.maxDiscount !== null ? ` ${t.upTo(formatPrice(c.maxDiscount))}` : '';
    return `${t.percentOff(c.discount)}${cap}`;
  }
  return t.amountOff(formatPrice(fils(c.discount)));
}
