// Cart, wishlist and coupon request schemas (the limits are in cart-rules.ts, zod-free; the texts
// in the message catalog).
import { z } from './zod';

import { COUPON_CODE_MAX, COUPON_PAGE_SIZE, CART_MAX_LINES, CART_MAX_QUANTITY } from './cart-rules';
import { cartFieldMessages as f, cartMessages } from './messages/cart';
import { claimedCustomerId, idField, singleLine, wholeNumber } from './input';

export { COUPON_CODE_MAX, COUPON_PAGE_SIZE, CART_MAX_LINES, CART_MAX_QUANTITY, CART_MAX_UNITS } from './cart-rules';

const id = idField({ number: f.mustBeNumber, whole: f.mustBeWhole, min: f.mustBePositive });
const quantity = wholeNumber(1, CART_MAX_QUANTITY, {
  number: f.mustBeNumber,
  whole: f.mustBeWhole,
  min: f.atLeastOne,
  max: cartMessages.lineCap(CART_MAX_QUANTITY),
});
const optionalText = (max: number) => z.union([singleLine(z.string().trim().max(max)), z.null()]).optional();

/** customer_id is accepted for compatibility and must be the session's (docs/decisions/0008-sessions.md). */
const customer = { customer_id: claimedCustomerId };

export const addCartSchema = z.object({
  ...customer,
  product_id: id,
  quantity: quantity.default(1),
  color: optionalText(40),
  attribute_id: z.union([id, z.null(), z.literal('')]).optional(),
  // Sent by the spec's client; the server ignores prices and discounts it is given (docs/decisions/0002-money-in-fils-api-in-aed.md).
  unit_price: z.unknown().optional(),
  discount: z.unknown().optional(),
});

export const cartLineSchema = z.object({
  product_id: id,
  quantity: quantity.default(1),
  color: optionalText(40),
  attribute_id: z.union([id, z.null()]).optional(),
});

export const addMultipleCartSchema = z.object({ ...customer, products: z.array(cartLineSchema).max(CART_MAX_LINES) });

export const updateQuantitySchema = z.object({ ...customer, product_id: id, quantity });

export const productRefSchema = z.object({ ...customer, product_id: id });

export const addMultipleWishlistSchema = z.object({ ...customer, products: z.array(z.object({ product_id: id })).max(CART_MAX_LINES) });

export const customerQuerySchema = z.object({ ...customer, coupon: singleLine(z.string().trim().max(COUPON_CODE_MAX)).optional() });

export const couponCodeField = singleLine(
  z
    .string({ error: cartMessages.couponRequired })
    .trim()
    .min(1, cartMessages.couponRequired)
    .max(COUPON_CODE_MAX, cartMessages.couponTooLong),
);

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
        ctx.addIssue({ code: 'custom', message: f.itemsList });
        return z.NEVER;
      }
    }),
});

export const couponListSchema = z.object({
  page: wholeNumber(1, 10_000).default(1),
  keyword: singleLine(z.string().trim().max(COUPON_CODE_MAX)).optional(),
  limit: wholeNumber(1, 50).default(COUPON_PAGE_SIZE),
});
