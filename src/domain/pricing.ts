// The one pricing module (docs/decisions/0002-money-in-fils-api-in-aed.md), used by the islands and the server alike. Pure integer fils.
import { VAT_RATE_PERCENT } from './constants';
import {
  fils,
  minFils,
  maxFils,
  percentOf,
  roundToFils,
  subtractFils,
  sumFils,
  timesQuantity,
  ZERO_FILS,
  addFils,
  type Fils,
} from './money';

export interface PricedLine {
  unitPrice: Fils;
  /** Percent off the unit price. */
  discount: number;
  quantity: number;
}

export interface CouponTerms {
  discountType: 'percent' | 'amount';
  /** Percent for percent coupons, fils for fixed ones (couponDiscount reads it by discountType). */
  discount: number;
  maxDiscount: Fils | null;
  minAmount: Fils;
  endDate: Date;
  startDate?: Date | null;
}

export interface CartTotals {
  /** T: what the shelf prices add up to, VAT included. */
  shelfTotal: Fils;
  /** S: the pre-tax subtotal. */
  subtotal: Fils;
  discount: Fils;
  vat: Fils;
  grandTotal: Fils;
}

/** Shelf price: unit price less its percent discount, rounded to the fil. */
export function shelfPrice(unitPrice: Fils, discountPercent: number): Fils {
  const percent = Math.min(Math.max(discountPercent, 0), 100);
  return percentOf(unitPrice, 100 - percent);
}

/** Pre-tax part of a VAT-inclusive amount. */
export function preTax(amount: Fils): Fils {
  return roundToFils((amount * 100) / (100 + VAT_RATE_PERCENT));
}

export function couponIsUsable(coupon: CouponTerms, subtotal: Fils, now: Date): boolean {
  if (coupon.endDate.getTime() < now.getTime()) return false;
  if (coupon.startDate && coupon.startDate.getTime() > now.getTime()) return false;
  return subtotal >= coupon.minAmount;
}

/** What a coupon takes off a pre-tax subtotal: never negative, never above the cap or the subtotal. */
export function couponDiscount(coupon: CouponTerms, subtotal: Fils, now: Date): Fils {
  if (!couponIsUsable(coupon, subtotal, now)) return ZERO_FILS;
  let amount =
    coupon.discountType === 'percent' ? percentOf(subtotal, Math.max(coupon.discount, 0)) : maxFils(fils(coupon.discount), ZERO_FILS);
  if (coupon.discountType === 'percent' && coupon.maxDiscount !== null) amount = minFils(amount, coupon.maxDiscount);
  return minFils(maxFils(amount, ZERO_FILS), subtotal);
}

/** Cart totals per docs/decisions/0002-money-in-fils-api-in-aed.md: with no discount the shopper pays exactly the shelf prices. */
export function cartTotals(lines: readonly PricedLine[], coupon: CouponTerms | null, now: Date): CartTotals {
  const shelfTotal = sumFils(lines.map((line) => timesQuantity(shelfPrice(line.unitPrice, line.discount), line.quantity)));
  const subtotal = preTax(shelfTotal);
  const discount = coupon ? couponDiscount(coupon, subtotal, now) : ZERO_FILS;
  const vat = discount === 0 ? subtractFils(shelfTotal, subtotal) : percentOf(subtractFils(subtotal, discount), VAT_RATE_PERCENT);
  return { shelfTotal, subtotal, discount, vat, grandTotal: addFils(subtractFils(subtotal, discount), vat) };
}

/**
 * What the shopper still has to add, at shelf prices (VAT included), before a coupon's minimum
 * pre-tax subtotal is reached: the least T whose pre-tax part reaches it, less the cart's T
 * (docs/decisions/0030-nothing-vanishes-and-coupon-states.md). Zero when it is reached.
 */
export function couponShortfall(shelfTotal: Fils, minAmount: Fils): Fils {
  if (preTax(shelfTotal) >= minAmount) return ZERO_FILS;
  // round(T x 100 / 105) >= M  <=>  T >= (M - 0.5) x 1.05; then settle on the exact fil.
  let needed = Math.ceil(((2 * minAmount - 1) * (100 + VAT_RATE_PERCENT)) / 200);
  while (preTax(fils(needed)) < minAmount) needed += 1;
  while (needed > 0 && preTax(fils(needed - 1)) >= minAmount) needed -= 1;
  return subtractFils(fils(needed), shelfTotal);
}
