import { describe, expect, it } from 'vitest';
import type { Db } from '@/server/db/client';
import { NotFoundError, ValidationError } from '@/server/errors';
import { cartMessages as t } from '@/domain/messages/cart';
import { useFreshDatabase } from '../../../tests/db';
import { daysFrom, insertCoupon, type CouponRow } from '../../../tests/shopping';
import { checkCoupon, couponTerms, findCoupon, listCoupons } from './coupon.service';
import { fils } from '@/domain/money';
import { rejection } from '../../../tests/errors';

let db: Db;

// A fixed clock: every coupon date below is relative to it.
const NOW = new Date('2026-06-15T12:00:00.000Z');

let summer: CouponRow,
  capped: CouponRow,
  fixed: CouponRow,
  bigSpender: CouponRow,
  expired: CouponRow,
  future: CouponRow,
  inactive: CouponRow;
let endsNow: CouponRow, startsNow: CouponRow, percentSign: CouponRow, underscore: CouponRow;
/** Every coupon in force at NOW. */
let inForce: CouponRow[];

useFreshDatabase(async (database) => {
  db = database.db;
  summer = await insertCoupon(db, { code: 'Summer10', discountType: 'percent', discount: 10, endDate: daysFrom(10, NOW) });
  capped = await insertCoupon(db, {
    code: 'CAP20',
    discountType: 'percent',
    discount: 20,
    maxDiscount: 150_00,
    endDate: daysFrom(10, NOW),
  });
  fixed = await insertCoupon(db, {
    code: 'FLAT250',
    discountType: 'amount',
    discount: 250_00,
    endDate: daysFrom(10, NOW),
    startDate: daysFrom(-5, NOW),
  });
  bigSpender = await insertCoupon(db, {
    code: 'BIG1500',
    discountType: 'percent',
    discount: 15,
    minAmount: 1_500_00,
    endDate: daysFrom(10, NOW),
  });
  expired = await insertCoupon(db, { code: 'OLDSUMMER', endDate: daysFrom(-1, NOW) });
  await insertCoupon(db, { code: 'OLDBIG', minAmount: 9_999_00, endDate: daysFrom(-3, NOW) });
  future = await insertCoupon(db, { code: 'SUMMERNEXT', startDate: daysFrom(1, NOW), endDate: daysFrom(20, NOW) });
  inactive = await insertCoupon(db, { code: 'SUMMEROFF', active: false, endDate: daysFrom(10, NOW) });
  endsNow = await insertCoupon(db, { code: 'LASTSECOND', endDate: NOW });
  startsNow = await insertCoupon(db, { code: 'FIRSTSECOND', startDate: NOW, endDate: daysFrom(3, NOW) });
  percentSign = await insertCoupon(db, { code: 'HALF%OFF', endDate: daysFrom(3, NOW) });
  underscore = await insertCoupon(db, { code: 'A_B', endDate: daysFrom(3, NOW) });
  inForce = [summer, capped, fixed, bigSpender, endsNow, startsNow, percentSign, underscore];
});

const codes = (rows: { code: string }[]) => rows.map((c) => c.code).sort();

describe('findCoupon', () => {
  it('finds a code whatever its case and surrounding spaces', async () => {
    expect((await findCoupon(db, 'summer10'))?.id).toBe(summer.id);
    expect((await findCoupon(db, 'SUMMER10'))?.id).toBe(summer.id);
    expect((await findCoupon(db, '  Summer10 '))?.id).toBe(summer.id);
  });

  it('finds nothing for an unknown code or a switched-off coupon', async () => {
    expect(await findCoupon(db, 'NOPE')).toBeNull();
    expect(await findCoupon(db, 'SUMMER1')).toBeNull();
    expect(await findCoupon(db, 'SUMMEROFF')).toBeNull();
    expect(await findCoupon(db, '')).toBeNull();
  });

  it('treats % and _ in a code as text, not patterns', async () => {
    expect(await findCoupon(db, 'HALF_OFF')).toBeNull();
    expect(await findCoupon(db, 'A%')).toBeNull();
    expect((await findCoupon(db, 'half%off'))?.id).toBe(percentSign.id);
  });
});

describe('checkCoupon', () => {
  it('returns a coupon in force whose minimum the subtotal reaches', async () => {
    expect((await checkCoupon(db, 'summer10', fils(1), NOW)).id).toBe(summer.id);
    expect((await checkCoupon(db, 'FLAT250', fils(0), NOW)).id).toBe(fixed.id);
  });

  it('refuses an unknown or inactive code with 404 "This coupon code is not valid"', async () => {
    for (const code of ['NOPE', 'SUMMEROFF']) {
      const error = await rejection(checkCoupon(db, code, fils(1_000_000_00), NOW));
      expect(error).toBeInstanceOf(NotFoundError);
      expect(error.status).toBe(404);
      expect(error.message).toBe(t.couponUnknown);
      expect(error.message).toBe('This coupon code is not valid');
    }
  });

  it('refuses an expired coupon with 422 "This coupon has expired", naming the coupon field', async () => {
    const error = await rejection(checkCoupon(db, 'OLDSUMMER', fils(1_000_000_00), NOW));
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.status).toBe(422);
    expect(error.message).toBe('This coupon has expired');
    expect(error.fields).toEqual({ coupon: ['This coupon has expired'] });
  });

  it('refuses a coupon that has not started yet', async () => {
    const error = await rejection(checkCoupon(db, 'SUMMERNEXT', fils(1_000_000_00), NOW));
    expect(error.status).toBe(422);
    expect(error.message).toBe(t.couponNotStarted);
    // A day later it runs.
    expect((await checkCoupon(db, 'SUMMERNEXT', fils(1), daysFrom(2, NOW))).id).toBe(future.id);
  });

  it('accepts a coupon on the very instant it starts and on the very instant it ends, not a millisecond later', async () => {
    expect((await checkCoupon(db, 'FIRSTSECOND', fils(0), NOW)).id).toBe(startsNow.id);
    expect((await checkCoupon(db, 'LASTSECOND', fils(0), NOW)).id).toBe(endsNow.id);
    const late = await rejection(checkCoupon(db, 'LASTSECOND', fils(0), new Date(NOW.getTime() + 1)));
    expect(late.message).toBe(t.couponExpired);
    const early = await rejection(checkCoupon(db, 'FIRSTSECOND', fils(0), new Date(NOW.getTime() - 1)));
    expect(early.message).toBe(t.couponNotStarted);
  });

  it('refuses a subtotal under the minimum with the minimum in AED, and accepts exactly the minimum', async () => {
    const error = await rejection(checkCoupon(db, 'BIG1500', fils(1_499_99), NOW));
    expect(error.status).toBe(422);
    expect(error.message).toBe('This coupon needs a subtotal of at least AED\u00A01,500.00');
    expect(error.fields).toEqual({ coupon: ['This coupon needs a subtotal of at least AED\u00A01,500.00'] });
    expect((await checkCoupon(db, 'BIG1500', fils(1_500_00), NOW)).id).toBe(bigSpender.id);
  });

  it('reports an expired coupon as expired even when the subtotal is also under its minimum', async () => {
    const error = await rejection(checkCoupon(db, 'OLDBIG', fils(0), NOW));
    expect(error.message).toBe(t.couponExpired);
  });
});

describe('couponTerms', () => {
  it('carries the columns the pricing module needs', () => {
    expect(couponTerms(capped)).toEqual({
      discountType: 'percent',
      discount: 20,
      maxDiscount: 150_00,
      minAmount: 0,
      endDate: capped.endDate,
      startDate: null,
    });
    expect(couponTerms(fixed)).toEqual({
      discountType: 'amount',
      discount: 250_00,
      maxDiscount: null,
      minAmount: 0,
      endDate: fixed.endDate,
      startDate: fixed.startDate,
    });
  });
});

describe('listCoupons', () => {
  it('lists only active coupons that have started and not ended', async () => {
    const page = await listCoupons(db, { page: 1, limit: 50 }, NOW);
    expect(codes(page.items)).toEqual(codes(inForce));
    expect(page.total).toBe(inForce.length);
    expect(page.lastPage).toBe(1);
    for (const gone of [expired, future, inactive]) expect(page.items.map((c) => c.id)).not.toContain(gone.id);
  });

  it('follows the clock it is given', async () => {
    const later = await listCoupons(db, { page: 1, limit: 50 }, daysFrom(5, NOW));
    // LASTSECOND has ended, FIRSTSECOND/HALF%OFF/A_B ended after 3 days, SUMMERNEXT has started.
    expect(codes(later.items)).toEqual(codes([summer, capped, fixed, bigSpender, future]));
  });

  it('searches codes by keyword, case-insensitively, anywhere in the code', async () => {
    expect(codes((await listCoupons(db, { page: 1, limit: 50, keyword: 'summer' }, NOW)).items)).toEqual(['Summer10']);
    expect(codes((await listCoupons(db, { page: 1, limit: 50, keyword: 'SECOND' }, NOW)).items)).toEqual(['FIRSTSECOND', 'LASTSECOND']);
    expect(codes((await listCoupons(db, { page: 1, limit: 50, keyword: 'ap2' }, NOW)).items)).toEqual(['CAP20']);
    const none = await listCoupons(db, { page: 1, limit: 50, keyword: 'zzz' }, NOW);
    expect(none.items).toEqual([]);
    expect(none.total).toBe(0);
    expect(none.lastPage).toBe(1);
  });

  it('takes % and _ in a keyword literally', async () => {
    expect(codes((await listCoupons(db, { page: 1, limit: 50, keyword: '%' }, NOW)).items)).toEqual(['HALF%OFF']);
    expect(codes((await listCoupons(db, { page: 1, limit: 50, keyword: '_' }, NOW)).items)).toEqual(['A_B']);
    expect(codes((await listCoupons(db, { page: 1, limit: 50, keyword: '\\' }, NOW)).items)).toEqual([]);
  });

  it('pages without overlap or gaps and reports the last page', async () => {
    const seen: number[] = [];
    const first = await listCoupons(db, { page: 1, limit: 3 }, NOW);
    expect(first.lastPage).toBe(Math.ceil(inForce.length / 3));
    expect(first.total).toBe(inForce.length);
    expect(first.perPage).toBe(3);
    for (let page = 1; page <= first.lastPage; page++) {
      const result = await listCoupons(db, { page, limit: 3 }, NOW);
      expect(result.page).toBe(page);
      expect(result.items.length).toBe(page < first.lastPage ? 3 : inForce.length - 3 * (first.lastPage - 1));
      seen.push(...result.items.map((c) => c.id));
    }
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.sort((a, b) => a - b)).toEqual(inForce.map((c) => c.id).sort((a, b) => a - b));
  });

  it('keeps the total and the last page on a page past the end', async () => {
    const beyond = await listCoupons(db, { page: 99, limit: 3 }, NOW);
    expect(beyond.items).toEqual([]);
    expect(beyond.total).toBe(inForce.length);
    expect(beyond.lastPage).toBe(Math.ceil(inForce.length / 3));
  });

  it('pages the keyword results', async () => {
    const first = await listCoupons(db, { page: 1, limit: 1, keyword: 'second' }, NOW);
    const second = await listCoupons(db, { page: 2, limit: 1, keyword: 'second' }, NOW);
    expect(first.lastPage).toBe(2);
    expect(first.total).toBe(2);
    expect(codes([...first.items, ...second.items])).toEqual(['FIRSTSECOND', 'LASTSECOND']);
  });
});
