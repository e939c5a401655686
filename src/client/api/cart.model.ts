// The browser's own model of the cart, the wishlist and the coupon: camelCase, money in fils
// (docs/decisions/0002-money-in-fils-api-in-aed.md). The islands work with these only; wire data
// (snake_case, AED) becomes these at the API client's border (src/client/api/cart.ts), and the
// stores keep them in storage in the shape the first clients stored (the same mappers, both ways).
import type { Fils } from '@/domain/money';
import type { CouponTerms } from '@/domain/coupon-wire';
import type { DeliveryForm } from './checkout';

/** One line of the cart. */
export interface CartLine {
  productId: number;
  name: string;
  quantity: number;
  /** The list price, VAT included, in fils. */
  unitPrice: Fils;
  /** Percent off the list price. */
  discount: number;
  stock: number;
  image: string;
  color: string | null;
  attributeId: number | null;
  /** Kilograms per unit, where known. */
  weight?: number;
}

/** A coupon the shopper can apply, or has applied: the terms both sides model (src/domain/coupon-wire.ts). */
export type Coupon = CouponTerms;

/** The server's cart: its lines and the totals it computed, in fils. */
export interface ServerCart {
  lines: CartLine[];
  subtotal: Fils;
  discount: Fils;
  vat: Fils;
  grandTotal: Fils;
  /** Kilograms. */
  totalWeight: number;
  heavy: boolean;
  coupon: Coupon | null;
  /** Why the coupon asked for takes nothing off, when it does not apply. */
  couponError: string | null;
  /** The delivery location form this heavy cart will be delivered with, once filled in. */
  deliveryForm: DeliveryForm | null;
  /** The customer's latest delivery location form: this checkout's is prefilled from it. */
  lastDeliveryForm: DeliveryForm | null;
}

/** Why a line did not come into the cart whole (docs/product.md#cart). */
export type SetAsideReason = 'unavailable' | 'out-of-stock' | 'stock' | 'line-cap' | 'cart-cap';

/**
 * A guest line that did not come into the cart whole, kept in sight instead of vanishing
 * (docs/decisions/0030-nothing-vanishes-and-coupon-states.md): none of it (`kept` 0, shown as
 * 'No longer available') or part of it (a note on the cart's line).
 */
export interface SetAsideLine {
  productId: number;
  name: string;
  image: string;
  color: string | null;
  /** The list price, VAT included, in fils, as last seen. */
  unitPrice: Fils;
  discount: number;
  /** What the shopper had chosen. */
  requested: number;
  /** What the cart holds now. */
  kept: number;
  reason: SetAsideReason;
}

/** One product of the wishlist. */
export interface WishlistItem {
  id: number;
  name: string;
  image: string;
  /** The list price, VAT included, in fils. */
  unitPrice: Fils;
  /** Percent off the list price. */
  discount: number;
  /** The product's own colour (its name) and swatch (hex), where it has one. */
  color: string | null;
  colorHex: string | null;
  /** Units in stock, where known (the server's list and the guest refresh say). */
  stock?: number;
}
