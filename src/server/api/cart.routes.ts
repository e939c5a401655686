// The cart, wishlist and coupon half of the API map. The customer is the session's (D3).
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
import { cartMessages as t } from '@/domain/messages/cart';
import { fils, filsToAed, type Fils } from '@/domain/money';
import { cartTotals } from '@/domain/pricing';
import { requireSelf } from '@/server/accounts/accounts.service';
import * as cart from '@/server/cart/cart.service';
import * as wishlist from '@/server/wishlist/wishlist.service';
import { checkCoupon, listCoupons, type Coupon } from '@/server/coupons/coupon.service';
import { UnauthorizedError } from '@/server/errors';
import { ok, parseWith, queryObject, readBody } from './http';
import type { ApiContext, Route } from './router';

export function couponJson(c: Coupon) {
  return {
    id: c.id,
    code: c.code,
    discount_type: c.discountType,
    // Percent coupons carry the percent; fixed ones an amount in AED.
    discount: c.discountType === 'percent' ? c.discount : filsToAed(fils(c.discount)),
    max_discount: c.maxDiscount === null ? null : filsToAed(c.maxDiscount),
    min_amount: filsToAed(c.minAmount),
    end_date: c.endDate.toISOString(),
  };
}

export function cartJson(view: cart.CartView) {
  return {
    cart_items: view.lines.map((l) => ({
      product_id: l.productId,
      name: l.name,
      sku: l.sku,
      quantity: l.quantity,
      unit_price: filsToAed(l.unitPrice),
      discount: l.discount,
      discounted_price: filsToAed(l.shelfPrice),
      stock: l.stock,
      availableStock: l.stock,
      productImage: l.thumbnail,
      color: l.color,
      attribute_id: l.attributeId,
      weight: l.weightKg,
    })),
    subtotal: filsToAed(view.totals.subtotal),
    discount_amount: filsToAed(view.totals.discount),
    tax_amount: filsToAed(view.totals.vat),
    grand_total: filsToAed(view.totals.grandTotal),
    total_weight: view.totalWeightKg,
    heavy: view.heavy,
    coupon: view.coupon ? couponJson(view.coupon) : null,
    coupon_error: view.couponProblem,
    weight_form_details: view.weightForm
      ? {
          id: view.weightForm.id,
          contact_name: view.weightForm.contactName,
          contact_number: view.weightForm.contactNumber,
          date_of_delivery: view.weightForm.dateOfDelivery,
          available_timing: view.weightForm.availableTiming,
          remarks: view.weightForm.remarks,
          lift_available: view.weightForm.liftAvailable,
          no_of_floors: view.weightForm.noOfFloors,
          pass_required: view.weightForm.passRequired,
        }
      : null,
  };
}

async function cartAnswer(ctx: ApiContext, userId: number, message: string, status = 200, coupon?: string) {
  return ok(cartJson(await cart.getCart(ctx.db, userId, coupon)), message, status);
}

export const cartRoutes: Route[] = [
  {
    method: 'POST',
    path: 'products/add-cart',
    signedIn: true,
    summary: 'Add a product to the cart once (409 when it is already there)',
    handler: async (ctx) => {
      const input = parseWith(addCartSchema, await readBody(ctx.request));
      const user = requireSelf(ctx.user, input.customer_id);
      await cart.addToCart(ctx.db, user.id, {
        productId: input.product_id,
        quantity: input.quantity,
        color: input.color,
        attributeId: input.attribute_id || null,
      });
      return cartAnswer(ctx, user.id, t.added, 201);
    },
  },
  {
    method: 'POST',
    path: 'products/add-multiple-cart',
    signedIn: true,
    summary: "Merge a guest cart into the customer's after sign-in",
    handler: async (ctx) => {
      const input = parseWith(addMultipleCartSchema, await readBody(ctx.request));
      const user = requireSelf(ctx.user, input.customer_id);
      await cart.mergeCart(
        ctx.db,
        user.id,
        input.products.map((p) => ({ productId: p.product_id, quantity: p.quantity, color: p.color })),
      );
      return cartAnswer(ctx, user.id, t.merged);
    },
  },
  {
    method: 'GET',
    path: 'products/cart-list',
    signedIn: true,
    summary: 'The cart with server-computed totals; coupon= applies a code',
    query: customerQuerySchema,
    handler: async (ctx) => {
      const q = parseWith(customerQuerySchema, queryObject(ctx.url));
      const user = requireSelf(ctx.user, q.customer_id);
      return cartAnswer(ctx, user.id, 'Cart', 200, q.coupon);
    },
  },
  {
    method: 'POST',
    path: 'products/update-product-quantity',
    signedIn: true,
    summary: "Change a line's quantity (at most the stock)",
    handler: async (ctx) => {
      const input = parseWith(updateQuantitySchema, await readBody(ctx.request));
      const user = requireSelf(ctx.user, input.customer_id);
      await cart.updateQuantity(ctx.db, user.id, input.product_id, input.quantity);
      return cartAnswer(ctx, user.id, t.updated);
    },
  },
  {
    method: 'POST',
    path: 'products/productwise-cart-delete',
    signedIn: true,
    summary: 'Remove a product from the cart',
    handler: async (ctx) => {
      const input = parseWith(productRefSchema, await readBody(ctx.request));
      const user = requireSelf(ctx.user, input.customer_id);
      await cart.removeFromCart(ctx.db, user.id, input.product_id);
      return cartAnswer(ctx, user.id, t.removed);
    },
  },
  {
    method: 'GET',
    path: 'products/wishlist',
    signedIn: true,
    summary: 'The wishlist',
    query: customerQuerySchema,
    handler: async (ctx) => {
      const q = parseWith(customerQuerySchema, queryObject(ctx.url));
      const user = requireSelf(ctx.user, q.customer_id);
      return ok({ wishlistItems: await wishlistJson(ctx, user.id) }, 'Wishlist');
    },
  },
  {
    method: 'POST',
    path: 'products/add-wishlist',
    summary: 'Add a product to the wishlist (an id already there is ignored)',
    handler: async (ctx) => {
      // Signed out is the first thing to say, whatever the body (spec section 8).
      if (!ctx.user) throw new UnauthorizedError(t.wishlistLogin);
      const input = parseWith(productRefSchema, await readBody(ctx.request));
      const user = requireSelf(ctx.user, input.customer_id);
      const added = await wishlist.addToWishlist(ctx.db, user.id, input.product_id);
      return ok({ wishlistItems: await wishlistJson(ctx, user.id) }, t.wishlistAdded, added ? 201 : 200);
    },
  },
  {
    method: 'POST',
    path: 'products/remove-wishlist',
    signedIn: true,
    summary: 'Remove a product from the wishlist',
    handler: async (ctx) => {
      const input = parseWith(productRefSchema, await readBody(ctx.request));
      const user = requireSelf(ctx.user, input.customer_id);
      await wishlist.removeFromWishlist(ctx.db, user.id, input.product_id);
      return ok({ wishlistItems: await wishlistJson(ctx, user.id) }, t.wishlistRemoved);
    },
  },
  {
    method: 'POST',
    path: 'products/add-multiple-wishlist',
    signedIn: true,
    summary: 'Merge a guest wishlist after sign-in',
    handler: async (ctx) => {
      const input = parseWith(addMultipleWishlistSchema, await readBody(ctx.request));
      const user = requireSelf(ctx.user, input.customer_id);
      await wishlist.mergeWishlist(
        ctx.db,
        user.id,
        input.products.map((p) => p.product_id),
      );
      return ok({ wishlistItems: await wishlistJson(ctx, user.id) }, 'Wishlist');
    },
  },
  {
    method: 'GET',
    path: 'coupon',
    summary: 'Coupons in force, searchable (keyword) and paged',
    query: couponListSchema,
    handler: async (ctx) => {
      const q = parseWith(couponListSchema, queryObject(ctx.url));
      const page = await listCoupons(ctx.db, q);
      return ok(
        { current_page: page.page, data: page.items.map(couponJson), last_page: page.lastPage, per_page: page.perPage, total: page.total },
        'Coupons',
      );
    },
  },
  {
    method: 'GET',
    path: 'coupon/check',
    summary: "Check a code against the cart (the session's, or items= for guests)",
    query: couponCheckSchema,
    handler: async (ctx) => {
      const q = parseWith(couponCheckSchema, queryObject(ctx.url));
      let subtotal: Fils;
      if (ctx.user) {
        subtotal = (await cart.getCart(ctx.db, ctx.user.id)).totals.subtotal;
      } else {
        const lines = await cart.priceLines(
          ctx.db,
          (q.items ?? []).map((i) => ({ productId: i.product_id, quantity: i.quantity })),
        );
        subtotal = cartTotals(lines, null, new Date()).subtotal;
      }
      const coupon = await checkCoupon(ctx.db, q.coupon, subtotal);
      return ok({ data: couponJson(coupon) }, t.couponApplied);
    },
  },
];

async function wishlistJson(ctx: ApiContext, userId: number) {
  return (await wishlist.listWishlist(ctx.db, userId)).map((w) => ({
    id: w.id,
    name: w.name,
    thumbnail_img_link: w.thumbnail,
    unit_price: filsToAed(w.unitPrice),
    discount: w.discount,
    discounted_price: filsToAed(w.shelfPrice),
    color: w.colorName,
    hex_code: w.colorHex,
    stock: w.stock,
  }));
}
