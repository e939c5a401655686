import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { PRICE_BUCKETS, bucketById, bucketForPrice } from './price-buckets';
import { fils } from './money';

const contains = (b: { min: number; max: number | null }, fils: number) => fils >= b.min && (b.max === null || fils < b.max);

describe('PRICE_BUCKETS (docs/decisions/0019-catalog.md)', () => {
  it('are the docs/decisions/0019-catalog.md buckets, in AED converted to fils', () => {
    expect(PRICE_BUCKETS.map((b) => [b.min, b.max])).toEqual([
      [0, 100_000],
      [100_000, 1_000_000],
      [1_000_000, 2_000_000],
      [2_000_000, 5_000_000],
      [5_000_000, 10_000_000],
      [10_000_000, null],
    ]);
    expect(PRICE_BUCKETS.map((b) => b.id)).toEqual(['0-1000', '1000-10000', '10000-20000', '20000-50000', '50000-100000', '100000-']);
  });

  it('start at zero, chain without gaps or overlaps and end open', () => {
    expect(PRICE_BUCKETS[0]!.min).toBe(0);
    for (let i = 1; i < PRICE_BUCKETS.length; i++) expect(PRICE_BUCKETS[i]!.min).toBe(PRICE_BUCKETS[i - 1]!.max);
    expect(PRICE_BUCKETS.at(-1)!.max).toBeNull();
    expect(new Set(PRICE_BUCKETS.map((b) => b.id)).size).toBe(PRICE_BUCKETS.length);
  });

  it('every integer price 0..2e9 fils is in exactly one bucket (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2_000_000_000 }).map(fils), (price) => {
        const holders = PRICE_BUCKETS.filter((b) => contains(b, price));
        expect(holders).toHaveLength(1);
        expect(bucketForPrice(price)).toBe(holders[0]);
      }),
      { numRuns: 2000 },
    );
  });

  it('puts the boundaries in the upper bucket', () => {
    const cases: [number, string][] = [
      [0, '0-1000'],
      [99_999, '0-1000'],
      [100_000, '1000-10000'],
      [999_999, '1000-10000'],
      [1_000_000, '10000-20000'],
      [1_499_999, '10000-20000'],
      [1_999_999, '10000-20000'],
      [2_000_000, '20000-50000'],
      [4_999_999, '20000-50000'],
      [5_000_000, '50000-100000'],
      [7_500_000, '50000-100000'],
      [9_999_999, '50000-100000'],
      [10_000_000, '100000-'],
      [2_000_000_000, '100000-'],
    ];
    for (const [price, id] of cases) expect(bucketForPrice(fils(price)).id, `${price}`).toBe(id);
    for (const [price, id] of cases) expect(PRICE_BUCKETS.filter((b) => contains(b, price)).map((b) => b.id)).toEqual([id]);
  });
});

describe('bucketById', () => {
  it('finds each bucket by its id', () => {
    for (const b of PRICE_BUCKETS) expect(bucketById(b.id)).toBe(b);
    expect(bucketById('10000-20000')).toMatchObject({ min: 1_000_000, max: 2_000_000 });
    expect(bucketById('100000-')).toMatchObject({ min: 10_000_000, max: null });
  });

  it('returns undefined for unknown ids', () => {
    expect(bucketById('')).toBeUndefined();
    expect(bucketById('15000-20000')).toBeUndefined();
    expect(bucketById('0-1000 ')).toBeUndefined();
    expect(bucketById('constructor')).toBeUndefined();
  });
});
