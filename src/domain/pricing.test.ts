import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { fils } from './money';
import {
  cartTotals,
  couponDiscount,
  couponIsUsable,
  couponShortfall,
  preTax,
  shelfPrice,
  type CouponTerms,
  type PricedLine,
} from './pricing';

const NOW = new Date('2026-06-15T12:00:00Z');
const TOMORROW = new Date('2026-06-16T12:00:00Z');
const YESTERDAY = new Date('2026-06-14T12:00:00Z');

const percent = (discount: number, maxDiscount: number | null, extra: Partial<CouponTerms> = {}): CouponTerms => ({
  discountType: 'percent',
  discount,
  maxDiscount: maxDiscount === null ? null : fils(maxDiscount),
  minAmount: fils(0),
  endDate: TOMORROW,
  ...extra,
});
const fixed = (discount: number, extra: Partial<CouponTerms> = {}): CouponTerms => ({
  discountType: 'amount',
  discount,
  maxDiscount: null,
  minAmount: fils(0),
  endDate: TOMORROW,
  ...extra,
});

/** Round half up of a / b for non-negative integers, exactly, with BigInt. */
const roundDiv = (a: bigint, b: bigint) => Number((2n * a + b) / (2n * b));

describe('shelfPrice', () => {
  it('takes the percent off and rounds to the fil, halves up', () => {
    expect(shelfPrice(fils(10_000), 0)).toBe(10_000);
    expect(shelfPrice(fils(10_000), 10)).toBe(9_000);
    expect(shelfPrice(fils(9_999), 10)).toBe(8_999); // 8999.1
    expect(shelfPrice(fils(9_995), 10)).toBe(8_996); // 8995.5
    expect(shelfPrice(fils(999), 50)).toBe(500); // 499.5
    expect(shelfPrice(fils(1_001), 50)).toBe(501); // 500.5
    expect(shelfPrice(fils(333), 33)).toBe(223); // 223.11
    expect(shelfPrice(fils(10_000), 100)).toBe(0);
    expect(shelfPrice(fils(0), 25)).toBe(0);
  });

  it('clamps a discount outside 0..100', () => {
    expect(shelfPrice(fils(10_000), -5)).toBe(10_000);
    expect(shelfPrice(fils(10_000), 150)).toBe(0);
  });

  it('equals exact rational rounding (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 20_000_000 }), fc.integer({ min: 0, max: 100 }), (unit, discount) => {
        expect(shelfPrice(fils(unit), discount)).toBe(roundDiv(BigInt(unit) * BigInt(100 - discount), 100n));
      }),
      { numRuns: 2000 },
    );
  });
});

describe('preTax', () => {
  it('divides by 1.05 and rounds to the fil', () => {
    expect(preTax(fils(10_500))).toBe(10_000);
    expect(preTax(fils(100))).toBe(95); // 95.238
    expect(preTax(fils(21))).toBe(20);
    expect(preTax(fils(0))).toBe(0);
  });
});

describe('couponIsUsable', () => {
  it('needs the subtotal to reach min_amount, inclusive', () => {
    expect(couponIsUsable(fixed(100, { minAmount: fils(20_000) }), fils(20_000), NOW)).toBe(true);
    expect(couponIsUsable(fixed(100, { minAmount: fils(20_000) }), fils(19_999), NOW)).toBe(false);
  });
  it('refuses expired and not yet started coupons', () => {
    expect(couponIsUsable(fixed(100, { endDate: YESTERDAY }), fils(20_000), NOW)).toBe(false);
    expect(couponIsUsable(fixed(100, { startDate: TOMORROW }), fils(20_000), NOW)).toBe(false);
    expect(couponIsUsable(fixed(100, { startDate: YESTERDAY }), fils(20_000), NOW)).toBe(true);
    expect(couponIsUsable(fixed(100, { startDate: null }), fils(20_000), NOW)).toBe(true);
  });
});

describe('cartTotals (docs/decisions/0002-money-in-fils-api-in-aed.md), worked by hand', () => {
  // 2 x AED 105.00: T = 21000, S = 21000 / 1.05 = 20000.
  const simple: PricedLine[] = [{ unitPrice: fils(10_500), discount: 0, quantity: 2 }];

  it('no coupon: the shopper pays exactly the shelf prices, VAT = T - S', () => {
    expect(cartTotals(simple, null, NOW)).toEqual({ shelfTotal: 21_000, subtotal: 20_000, discount: 0, vat: 1_000, grandTotal: 21_000 });
  });

  it('no coupon, uneven amounts: VAT absorbs the rounding of S', () => {
    // shelf 9999 - 10% = 8999.1 -> 8999; x3 = 26997; + 1 x 1234 = 28231.
    // S = 28231 / 1.05 = 26886.67 -> 26887; VAT = 28231 - 26887 = 1344.
    const lines: PricedLine[] = [
      { unitPrice: fils(9_999), discount: 10, quantity: 3 },
      { unitPrice: fils(1_234), discount: 0, quantity: 1 },
    ];
    expect(cartTotals(lines, null, NOW)).toEqual({ shelfTotal: 28_231, subtotal: 26_887, discount: 0, vat: 1_344, grandTotal: 28_231 });
    // Carts where round(S x 5%) would not add up to T, so VAT must be T - S:
    // (T = 1, the smallest cart: S = 0.95 -> 1, VAT 0.)
    expect(cartTotals([{ unitPrice: fils(1), discount: 0, quantity: 1 }], null, NOW)).toMatchObject({ subtotal: 1, vat: 0, grandTotal: 1 });
    // T = 10: S = 9.52 -> 10, VAT = 0 (not 0.5 -> 1), grand total 10 = T.
    expect(cartTotals([{ unitPrice: fils(10), discount: 0, quantity: 1 }], null, NOW)).toMatchObject({
      subtotal: 10,
      vat: 0,
      grandTotal: 10,
    });
    // T = 31: S = 29.52 -> 30, VAT = 1 (round(30 x 0.05) would be 2 -> 32 != T).
    expect(cartTotals([{ unitPrice: fils(31), discount: 0, quantity: 1 }], null, NOW)).toMatchObject({
      subtotal: 30,
      vat: 1,
      grandTotal: 31,
    });
  });

  it('an empty cart costs nothing', () => {
    expect(cartTotals([], null, NOW)).toEqual({ shelfTotal: 0, subtotal: 0, discount: 0, vat: 0, grandTotal: 0 });
  });

  it('percent coupon: percent of S, VAT on S - D', () => {
    // D = 10% of 20000 = 2000; VAT = 18000 x 5% = 900; total 18900.
    expect(cartTotals(simple, percent(10, null), NOW)).toEqual({
      shelfTotal: 21_000,
      subtotal: 20_000,
      discount: 2_000,
      vat: 900,
      grandTotal: 18_900,
    });
  });

  it('percent coupon is capped at max_discount', () => {
    // 10% of 20000 = 2000, capped at 1500; VAT = 18500 x 5% = 925; total 19425.
    expect(cartTotals(simple, percent(10, 1_500), NOW)).toEqual({
      shelfTotal: 21_000,
      subtotal: 20_000,
      discount: 1_500,
      vat: 925,
      grandTotal: 19_425,
    });
    // A cap above the percent leaves it alone.
    expect(cartTotals(simple, percent(10, 5_000), NOW).discount).toBe(2_000);
  });

  it('percent coupon rounds to the fil', () => {
    // S = 26887 (see above); 15% = 4033.05 -> 4033; VAT = round(22854 x 0.05) = round(1142.7) = 1143.
    const lines: PricedLine[] = [
      { unitPrice: fils(9_999), discount: 10, quantity: 3 },
      { unitPrice: fils(1_234), discount: 0, quantity: 1 },
    ];
    expect(cartTotals(lines, percent(15, null), NOW)).toEqual({
      shelfTotal: 28_231,
      subtotal: 26_887,
      discount: 4_033,
      vat: 1_143,
      grandTotal: 23_997,
    });
  });

  it('fixed coupon takes its amount in fils', () => {
    // D = 5000; VAT = 15000 x 5% = 750; total 15750.
    expect(cartTotals(simple, fixed(5_000), NOW)).toEqual({
      shelfTotal: 21_000,
      subtotal: 20_000,
      discount: 5_000,
      vat: 750,
      grandTotal: 15_750,
    });
  });

  it('fixed coupon ignores max_discount', () => {
    expect(cartTotals(simple, fixed(5_000, { maxDiscount: fils(1_000) }), NOW).discount).toBe(5_000);
  });

  it('the discount never exceeds the subtotal', () => {
    expect(cartTotals(simple, fixed(50_000), NOW)).toEqual({
      shelfTotal: 21_000,
      subtotal: 20_000,
      discount: 20_000,
      vat: 0,
      grandTotal: 0,
    });
    expect(cartTotals(simple, percent(100, null), NOW)).toEqual({
      shelfTotal: 21_000,
      subtotal: 20_000,
      discount: 20_000,
      vat: 0,
      grandTotal: 0,
    });
    expect(couponDiscount(percent(250, null), fils(20_000), NOW)).toBe(20_000);
  });

  it('a negative coupon value never adds to the bill', () => {
    expect(couponDiscount(fixed(-500), fils(20_000), NOW)).toBe(0);
    expect(couponDiscount(percent(-10, null), fils(20_000), NOW)).toBe(0);
  });

  it('min_amount not reached gives no discount (compared with S, not T)', () => {
    // S = 20000 < 20001 although T = 21000 is above it.
    expect(cartTotals(simple, fixed(5_000, { minAmount: fils(20_001) }), NOW)).toEqual({
      shelfTotal: 21_000,
      subtotal: 20_000,
      discount: 0,
      vat: 1_000,
      grandTotal: 21_000,
    });
    expect(cartTotals(simple, fixed(5_000, { minAmount: fils(20_000) }), NOW).discount).toBe(5_000);
  });

  it('an expired coupon gives no discount', () => {
    expect(cartTotals(simple, percent(10, null, { endDate: YESTERDAY }), NOW)).toEqual({
      shelfTotal: 21_000,
      subtotal: 20_000,
      discount: 0,
      vat: 1_000,
      grandTotal: 21_000,
    });
  });

  it('a coupon that has not started gives no discount', () => {
    expect(cartTotals(simple, percent(10, null, { startDate: TOMORROW }), NOW)).toEqual({
      shelfTotal: 21_000,
      subtotal: 20_000,
      discount: 0,
      vat: 1_000,
      grandTotal: 21_000,
    });
    expect(cartTotals(simple, percent(10, null, { startDate: YESTERDAY }), NOW).discount).toBe(2_000);
  });

  it('uses the shelf price after the product discount', () => {
    // 2 x (20000 - 25%) = 2 x 15000 = 30000; S = 28571.43 -> 28571; VAT 1429.
    expect(cartTotals([{ unitPrice: fils(20_000), discount: 25, quantity: 2 }], null, NOW)).toEqual({
      shelfTotal: 30_000,
      subtotal: 28_571,
      discount: 0,
      vat: 1_429,
      grandTotal: 30_000,
    });
  });
});

describe('cartTotals properties', () => {
  const line = fc.record({
    unitPrice: fc.integer({ min: 0, max: 20_000_000 }).map(fils),
    discount: fc.integer({ min: 0, max: 100 }),
    quantity: fc.integer({ min: 1, max: 50 }),
  });
  const cart = fc.array(line, { minLength: 1, maxLength: 10 });
  const dates = fc.constantFrom<[Date, Date | null]>([TOMORROW, null], [TOMORROW, YESTERDAY], [YESTERDAY, null], [TOMORROW, TOMORROW]);
  const coupon: fc.Arbitrary<CouponTerms> = fc
    .record({
      discountType: fc.constantFrom<'percent' | 'amount'>('percent', 'amount'),
      percent: fc.integer({ min: 0, max: 100 }),
      amount: fc.integer({ min: 0, max: 100_000_000 }),
      maxDiscount: fc.option(fc.integer({ min: 0, max: 10_000_000 }).map(fils), { nil: null }),
      minAmount: fc.integer({ min: 0, max: 50_000_000 }).map(fils),
      dates,
    })
    .map((c) => ({
      discountType: c.discountType,
      discount: c.discountType === 'percent' ? c.percent : c.amount,
      maxDiscount: c.maxDiscount,
      minAmount: c.minAmount,
      endDate: c.dates[0],
      startDate: c.dates[1],
    }));

  const shelfSum = (lines: PricedLine[]) => lines.reduce((s, l) => s + shelfPrice(l.unitPrice, l.discount) * l.quantity, 0);

  it('with no coupon the grand total is the sum of shelf prices to the fil', () => {
    fc.assert(
      fc.property(cart, (lines) => {
        const t = cartTotals(lines, null, NOW);
        const expected = shelfSum(lines);
        expect(t.shelfTotal).toBe(expected);
        expect(t.grandTotal).toBe(expected);
        expect(t.discount).toBe(0);
        expect(t.subtotal).toBe(roundDiv(BigInt(expected) * 100n, 105n));
        expect(t.vat).toBe(expected - t.subtotal);
      }),
      { numRuns: 500 },
    );
  });

  it('with any coupon: integers, vat >= 0, discount within subtotal and cap, grand total = S - D + VAT', () => {
    fc.assert(
      fc.property(cart, coupon, (lines, c) => {
        const t = cartTotals(lines, c, NOW);
        for (const v of Object.values(t)) expect(Number.isInteger(v)).toBe(true);
        expect(t.shelfTotal).toBe(shelfSum(lines));
        expect(t.subtotal).toBe(roundDiv(BigInt(t.shelfTotal) * 100n, 105n));
        expect(t.vat).toBeGreaterThanOrEqual(0);
        expect(t.discount).toBeGreaterThanOrEqual(0);
        expect(t.discount).toBeLessThanOrEqual(t.subtotal);
        if (c.discountType === 'percent' && c.maxDiscount !== null) expect(t.discount).toBeLessThanOrEqual(c.maxDiscount);
        expect(t.grandTotal).toBe(t.subtotal - t.discount + t.vat);
        expect(t.grandTotal).toBeLessThanOrEqual(t.shelfTotal);
        const usable = c.endDate >= NOW && !(c.startDate && c.startDate > NOW) && t.subtotal >= c.minAmount;
        if (!usable) {
          expect(t.discount).toBe(0);
          expect(t.grandTotal).toBe(t.shelfTotal);
        } else {
          const raw = c.discountType === 'percent' ? roundDiv(BigInt(t.subtotal) * BigInt(c.discount), 100n) : c.discount;
          const capped = c.discountType === 'percent' && c.maxDiscount !== null ? Math.min(raw, c.maxDiscount) : raw;
          expect(t.discount).toBe(Math.min(capped, t.subtotal));
          if (t.discount > 0) expect(t.vat).toBe(roundDiv(BigInt(t.subtotal - t.discount) * 5n, 100n));
        }
      }),
      { numRuns: 1000 },
    );
  });
});

describe('couponShortfall', () => {
  it('is what is left to add at shelf prices before the pre-tax minimum is reached', () => {
    // S = round(4,900 / 1.05) = 4,667 fils; the minimum AED 1,000.00 needs T = 1,050.00.
    expect(couponShortfall(fils(4_900), fils(100_000))).toBe(100_100);
    // T = 2,099.99 gives S = 1,999.99: one fil more reaches 2,000.00.
    expect(couponShortfall(fils(209_999), fils(200_000))).toBe(1);
    expect(couponShortfall(fils(210_000), fils(200_000))).toBe(0);
    expect(couponShortfall(fils(0), fils(0))).toBe(0);
  });

  it('adding exactly the shortfall reaches the minimum, and a fil less does not', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 50_000_000 }), fc.integer({ min: 1, max: 50_000_000 }), (total, minimum) => {
        const gap = couponShortfall(fils(total), fils(minimum));
        expect(gap).toBeGreaterThanOrEqual(0);
        expect(preTax(fils(total + gap))).toBeGreaterThanOrEqual(minimum);
        if (gap > 0) expect(preTax(fils(total + gap - 1))).toBeLessThan(minimum);
        else expect(preTax(fils(total))).toBeGreaterThanOrEqual(minimum);
      }),
    );
  });
});
