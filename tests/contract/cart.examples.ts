// The cart, the wishlist and the coupons. Each cart example puts in a product of its own, so the
// examples hold whatever other areas' examples did to the shared customer's cart before.
import type { Contract } from '@/domain/api/index';
import { addToCart } from '@/server/cart/cart.service';
import { insertProduct } from '../factories';
import { insertCoupon } from '../shopping';
import type { Examples, World } from './world';

/** A fresh product already in the world customer's cart. */
async function productInCart({ db, customer }: World) {
  const product = await insertProduct(db, { quantity: 10 });
  await addToCart(db, customer.user.id, { productId: product.id, quantity: 1 });
  return product;
}

export const cartExamples: Examples<Contract['cart']> = {
  add: async ({ db }) => ({ body: { product_id: (await insertProduct(db, { quantity: 10 })).id, quantity: 2 } }),
  merge: ({ product }) => ({ body: { products: [{ product_id: product.id, quantity: 1 }] } }),
  list: () => ({ query: {} }),
  updateQuantity: async (world) => ({ body: { product_id: (await productInCart(world)).id, quantity: 3 } }),
  remove: async (world) => ({ body: { product_id: (await productInCart(world)).id } }),
};

export const wishlistExamples: Examples<Contract['wishlist']> = {
  list: () => ({ query: {} }),
  add: ({ product }) => ({ body: { product_id: product.id } }),
  remove: ({ product }) => ({ body: { product_id: product.id } }),
  merge: ({ product }) => ({ body: { products: [{ product_id: product.id }] } }),
};

export const couponsExamples: Examples<Contract['coupons']> = {
  list: () => ({ query: { keyword: 'TEST' } }),
  check: async ({ db, product }) => ({
    query: { coupon: (await insertCoupon(db)).code, items: JSON.stringify([{ product_id: product.id, quantity: 1 }]) },
  }),
};
