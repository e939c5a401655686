// Coupons in wire form, the one place for them (docs/architecture.md#the-api-contract): amounts in
// AED, a percent coupon's discount as its percent.
import type { z } from 'zod';
import type { couponWire } from '@/domain/api/cart';
import { fils, filsToAed } from '@/domain/money';
import type { Coupon } from '@/server/coupons/coupon.service';

export function couponJson(c: Coupon): z.input<typeof couponWire> {
  return {
    id: c.id,
    code: c.code,
    discount_type: c.discountType,
    discount: c.discountType === 'percent' ? c.discount : filsToAed(fils(c.discount)),
    max_discount: c.maxDiscount === null ? null : filsToAed(c.maxDiscount),
    min_amount: filsToAed(c.minAmount),
    end_date: c.endDate.toISOString(),
  };
}
