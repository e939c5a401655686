// Cart, wishlist and coupon limits (spec sections 3, 4, 5). No zod here: page scripts import
// this without shipping a validation library. The texts are cartMessages in the message catalog.
export const COUPON_CODE_MAX = 20;
export const COUPON_PAGE_SIZE = 5;
export const CART_MAX_LINES = 100;
export const CART_MAX_QUANTITY = 999;
