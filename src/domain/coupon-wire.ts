// A coupon in wire form (docs/architecture.md#the-api-contract): amounts in AED, a percent coupon's
// discount as its percent. One rule for the server's answers and the browser's stored coupon
// (src/client/api/cart.ts), which keeps the shape the first clients stored. Zod-free: islands import it.
import type { z } from 'zod';
import type { couponWire } from '@/domain/api/cart';
import { fils, filsToAed, type Fils } from '@/domain/money';

/** A coupon's terms as the server and the browser both model them, money in fils. */
export interface CouponTerms {
  id: number;
  code: string;
  discountType: 'percent' | 'amount';
  /** The percent for a percent coupon, fils off for a fixed one. */
  discount: number;
  maxDiscount: Fils | null;
  minAmount: Fils;
  /** ISO 8601. */
  endDate: string;
}

export function couponToWire(c: CouponTerms): z.output<typeof couponWire> {
  return {
    id: c.id,
    code: c.code,
    discount_type: c.discountType,
    discount: c.discountType === 'percent' ? c.discount : filsToAed(fils(c.discount)),
    max_discount: c.maxDiscount === null ? null : filsToAed(c.maxDiscount),
    min_amount: filsToAed(c.minAmount),
    end_date: c.endDate,
  };
}
