// Type tests for the money brands (src/domain/money.ts): `tsc --noEmit` (npm run lint) checks this
// file, and every `@ts-expect-error` line fails the check if it ever compiles, so a fils/AED mix-up
// stays a compile error. Vitest runs it too, for the few run-time facts at the end.
import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  aed,
  aedToFils,
  addFils,
  fils,
  filsToAed,
  formatPrice,
  maxFils,
  minFils,
  percentOf,
  sumFils,
  timesQuantity,
  type Aed,
  type Fils,
} from './money';
import { cartTotals, shelfPrice, type CartTotals } from './pricing';
import { aed as aedWire } from './api/wire';
import type { z } from 'zod';

const price = fils(10_500);
const wirePrice = filsToAed(price);

describe('money brands', () => {
  it('keep fils and AED apart', () => {
    expectTypeOf(price).toEqualTypeOf<Fils>();
    expectTypeOf(wirePrice).toEqualTypeOf<Aed>();
    expectTypeOf<Aed>().not.toExtend<Fils>();
    expectTypeOf<Fils>().not.toExtend<Aed>();
    // Both are still numbers, for comparisons and Intl.
    expectTypeOf<Fils>().toExtend<number>();
    expectTypeOf<Aed>().toExtend<number>();

    // @ts-expect-error AED where fils are wanted
    formatPrice(wirePrice);
    // @ts-expect-error a plain number is not fils until fils() checks it
    formatPrice(10_500);
    // @ts-expect-error fils sent to the wire without filsToAed
    filsToAed(wirePrice);
    // @ts-expect-error fils are not AED: converting them again would multiply by 100
    aedToFils(price);
    // @ts-expect-error adding fils to AED
    addFils(price, wirePrice);
    // @ts-expect-error summing a mix
    sumFils([price, wirePrice]);
    // @ts-expect-error min/max of a mix
    minFils(price, wirePrice);
    // @ts-expect-error min/max of a mix
    maxFils(wirePrice, price);
    // @ts-expect-error a wire price as a unit price
    shelfPrice(wirePrice, 10);
    // @ts-expect-error a wire price in a cart line
    cartTotals([{ unitPrice: wirePrice, discount: 0, quantity: 1 }], null, new Date());
    // @ts-expect-error fils where AED is wanted
    const onTheWire: Aed = price;
    // @ts-expect-error plain arithmetic gives a number, not fils
    const doubled: Fils = price * 2;
    void onTheWire;
    void doubled;
  });

  it('let the border conversions and the helpers through', () => {
    expectTypeOf(aedToFils(wirePrice)).toEqualTypeOf<Fils>();
    // What a shopper typed, as a plain number, is AED.
    expectTypeOf(aedToFils(1234.5)).toEqualTypeOf<Fils>();
    expectTypeOf(aedToFils(aed(1234.5))).toEqualTypeOf<Fils>();
    expectTypeOf(timesQuantity(price, 3)).toEqualTypeOf<Fils>();
    expectTypeOf(percentOf(price, 5)).toEqualTypeOf<Fils>();
    expectTypeOf(addFils(price, price)).toEqualTypeOf<Fils>();
    expectTypeOf(cartTotals([], null, new Date())).toEqualTypeOf<CartTotals>();
    expectTypeOf<CartTotals['grandTotal']>().toEqualTypeOf<Fils>();
  });

  it('give the wire schema the Aed type on both sides', () => {
    expectTypeOf<z.input<typeof aedWire>>().toEqualTypeOf<Aed>();
    expectTypeOf<z.output<typeof aedWire>>().toEqualTypeOf<Aed>();
    expect(aedWire.parse(1234.5)).toBe(1234.5);
  });

  it('fils() refuses what is not a whole number of fils', () => {
    expect(() => fils(12.5)).toThrow(RangeError);
    expect(() => fils(Number.NaN)).toThrow(RangeError);
    expect(fils(-500)).toBe(-500);
  });
});
