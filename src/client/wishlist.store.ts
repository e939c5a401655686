// The wishlist kept in the browser under the spec's key 'wishlist-storage' (docs/product.md#data, #behaviour). Local transitions only; features/wishlist/wishlist.actions.ts adds the server sync.
// The store holds the browser's model (src/client/api/cart.model.ts, money in fils); storage
// keeps the shape the first clients stored.
import { persistentAtom } from '@nanostores/persistent';
import type { WishlistItem } from './api/cart.model';
import { storedWishlistItem, toWishlistItem, type StoredWishlistItem } from './api/cart';
import { decodeList } from './cart.store';

export type { WishlistItem } from './api/cart.model';

/** Storage can hold anything: keep only products that are products. */
function isStoredItem(value: unknown): value is StoredWishlistItem {
  if (value === null || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return (
    Number.isInteger(v.id) &&
    (v.id as number) > 0 &&
    typeof v.name === 'string' &&
    typeof v.unit_price === 'number' &&
    Number.isFinite(v.unit_price)
  );
}

export const $wishlist = persistentAtom<WishlistItem[]>('wishlist-storage', [], {
  encode: (items) => JSON.stringify(items.map(storedWishlistItem)),
  decode: (text) => decodeList(text, isStoredItem).map(toWishlistItem),
});

/** An id already present is ignored (docs/product.md#behaviour); answers whether it was added. */
export function addToWishlist(item: WishlistItem): boolean {
  const items = $wishlist.get();
  if (items.some((i) => i.id === item.id)) return false;
  $wishlist.set([...items, item]);
  return true;
}

/** Removes by id; answers what was removed and where, so a failed server call can put it back. */
export function removeFromWishlist(id: number): { item: WishlistItem; index: number } | null {
  const items = $wishlist.get();
  const index = items.findIndex((i) => i.id === id);
  if (index < 0) return null;
  $wishlist.set(items.filter((i) => i.id !== id));
  return { item: items[index]!, index };
}

export function restoreWishlistItem(item: WishlistItem, index: number): void {
  const items = $wishlist.get();
  if (items.some((i) => i.id === item.id)) return;
  const next = [...items];
  next.splice(Math.min(index, next.length), 0, item);
  $wishlist.set(next);
}

export function replaceWishlist(items: WishlistItem[]): void {
  if (JSON.stringify($wishlist.get()) === JSON.stringify(items)) return;
  $wishlist.set(items);
}

export function clearWishlist(): void {
  if ($wishlist.get().length > 0) $wishlist.set([]);
}
