// The signed-in shopper's wishlist on the server (spec sections 4, 7 and 8): local change first,
// then the server; a failed call puts the local change back and says why.
import { callApi, type ApiAnswer } from '@/client/api-client';
import { showToast } from '@/client/toast';
import { CART_MAX_LINES } from '@/domain/cart-rules';
import { cartMessages as t } from '@/domain/messages/cart';
import { SyncQueue } from '@/client/sync-queue';
import {
  $wishlist,
  isValidWishlistItem,
  removeFromWishlist,
  replaceWishlist,
  restoreWishlistItem,
  type WishlistItem,
} from '@/client/wishlist.store';

const queue = new SyncQueue();

function wishlistOf(data: unknown): WishlistItem[] | null {
  const list = data !== null && typeof data === 'object' ? (data as { wishlistItems?: unknown }).wishlistItems : undefined;
  if (!Array.isArray(list)) return null;
  return list.filter(isValidWishlistItem).map((w) => ({
    id: w.id,
    name: w.name,
    thumbnail_img_link: w.thumbnail_img_link,
    unit_price: w.unit_price,
    discount: typeof w.discount === 'number' ? w.discount : 0,
    color: w.color ?? null,
    hex_code: w.hex_code ?? null,
  }));
}

type RefreshResult = 'ok' | 'signed-out' | 'failed';

function load(answer: ApiAnswer<unknown>, isLast: () => boolean): RefreshResult {
  if (answer.status === 401) return 'signed-out';
  const items = answer.ok ? wishlistOf(answer.data) : null;
  if (!items) return 'failed';
  if (isLast()) replaceWishlist(items);
  return 'ok';
}

export function refreshWishlist(): Promise<RefreshResult> {
  return queue.run(async (isLast) => load(await callApi('products/wishlist'), isLast));
}

/** Pushes the guest wishlist to the account (ids already there are ignored) and loads the result. */
export function mergeWishlist(): Promise<RefreshResult> {
  const guest = $wishlist.get();
  if (guest.length === 0) return refreshWishlist();
  return queue.run(async (isLast) => {
    let last: ApiAnswer<unknown> | null = null;
    for (let i = 0; i < guest.length; i += CART_MAX_LINES) {
      last = await callApi('products/add-multiple-wishlist', {
        json: { products: guest.slice(i, i + CART_MAX_LINES).map((w) => ({ product_id: w.id })) },
      });
      if (!last.ok) return last.status === 401 ? 'signed-out' : 'failed';
    }
    return load(last!, isLast);
  });
}

export type SyncResult = { ok: true; message: string | null } | { ok: false; message: string };

function change(send: () => Promise<ApiAnswer<unknown>>, rollback: () => void, fallback: string): Promise<SyncResult> {
  return queue.run(async (isLast) => {
    const answer = await send();
    const items = answer.ok ? wishlistOf(answer.data) : null;
    if (items) {
      if (isLast()) replaceWishlist(items);
      return { ok: true, message: answer.message };
    }
    rollback();
    const message = answer.message ?? (answer.status === 401 ? t.wishlistLogin : fallback);
    showToast(message, 'error');
    if (isLast()) load(await callApi('products/wishlist'), isLast);
    return { ok: false, message };
  });
}

export function syncWishlistAdd(item: WishlistItem): Promise<SyncResult> {
  return change(
    () => callApi('products/add-wishlist', { json: { product_id: item.id } }),
    () => void removeFromWishlist(item.id),
    t.wishlistFailed,
  );
}

export function syncWishlistRemove(item: WishlistItem, index: number): Promise<SyncResult> {
  return change(
    () => callApi('products/remove-wishlist', { json: { product_id: item.id } }),
    () => restoreWishlistItem(item, index),
    t.syncFailed,
  );
}
