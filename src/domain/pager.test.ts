import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { lastPageOf, pageNumbers } from './pager';

describe('pageNumbers', () => {
  it('shows every page when there are at most seven', () => {
    expect(pageNumbers(1, 1)).toEqual([1]);
    expect(pageNumbers(1, 2)).toEqual([1, 2]);
    expect(pageNumbers(2, 2)).toEqual([1, 2]);
    expect(pageNumbers(2, 3)).toEqual([1, 2, 3]);
    expect(pageNumbers(3, 3)).toEqual([1, 2, 3]);
    expect(pageNumbers(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('centres on the current page', () => {
    expect(pageNumbers(10, 20)).toEqual([7, 8, 9, 10, 11, 12, 13]);
    expect(pageNumbers(5, 9)).toEqual([2, 3, 4, 5, 6, 7, 8]);
  });

  it('clamps at both ends', () => {
    expect(pageNumbers(1, 20)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(pageNumbers(3, 20)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(pageNumbers(20, 20)).toEqual([14, 15, 16, 17, 18, 19, 20]);
    expect(pageNumbers(19, 20)).toEqual([14, 15, 16, 17, 18, 19, 20]);
  });

  it('clamps a current page outside 1..lastPage', () => {
    expect(pageNumbers(0, 3)).toEqual([1, 2, 3]);
    expect(pageNumbers(-5, 20)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(pageNumbers(99, 20)).toEqual([14, 15, 16, 17, 18, 19, 20]);
  });

  it('shows nothing without pages', () => {
    expect(pageNumbers(1, 0)).toEqual([]);
  });

  it('never more than seven consecutive numbers, always with the current page (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5000 }), fc.integer({ min: 1, max: 5000 }), (a, b) => {
        const lastPage = Math.max(a, b);
        const current = Math.min(a, b);
        const pages = pageNumbers(current, lastPage);
        expect(pages.length).toBe(Math.min(7, lastPage));
        expect(pages).toContain(current);
        expect(pages[0]).toBeGreaterThanOrEqual(1);
        expect(pages[pages.length - 1]).toBeLessThanOrEqual(lastPage);
        pages.forEach((p, i) => i > 0 && expect(p).toBe(pages[i - 1]! + 1));
      }),
    );
  });
});

describe('lastPageOf', () => {
  it('rounds up and is at least 1', () => {
    expect(lastPageOf(0, 12)).toBe(1);
    expect(lastPageOf(1, 12)).toBe(1);
    expect(lastPageOf(12, 12)).toBe(1);
    expect(lastPageOf(13, 12)).toBe(2);
    expect(lastPageOf(25, 12)).toBe(3);
  });
});
