// Cart, wishlist and coupon rules and texts (spec sections 3, 4, 5, 8), for islands and server.
import { z } from 'zod';

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

const id = z.coerce.number({ error: 'must be a number' }).int('must be a whole number').positive('must be positive').max(2 ** 31 - 1);
const quantity = z.coerce.number({ error: 'must be a number' }).int('must be a whole number').min(1, 'must be at least 1').max(CART_MAX_QUANTITY);
const optionalText = (max: number) => z.union([z.string().trim().max(max), z.null()]).optional();

/** customer_id is accepted for compatibility and must be the session's (D3). */
const customer = { customer_id: z.union([z.string(), z.number()]).optional() };

export const addCartSchema = z.object({
  ...customer,
  product_id: id,
  quantity: quantity.default(1),
  color: optionalText(40),
  attribute_id: z.union([id, z.null(), z.literal('')]).optional(),
  // Sent by the spec's client; the server ignores prices and discounts it is given (D4).
  unit_price: z.unknown().optional(),
  discount: z.unknown().optional(),
});

export const cartLineSchema = z.object({ product_id: id, quantity: quantity.default(1), color: optionalText(40), attribute_id: z.union([id, z.null()]).optional() });

export const addMultipleCartSchema = z.object({ ...customer, products: z.array(cartLineSchema).max(CART_MAX_LINES) });

export const updateQuantitySchema = z.object({ ...customer, product_id: id, quantity });

export const productRefSchema = z.object({ ...customer, product_id: id });

export const addMultipleWishlistSchema = z.object({ ...customer, products: z.array(z.object({ product_id: id })).max(CART_MAX_LINES) });

export const customerQuerySchema = z.object({ ...customer, coupon: z.string().trim().max(COUPON_CODE_MAX).optional() });

export const couponCodeField = z.string({ error: cartMessages.couponRequired }).trim().min(1, cartMessages.couponRequired).max(COUPON_CODE_MAX, cartMessages.couponTooLong);

export const couponCheckSchema = z.object({
  coupon: couponCodeField,
  /** Guests send their local cart (product ids and quantities); the server prices it. */
  items: z
    .string()
    .optional()
    .transform((text, ctx) => {
      if (!text) return undefined;
      try {
        return z.array(cartLineSchema).max(CART_MAX_LINES).parse(JSON.parse(text));
      } catch {
        ctx.addIssue({ code: 'custom', message: 'must be a JSON list of {product_id, quantity}' });
        return z.NEVER;
      }
    }),
});

export const couponListSchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  keyword: z.string().trim().max(COUPON_CODE_MAX).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(COUPON_PAGE_SIZE),
});
