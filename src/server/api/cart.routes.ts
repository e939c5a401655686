// The cart, wishlist and coupon endpoints (src/domain/api/cart.ts). The customer is the session's
// (docs/decisions/0008-sessions.md): the router has already refused a guest and a customer_id that
// is not the session's.
import { cartApi, couponsApi, wishlistApi } from '@/domain/api/cart';
import { cartMessages as t } from '@/domain/messages/cart';
import * as cart from '@/server/cart/cart.service';
import { cartJson, mergeShortfallJson } from '@/server/cart/cart.wire';
import { pageJson } from '@/server/catalog/catalog.wire';
import { couponJson } from '@/server/coupons/coupon.wire';
import { checkCoupon, listCoupons } from '@/server/coupons/coupon.service';
import type { Db } from '@/server/db/client';
import * as wishlist from '@/server/wishlist/wishlist.service';
import { wishlistItemJson } from '@/server/wishlist/wishlist.wire';
import { route } from './router';

async function cartOf(db: Db, userId: number, coupon?: string) {
  return cartJson(await cart.getCart(db, userId, coupon));
}

async function wishlistOf(db: Db, userId: number) {
  return { wishlistItems: (await wishlist.listWishlist(db, userId)).map(wishlistItemJson) };
}

export const cartRoutes = [
  route(cartApi.add, async ({ db }, { body, user }) => {
    await cart.addToCart(db, user.id, {
      productId: body.product_id,
      quantity: body.quantity,
      color: body.color,
      attributeId: body.attribute_id || null,
    });
    return { data: await cartOf(db, user.id), message: t.added, status: 201 };
  }),
  route(cartApi.merge, async ({ db }, { body, user }) => {
    const shortfalls = await cart.mergeCart(
      db,
      user.id,
      body.products.map((p) => ({ productId: p.product_id, quantity: p.quantity, color: p.color })),
    );
    return { data: { ...(await cartOf(db, user.id)), not_merged: shortfalls.map(mergeShortfallJson) }, message: t.merged };
  }),
  route(cartApi.list, async ({ db }, { query, user }) => ({ data: await cartOf(db, user.id, query.coupon), message: 'Cart' })),
  route(cartApi.updateQuantity, async ({ db }, { body, user }) => {
    await cart.updateQuantity(db, user.id, body.product_id, body.quantity);
    return { data: await cartOf(db, user.id), message: t.updated };
  }),
  route(cartApi.remove, async ({ db }, { body, user }) => {
    await cart.removeFromCart(db, user.id, body.product_id);
    return { data: await cartOf(db, user.id), message: t.removed };
  }),

  route(wishlistApi.list, async ({ db }, { user }) => ({ data: await wishlistOf(db, user.id), message: 'Wishlist' })),
  route(wishlistApi.add, async ({ db }, { body, user }) => {
    const added = await wishlist.addToWishlist(db, user.id, body.product_id);
    return { data: await wishlistOf(db, user.id), message: t.wishlistAdded, status: added ? 201 : 200 };
  }),
  route(wishlistApi.remove, async ({ db }, { body, user }) => {
    await wishlist.removeFromWishlist(db, user.id, body.product_id);
    return { data: await wishlistOf(db, user.id), message: t.wishlistRemoved };
  }),
  route(wishlistApi.merge, async ({ db }, { body, user }) => {
    await wishlist.mergeWishlist(
      db,
      user.id,
      body.products.map((p) => p.product_id),
    );
    return { data: await wishlistOf(db, user.id), message: 'Wishlist' };
  }),

  route(couponsApi.list, async ({ db }, { query }) => ({ data: pageJson(await listCoupons(db, query), couponJson), message: 'Coupons' })),
  route(couponsApi.check, async ({ db }, { query, user }) => {
    const guestLines = (query.items ?? []).map((i) => ({ productId: i.product_id, quantity: i.quantity }));
    const subtotal = await cart.subtotalFor(db, user, guestLines);
    return {
      data: { data: couponJson(await checkCoupon(db, query.coupon, subtotal, new Date(), user ? { userId: user.id } : undefined)) },
      message: t.couponApplied,
    };
  }),
];
