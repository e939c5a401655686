// The signed-in customer's cart and wishlist, and the coupons anyone may list and check
// (docs/product.md#api-map). The customer is always the session's: a `customer_id` sent for
// compatibility must be the session's (docs/decisions/0008-sessions.md). Prices go out in AED
// (docs/decisions/0002-money-in-fils-api-in-aed.md).
import { z } from '@/domain/zod';
import {
  addCartSchema,
  addMultipleCartSchema,
  addMultipleWishlistSchema,
  couponCheckSchema,
  couponListSchema,
  customerQuerySchema,
  productRefSchema,
  updateQuantitySchema,
} from '@/domain/cart';
import { cartMessages } from '@/domain/messages/cart';
import { defineEndpoint } from './endpoint';
import { deliveryFormWire } from './checkout';
import { aed, isoDateTime, pageOf, wireId } from './wire';

export const couponWire = z.strictObject({
  id: wireId,
  code: z.string(),
  discount_type: z.enum(['percent', 'amount']),
  /** Percent coupons carry the percent; fixed ones an amount in AED. */
  discount: z.number(),
  max_discount: aed.nullable(),
  min_amount: aed,
  end_date: isoDateTime,
});

export const cartItemWire = z.strictObject({
  product_id: wireId,
  name: z.string(),
  sku: z.string(),
  quantity: z.number().int(),
  /** The list price, VAT included. */
  unit_price: aed,
  /** Percent off the list price. */
  discount: z.number(),
  /** The shelf price: the list price less the discount. */
  discounted_price: aed,
  stock: z.number().int(),
  availableStock: z.number().int(),
  productImage: z.string(),
  color: z.string().nullable(),
  attribute_id: wireId.nullable(),
  /** Kilograms per unit. */
  weight: z.number(),
});

export const cartWire = z.strictObject({
  cart_items: z.array(cartItemWire),
  /** Before VAT and before the coupon's discount. */
  subtotal: aed,
  discount_amount: aed,
  tax_amount: aed,
  grand_total: aed,
  /** Kilograms. */
  total_weight: z.number(),
  /** Over 100 kg: delivery needs the delivery location form. */
  heavy: z.boolean(),
  coupon: couponWire.nullable(),
  /** Why the coupon asked for gives nothing, when it does not apply. */
  coupon_error: z.string().nullable(),
  /** This checkout's delivery location form, once filled; an order that went through uses it up (docs/decisions/0026-delivery-form-per-order.md). */
  weight_form_details: deliveryFormWire.nullable(),
  /** The customer's latest delivery location form, which the next one is prefilled from. */
  last_weight_form_details: deliveryFormWire.nullable(),
});

/** A guest line the merge could not take whole (docs/product.md#after-sign-in). */
export const mergeShortfallWire = z.strictObject({
  product_id: wireId,
  /** What the guest cart asked for. */
  requested: z.number().int(),
  /** What the account's cart holds now: 0 when nothing came in. */
  kept: z.number().int(),
  /** unavailable: no longer sold; out-of-stock; stock: fewer in stock; line-cap / cart-cap: the quantity limits. */
  reason: z.enum(['unavailable', 'out-of-stock', 'stock', 'line-cap', 'cart-cap']),
});

/** The merged cart, and what did not come into it whole. */
export const cartMergeWire = cartWire.extend({ not_merged: z.array(mergeShortfallWire) });

export const wishlistItemWire = z.strictObject({
  id: wireId,
  name: z.string(),
  thumbnail_img_link: z.string(),
  unit_price: aed,
  discount: z.number(),
  discounted_price: aed,
  color: z.string().nullable(),
  hex_code: z.string().nullable(),
  stock: z.number().int(),
});

export const wishlistWire = z.strictObject({ wishlistItems: z.array(wishlistItemWire) });

export const cartApi = {
  add: defineEndpoint({
    method: 'POST',
    path: 'products/add-cart',
    summary: 'Add a product to the cart once (201; 409 when it is already there)',
    auth: 'customer',
    body: addCartSchema,
    answer: cartWire,
  }),
  merge: defineEndpoint({
    method: 'POST',
    path: 'products/add-multiple-cart',
    summary: "Merge a guest cart into the customer's after sign-in; not_merged names each line that did not come in whole",
    auth: 'customer',
    body: addMultipleCartSchema,
    answer: cartMergeWire,
  }),
  list: defineEndpoint({
    method: 'GET',
    path: 'products/cart-list',
    summary: 'The cart with server-computed totals; coupon= applies a code',
    auth: 'customer',
    query: customerQuerySchema,
    answer: cartWire,
  }),
  updateQuantity: defineEndpoint({
    method: 'POST',
    path: 'products/update-product-quantity',
    summary: "Change a line's quantity (at most the stock)",
    auth: 'customer',
    body: updateQuantitySchema,
    answer: cartWire,
  }),
  remove: defineEndpoint({
    method: 'POST',
    path: 'products/productwise-cart-delete',
    summary: 'Remove a product from the cart',
    auth: 'customer',
    body: productRefSchema,
    answer: cartWire,
  }),
};

export const wishlistApi = {
  list: defineEndpoint({
    method: 'GET',
    path: 'products/wishlist',
    summary: 'The wishlist, in the order added',
    auth: 'customer',
    query: customerQuerySchema,
    answer: wishlistWire,
  }),
  add: defineEndpoint({
    method: 'POST',
    path: 'products/add-wishlist',
    summary: 'Add a product to the wishlist (201; an id already there is ignored: 200)',
    auth: 'customer',
    // Signed out is the first thing to say, whatever the body.
    guestMessage: cartMessages.wishlistLogin,
    body: productRefSchema,
    answer: wishlistWire,
  }),
  remove: defineEndpoint({
    method: 'POST',
    path: 'products/remove-wishlist',
    summary: 'Remove a product from the wishlist',
    auth: 'customer',
    body: productRefSchema,
    answer: wishlistWire,
  }),
  merge: defineEndpoint({
    method: 'POST',
    path: 'products/add-multiple-wishlist',
    summary: 'Merge a guest wishlist after sign-in',
    auth: 'customer',
    body: addMultipleWishlistSchema,
    answer: wishlistWire,
  }),
};

export const couponsApi = {
  list: defineEndpoint({
    method: 'GET',
    path: 'coupon',
    summary: 'Coupons in force, searchable (keyword) and paged',
    auth: 'public',
    query: couponListSchema,
    answer: pageOf(couponWire),
  }),
  check: defineEndpoint({
    method: 'GET',
    path: 'coupon/check',
    summary: "Check a code against the cart (the session's, or items= for guests)",
    auth: 'public',
    query: couponCheckSchema,
    answer: z.strictObject({ data: couponWire }),
  }),
};
