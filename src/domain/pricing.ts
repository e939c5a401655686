// The one pricing module (D4), used by the islands and the server alike. Pure integer fils.
import { VAT_RATE_PERCENT } from './constants';

export interface PricedLine {
  unitPrice: number;
  discount: number;
  quantity: number;
}

export interface CouponTerms {
  discountType: 'percent' | 'amount';
  /** Percent for percent coupons, fils for fixed ones. */
  discount: number;
  maxDiscount: number | null;
  minAmount: number;
  endDate: Date;
  startDate?: Date | null;
}

export interface CartTotals {
  /** T: what the shelf prices add up to, VAT included. */
  shelfTotal: number;
  /** S: the pre-tax subtotal. */
  subtotal: number;
  discount: number;
  vat: number;
  grandTotal: number;
}

/** Shelf price: unit price less its percent discount, rounded to the fil. */
export function shelfPrice(unitPrice: number, discountPercent: number): number {
  const percent = Math.min(Math.max(discountPercent, 0), 100);
  return Math.round((unitPrice * (100 - percent)) / 100);
}

/** Pre-tax part of a VAT-inclusive amount. */
export function preTax(amount: number): number {
  return Math.round((amount * 100) / (100 + VAT_RATE_PERCENT));
}

export function couponIsUsable(coupon: CouponTerms, subtotal: number, now: Date): boolean {
  if (coupon.endDate.getTime() < now.getTime()) return false;
  if (coupon.startDate && coupon.startDate.getTime() > now.getTime()) return false;
  return subtotal >= coupon.minAmount;
}

/** What a coupon takes off a pre-tax subtotal: never negative, never above the cap or the subtotal. */
export function couponDiscount(coupon: CouponTerms, subtotal: number, now: Date): number {
  if (!couponIsUsable(coupon, subtotal, now)) return 0;
  let amount =
    coupon.discountType === 'percent' ? Math.round((subtotal * Math.max(coupon.discount, 0)) / 100) : Math.max(coupon.discount, 0);
  if (coupon.discountType === 'percent' && coupon.maxDiscount !== null) amount = Math.min(amount, coupon.maxDiscount);
  return Math.min(Math.max(amount, 0), subtotal);
}

/** Cart totals per D4: with no discount the shopper pays exactly the shelf prices. */
export function cartTotals(lines: readonly PricedLine[], coupon: CouponTerms | null, now: Date): CartTotals {
  const shelfTotal = lines.reduce((sum, line) => sum + shelfPrice(line.unitPrice, line.discount) * line.quantity, 0);
  const subtotal = preTax(shelfTotal);
  const discount = coupon ? couponDiscount(coupon, subtotal, now) : 0;
  const vat = discount === 0 ? shelfTotal - subtotal : Math.round(((subtotal - discount) * VAT_RATE_PERCENT) / 100);
  return { shelfTotal, subtotal, discount, vat, grandTotal: subtotal - discount + vat };
}
