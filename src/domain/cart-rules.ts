// Cart, wishlist and coupon limits and texts (spec sections 3, 4, 5, 8). No zod here: page
// scripts import this without shipping a validation library.
export const COUPON_CODE_MAX = 20;
export const COUPON_PAGE_SIZE = 5;
export const CART_MAX_LINES = 100;
export const CART_MAX_QUANTITY = 999;

export const cartMessages = {
  added: 'Item added to the cart',
  alreadyInCart: 'Item is already in the cart',
  quantityExceeded: 'Quantity exceeded available stock',
  outOfStock: 'This product is out of stock',
  removed: 'Item removed from cart',
  removeFailed: 'Failed to remove',
  updated: 'Quantity updated',
  merged: 'Your cart is up to date',
  productMissing: 'This product is no longer available',
  wishlistAdded: 'Product added to wishlist',
  wishlistRemoved: 'Product removed from wishlist',
  wishlistLogin: 'You must be logged in to add to wishlist',
  wishlistFailed: 'Error adding product to wishlist',
  couponApplied: 'Coupon applied',
  couponUnknown: 'This coupon code is not valid',
  couponExpired: 'This coupon has expired',
  couponNotStarted: 'This coupon is not active yet',
  couponMinimum: (amount: string) => `This coupon needs a subtotal of at least ${amount}`,
  couponTooLong: 'A coupon code has at most 20 characters',
  couponRequired: 'Please enter a coupon code',
  syncFailed: 'We could not save that change. Please try again.',
} as const;
