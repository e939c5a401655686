import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { aedToFils, fils, filsToAed, formatAmount, formatPrice } from './money';

describe('formatPrice', () => {
  it('formats fils as AED with thousands separators and exactly two decimals', () => {
    expect(formatPrice(fils(123450))).toBe('AED 1,234.50');
    expect(formatPrice(fils(0))).toBe('AED 0.00');
    expect(formatPrice(fils(1))).toBe('AED 0.01');
    expect(formatPrice(fils(5))).toBe('AED 0.05');
    expect(formatPrice(fils(10))).toBe('AED 0.10');
    expect(formatPrice(fils(100))).toBe('AED 1.00');
    expect(formatPrice(fils(99999))).toBe('AED 999.99');
  });

  it('formats large values', () => {
    expect(formatPrice(fils(2_000_000_000))).toBe('AED 20,000,000.00');
    expect(formatPrice(fils(12_345_678_901))).toBe('AED 123,456,789.01');
  });

  it('formatAmount is formatPrice without the currency', () => {
    expect(formatAmount(fils(123450))).toBe('1,234.50');
  });

  it('always shows exactly two decimals that match the fils (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2_000_000_000 }).map(fils), (amount) => {
        const text = formatPrice(amount);
        expect(text).toMatch(/^AED \d{1,3}(,\d{3})*\.\d{2}$/);
        const digits = text.slice(4).replace(/,/g, '').replace('.', '');
        expect(Number(digits)).toBe(amount);
      }),
    );
  });
});

describe('aedToFils / filsToAed', () => {
  it('rounds to the fil', () => {
    expect(aedToFils(0.1 + 0.2)).toBe(30);
    expect(aedToFils(1234.5)).toBe(123450);
    expect(aedToFils(19.99)).toBe(1999);
    expect(aedToFils(0.29)).toBe(29);
    expect(aedToFils(1.1)).toBe(110);
    expect(aedToFils(0)).toBe(0);
    expect(aedToFils(100000)).toBe(10_000_000);
    expect(aedToFils(0.004)).toBe(0);
    expect(aedToFils(0.006)).toBe(1);
  });

  it('returns integers', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1e7, noNaN: true }), (aed) => {
        expect(Number.isInteger(aedToFils(aed))).toBe(true);
        expect(Math.abs(aedToFils(aed) - aed * 100)).toBeLessThanOrEqual(0.5 + 1e-6);
      }),
    );
  });

  it('filsToAed gives AED and round-trips through aedToFils', () => {
    expect(filsToAed(fils(123450))).toBe(1234.5);
    expect(filsToAed(fils(1))).toBe(0.01);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2_000_000_000 }).map(fils), (amount) => {
        expect(aedToFils(filsToAed(amount))).toBe(amount);
      }),
    );
  });
});
