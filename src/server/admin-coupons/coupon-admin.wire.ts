// The staff's coupons, model -> wire (docs/architecture.md#the-api-contract): snake_case, money in
// AED, the dates as the UAE calendar days staff typed.
import type { z } from 'zod';
import type { adminCouponWire } from '@/domain/api/admin-coupons';
import { todayInDubai } from '@/domain/checkout';
import { filsToAed, type Fils } from '@/domain/money';
import type { StaffCoupon } from './coupon-admin.service';

export function adminCouponJson({ coupon, uses, state }: StaffCoupon): z.input<typeof adminCouponWire> {
  return {
    id: coupon.id,
    version: coupon.version,
    code: coupon.code,
    discount_type: coupon.discountType,
    discount: coupon.discountType === 'percent' ? coupon.discount : filsToAed(coupon.discount as Fils),
    max_discount: coupon.maxDiscount === null ? null : filsToAed(coupon.maxDiscount),
    min_amount: filsToAed(coupon.minAmount),
    start_date: coupon.startDate ? todayInDubai(coupon.startDate) : null,
    end_date: todayInDubai(coupon.endDate),
    max_uses: coupon.maxUses,
    max_uses_per_customer: coupon.maxUsesPerCustomer,
    active: coupon.active,
    uses,
    state,
    updated_at: coupon.updatedAt.toISOString(),
  };
}
