// What the shopper does to the wishlist: local first, then the server when signed in
// (wishlist.sync.ts, loaded only then). No zod here: the product page loads this for guests.
import { storedUserId } from '@/client/session';
import { addToWishlist, removeFromWishlist, type WishlistItem } from '@/client/wishlist.store';

export type ActionResult = { ok: true; message: string | null } | { ok: false; message: string };

const done: ActionResult = { ok: true, message: null };

/** An id already present is ignored (docs/product.md#behaviour). */
export async function addProductToWishlist(item: WishlistItem): Promise<ActionResult> {
  if (!addToWishlist(item) || storedUserId() === null) return done;
  const { syncWishlistAdd } = await import('./wishlist.sync');
  return syncWishlistAdd(item);
}

/** Guests only update the local list (docs/product.md#behaviour); signed in, the server too. */
export async function removeProductFromWishlist(id: number): Promise<ActionResult | null> {
  const removed = removeFromWishlist(id);
  if (!removed) return null;
  if (storedUserId() === null) return done;
  const { syncWishlistRemove } = await import('./wishlist.sync');
  return syncWishlistRemove(removed.item, removed.index);
}

export type MoveToCartResult = 'moved' | 'already-in-cart' | 'out-of-stock' | 'missing' | 'failed';

/**
 * Move to cart (docs/product.md#wishlist): the catalog says whether the product can be bought
 * now; one unit goes to the cart (the server judges it again when signed in) and the product
 * leaves the wishlist. Out of stock or no longer sold, it stays where it is.
 */
export async function moveWishlistItemToCart(item: WishlistItem): Promise<MoveToCartResult> {
  const [{ lookUpProducts }, { addProductToCart }] = await Promise.all([
    import('@/client/product-lookup'),
    import('@/features/cart/cart.actions'),
  ]);
  const product = (await lookUpProducts([item.id])).get(item.id);
  if (product === 'missing') return 'missing';
  if (!product) return 'failed';
  if (product.stock <= 0) return 'out-of-stock';
  const { added, result } = await addProductToCart({
    productId: product.id,
    name: product.name,
    quantity: 1,
    unitPrice: product.unitPrice,
    discount: product.discount,
    stock: product.stock,
    image: product.image,
    color: item.color ?? product.color,
    attributeId: null,
    weight: product.weight,
  });
  if (added === 'added' && !result.ok) return 'failed';
  await removeProductFromWishlist(item.id);
  return added === 'added' ? 'moved' : 'already-in-cart';
}
