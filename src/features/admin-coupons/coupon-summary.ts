// A coupon's terms in the staff's words, for its card and its page (docs/decisions/0047-coupons-by-staff.md).
import { calendarDate } from '@/domain/dates';
import { aedToFils, formatPrice } from '@/domain/money';
import { adminCouponTexts as t } from '@/domain/messages/admin-coupons';
import type { CouponStateName } from '@/domain/api/admin-coupons';

interface CouponTerms {
  discount_type: 'percent' | 'amount';
  discount: number;
  max_discount: number | null;
  min_amount: number;
  start_date: string | null;
  end_date: string;
  max_uses: number | null;
  max_uses_per_customer: number | null;
  uses: number;
}

const price = (aed: number) => formatPrice(aedToFils(aed));

export function couponTermsText(c: CouponTerms): { discount: string; when: string; uses: string } {
  const off =
    c.discount_type === 'percent'
      ? t.percentOff(c.discount, c.max_discount === null ? null : price(c.max_discount))
      : t.amountOff(price(c.discount));
  const discount = c.min_amount > 0 ? `${off} ${t.minimum(price(c.min_amount))}` : off;
  const when = t.runs(c.start_date ? calendarDate(c.start_date) : null, calendarDate(c.end_date));
  const perCustomer = c.max_uses_per_customer === null ? '' : `, ${t.perCustomer(c.max_uses_per_customer)}`;
  return { discount, when, uses: `${t.uses(c.uses, c.max_uses)}${perCustomer}` };
}

export const couponStateClass: Record<CouponStateName, string> = {
  running: 'bg-emerald-50 text-emerald-800',
  scheduled: 'bg-sky-50 text-sky-800',
  ended: 'bg-ink-100 text-ink-700',
  used_up: 'bg-amber-100 text-amber-900',
  off: 'bg-red-50 text-red-800',
};
