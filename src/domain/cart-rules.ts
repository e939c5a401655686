// Cart, wishlist and coupon limits (docs/product.md#data, #behaviour, #validation). No zod here: page scripts import
// this without shipping a validation library. The texts are cartMessages in the message catalog.
export const COUPON_CODE_MAX = 20;
export const COUPON_PAGE_SIZE = 5;
export const CART_MAX_LINES = 100;
/**
 * Units of one product in a cart and in an order, and units in the whole cart and order: with
 * one unpaid card order per customer held 15 minutes, one customer can keep at most
 * CART_MAX_UNITS units out of sale at a time (docs/decisions/0013-order-holds.md). Larger
 * orders go through the shop (the message says so).
 */
export const CART_MAX_QUANTITY = 20;
export const CART_MAX_UNITS = 50;

/** The cap a cart's (or an order's) quantities break, if any: one line, or all lines together. */
export function cartCapProblem(quantities: readonly number[]): 'line' | 'order' | null {
  if (quantities.some((q) => q > CART_MAX_QUANTITY)) return 'line';
  return quantities.reduce((sum, q) => sum + q, 0) > CART_MAX_UNITS ? 'order' : null;
}
