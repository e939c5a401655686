// The wishlist kept in the browser under the spec's key 'wishlist-storage'.
import { persistentAtom } from '@nanostores/persistent';
import { decodeList } from '@/features/cart/cart.store';

export interface WishlistItem {
  id: number;
  name: string;
  thumbnail_img_link: string;
  unit_price: number;
}

export const $wishlist = persistentAtom<WishlistItem[]>('wishlist-storage', [], { encode: JSON.stringify, decode: decodeList<WishlistItem> });

/** An id already present is ignored (spec section 4). */
export function addToWishlist(item: WishlistItem): void {
  const items = $wishlist.get();
  if (items.some((i) => i.id === item.id)) return;
  $wishlist.set([...items, item]);
}

export function removeFromWishlist(id: number): void {
  $wishlist.set($wishlist.get().filter((i) => i.id !== id));
}
