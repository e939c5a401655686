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
