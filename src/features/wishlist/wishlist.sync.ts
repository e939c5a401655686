// The signed-in shopper's wishlist on the server (docs/product.md#behaviour, #api-map, #messages): local change first,
// then the server; a failed call puts the local change back and says why.
import { call, type ApiAnswer } from '@/client/api-client';
import { endpoints } from '@/client/api/endpoints.gen';
import { toWishlistItem } from '@/client/api/cart';
import type { AnswerOf } from '@/domain/api/endpoint';
import type { Contract } from '@/domain/api/index';
import { showToast } from '@/client/toast';
import { CART_MAX_LINES } from '@/domain/cart-rules';
import { cartMessages as t } from '@/domain/messages/cart';
import { SyncQueue } from '@/client/sync-queue';
import { $wishlist, removeFromWishlist, replaceWishlist, restoreWishlistItem, type WishlistItem } from '@/client/wishlist.store';

const queue = new SyncQueue();

type WishlistAnswer = ApiAnswer<AnswerOf<Contract['wishlist']['list']>>;

/** The wishlist in an answer, in the browser's model; null when the call failed or carried none. */
function wishlistOf(answer: WishlistAnswer): WishlistItem[] | null {
  const list = answer.ok ? answer.data?.wishlistItems : undefined;
  return Array.isArray(list) ? list.map(toWishlistItem) : null;
}

type RefreshResult = 'ok' | 'signed-out' | 'failed';

function load(answer: WishlistAnswer, isLast: () => boolean): RefreshResult {
  if (answer.status === 401) return 'signed-out';
  const items = wishlistOf(answer);
  if (!items) return 'failed';
  if (isLast()) replaceWishlist(items);
  return 'ok';
}

export function refreshWishlist(): Promise<RefreshResult> {
  return queue.run(async (isLast) => load(await call(endpoints.wishlist.list), isLast));
}

/** Pushes the guest wishlist to the account (ids already there are ignored) and loads the result. */
export function mergeWishlist(): Promise<RefreshResult> {
  const guest = $wishlist.get();
  if (guest.length === 0) return refreshWishlist();
  return queue.run(async (isLast) => {
    let last: WishlistAnswer | null = null;
    for (let i = 0; i < guest.length; i += CART_MAX_LINES) {
      last = await call(endpoints.wishlist.merge, {
        body: { products: guest.slice(i, i + CART_MAX_LINES).map((w) => ({ product_id: w.id })) },
      });
      if (!last.ok) return last.status === 401 ? 'signed-out' : 'failed';
    }
    return load(last!, isLast);
  });
}

export type SyncResult = { ok: true; message: string | null } | { ok: false; message: string };

function change(send: () => Promise<WishlistAnswer>, rollback: () => void, fallback: string): Promise<SyncResult> {
  return queue.run(async (isLast) => {
    const answer = await send();
    const items = wishlistOf(answer);
    if (items) {
      if (isLast()) replaceWishlist(items);
      return { ok: true, message: answer.message };
    }
    rollback();
    const message = answer.message ?? (answer.status === 401 ? t.wishlistLogin : fallback);
    showToast(message, 'error');
    if (isLast()) load(await call(endpoints.wishlist.list), isLast);
    return { ok: false, message };
  });
}

export function syncWishlistAdd(item: WishlistItem): Promise<SyncResult> {
  return change(
    () => call(endpoints.wishlist.add, { body: { product_id: item.id } }),
    () => void removeFromWishlist(item.id),
    t.wishlistFailed,
  );
}

export function syncWishlistRemove(item: WishlistItem, index: number): Promise<SyncResult> {
  return change(
    () => call(endpoints.wishlist.remove, { body: { product_id: item.id } }),
    () => restoreWishlistItem(item, index),
    t.syncFailed,
  );
}
