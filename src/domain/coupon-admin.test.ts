// The coupon form's rules (docs/decisions/0047-coupons-by-staff.md): each bad field gets its own
// message; UAE days become the first and last moments in UTC+4.
import { describe, expect, it } from 'vitest';
import { couponInput, uaeDayEnd, uaeDayStart } from './coupon-admin';
import { adminCouponMessages as t } from './messages/admin-coupons';

const form = (overrides: Record<string, unknown> = {}) => ({
  code: 'eid-15',
  discount_type: 'percent',
  discount: '15',
  max_discount: '',
  min_amount: '',
  start_date: '',
  end_date: '2026-12-10',
  max_uses: '',
  max_uses_per_customer: '',
  active: true,
  ...overrides,
});

const problems = (body: Record<string, unknown>) => {
  const parsed = couponInput.safeParse(body);
  return parsed.success ? {} : Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message]));
};

describe('the coupon form', () => {
  it('takes a percent coupon with no limits and stores the code in capitals, ending at the last moment of its UAE day', () => {
    const parsed = couponInput.parse(form());
    expect(parsed).toMatchObject({ code: 'EID-15', discountType: 'percent', discount: 15, maxUses: null, startDate: null });
    expect(parsed.endDate.toISOString()).toBe('2026-12-10T19:59:59.999Z');
    expect(uaeDayStart('2026-12-01').toISOString()).toBe('2026-11-30T20:00:00.000Z');
    expect(uaeDayEnd('2026-12-01').getTime() - uaeDayStart('2026-12-01').getTime()).toBe(86_400_000 - 1);
  });

  it('says what the last day needs, and refuses a day that is not one', () => {
    expect(problems(form({ end_date: '' }))).toMatchObject({ end_date: t.endRequired });
    expect(problems(form({ end_date: '2026-13-45' }))).toMatchObject({ end_date: t.dateFormat });
    expect(problems(form({ start_date: '2026-12-11' }))).toMatchObject({ end_date: t.endBeforeStart });
  });

  it('holds a percent to 1-100 and a fixed amount to AED with two decimals and no maximum', () => {
    expect(problems(form({ discount: '0' }))).toMatchObject({ discount: t.percentRange });
    expect(problems(form({ discount: '12.5' }))).toMatchObject({ discount: t.percentRange });
    expect(problems(form({ discount_type: 'amount', discount: '10.123' }))).toMatchObject({ discount: t.amountFormat });
    expect(problems(form({ discount_type: 'amount', discount: '50', max_discount: '10' }))).toMatchObject({
      max_discount: t.maxDiscountPercentOnly,
    });
    expect(couponInput.parse(form({ discount_type: 'amount', discount: '49.50' })).discount).toBe(4950);
  });

  it('refuses limits that are not whole numbers of 1 or more, or a per-customer limit above the total', () => {
    expect(problems(form({ max_uses: '0' }))).toMatchObject({ max_uses: t.usesFormat });
    expect(problems(form({ max_uses: '2.5' }))).toMatchObject({ max_uses: t.usesFormat });
    expect(problems(form({ max_uses: '2', max_uses_per_customer: '3' }))).toMatchObject({ max_uses_per_customer: t.perCustomerAboveTotal });
    expect(problems(form({ code: 'a b' }))).toMatchObject({ code: t.codeFormat });
    expect(problems(form({ code: 'ab' }))).toMatchObject({ code: t.codeLength(20) });
  });
});
