import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { aedToFils, fils, filsToAed, formatAmount, formatPrice, NO_BREAK_SPACE } from './money';

describe('formatPrice', () => {
  it('joins AED and the number with a no-break space, so a line never breaks between them', () => {
    expect(formatPrice(fils(123450))).toBe('AED\u00A01,234.50');
    expect(formatPrice(fils(123450))).not.toContain(' ');
    expect(NO_BREAK_SPACE).toBe('\u00A0');
  });

  it('formats fils as AED with thousands separators and exactly two decimals', () => {
    expect(formatPrice(fils(123450))).toBe('AED\u00A01,234.50');
    expect(formatPrice(fils(0))).toBe('AED\u00A00.00');
    expect(formatPrice(fils(1))).toBe('AED\u00A00.01');
    expect(formatPrice(fils(5))).toBe('AED\u00A00.05');
    expect(formatPrice(fils(10))).toBe('AED\u00A00.10');
    expect(formatPrice(fils(100))).toBe('AED\u00A01.00');
    expect(formatPrice(fils(99999))).toBe('AED\u00A0999.99');
  });

  it('formats large values', () => {
    expect(formatPrice(fils(2_000_000_000))).toBe('AED\u00A020,000,000.00');
    expect(formatPrice(fils(12_345_678_901))).toBe('AED\u00A0123,456,789.01');
  });

  it('formatAmount is formatPrice without the currency', () => {
    expect(formatAmount(fils(123450))).toBe('1,234.50');
  });

  it('always shows exactly two decimals that match the fils (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2_000_000_000 }).map(fils), (amount) => {
        const text = formatPrice(amount);
        expect(text).toMatch(/^AED\u00A0\d{1,3}(,\d{3})*\.\d{2}$/);
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
