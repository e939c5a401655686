// The signed-in shopper's cart on the server (docs/product.md#behaviour, #api-map). Each change is applied
// locally first (src/client/cart.store.ts), then sent here; a refused or failed call puts the
// local change back and says why, and the server's answer, once nothing newer is waiting,
// replaces the local cart: the server is the truth for prices, stock and quantities (docs/decisions/0002-money-in-fils-api-in-aed.md).
import { call, type ApiAnswer } from '@/client/api-client';
import { endpoints } from '@/client/api/endpoints.gen';
import { toCart, toSetAsideLine, type CartWire, type MergeShortfallWire } from '@/client/api/cart';
import type { ServerCart } from '@/client/api/cart.model';
import { showToast } from '@/client/toast';
import { CART_MAX_LINES, CART_MAX_QUANTITY } from '@/domain/cart-rules';
import { cartMessages as t } from '@/domain/messages/cart';
import { $coupon } from '@/client/coupon.store';
import { $cart, removeFromCart, replaceCart, restoreCartLine, setCartQuantity, type CartLine } from '@/client/cart.store';
import { listsOwner, sessionEnded, setListsOwner, forgetAccountLists } from './cart.session';
import { SyncQueue } from '@/client/sync-queue';
import { setAside } from '@/client/set-aside.store';
import { mergeWishlist, refreshWishlist } from '@/features/wishlist/wishlist.sync';
import { $serverCart, cartKey } from './server-totals';

/** The cart in an answer, in the browser's model; null when the call failed or carried none. */
function cartOf(answer: ApiAnswer<CartWire>): ServerCart | null {
  return answer.ok && answer.data !== null && Array.isArray(answer.data.cart_items) ? toCart(answer.data) : null;
}

const couponCode = (): string | null => $coupon.get()?.code ?? null;

function applyServerCart(cart: ServerCart, code: string | null): void {
  replaceCart(cart.lines);
  $serverCart.set({
    key: cartKey(cart.lines, code),
    subtotal: cart.subtotal,
    discount: cart.discount,
    vat: cart.vat,
    grandTotal: cart.grandTotal,
    couponError: code ? cart.couponError : null,
    heavy: cart.heavy,
  });
}

const queue = new SyncQueue();

/** Resolves when every cart call made so far has been answered (a coupon check reads the server's cart). */
export function cartIdle(): Promise<void> {
  return queue.idle();
}

const fetchCart = (code: string | null): Promise<ApiAnswer<CartWire>> => call(endpoints.cart.list, { query: code ? { coupon: code } : {} });

export type RefreshResult = 'ok' | 'signed-out' | 'failed';

/** Loads the server's cart (with the applied coupon's totals) into the store. */
export function refreshCart(): Promise<RefreshResult> {
  return queue.run(async (isLast) => {
    const code = couponCode();
    const answer = await fetchCart(code);
    if (answer.status === 401) return 'signed-out';
    const cart = cartOf(answer);
    if (!cart) return 'failed';
    if (isLast() && code === couponCode()) applyServerCart(cart, code);
    return 'ok';
  });
}

/** After a change went through: the server's cart replaces the local one, unless newer changes wait. */
async function settle(changed: ServerCart, isLast: () => boolean): Promise<void> {
  const code = couponCode();
  if (code === null) {
    applyServerCart(changed, null);
    return;
  }
  // A change's answer carries no coupon: ask again with it, for the totals the summary shows.
  const fresh = cartOf(await fetchCart(code));
  if (!isLast() || code !== couponCode()) return;
  if (fresh) applyServerCart(fresh, code);
  else replaceCart(changed.lines);
}

export type SyncResult = { ok: true; message: string | null } | { ok: false; message: string };

/** One change on the server: on failure the local change is rolled back and the shopper told. */
function change(
  send: () => Promise<ApiAnswer<CartWire>>,
  rollback: (answer: ApiAnswer<CartWire>) => boolean,
  fallback: string,
): Promise<SyncResult> {
  return queue.run(async (isLast) => {
    const answer = await send();
    const changed = cartOf(answer);
    if (changed) {
      if (isLast()) await settle(changed, isLast);
      return { ok: true, message: answer.message };
    }
    const rolledBack = rollback(answer);
    const message = answer.message ?? fallback;
    if (rolledBack) showToast(message, 'error');
    // Whatever happened on the server, show what it holds now.
    if (isLast()) {
      const code = couponCode();
      const fresh = cartOf(await fetchCart(code));
      if (isLast() && fresh && code === couponCode()) applyServerCart(fresh, code);
    }
    return rolledBack ? { ok: false, message } : { ok: true, message: null };
  });
}

/** Sends a line the shopper just added locally. */
export function syncAdd(item: CartLine): Promise<SyncResult> {
  return change(
    () =>
      call(endpoints.cart.add, {
        // The server prices the cart itself: the line's price is not sent.
        body: { product_id: item.productId, quantity: item.quantity, color: item.color, attribute_id: item.attributeId },
      }),
    () => {
      removeFromCart(item.productId);
      return true;
    },
    t.syncFailed,
  );
}

/** Sends a quantity the shopper just set locally; a refusal restores the previous one. */
export function syncQuantity(productId: number, quantity: number, previous: number): Promise<SyncResult> {
  return change(
    () => call(endpoints.cart.updateQuantity, { body: { product_id: productId, quantity } }),
    () => {
      // A newer step of the same stepper has its own call (and its own rollback).
      const line = $cart.get().find((i) => i.productId === productId);
      if (line && line.quantity === quantity) setCartQuantity(productId, previous);
      return true;
    },
    t.syncFailed,
  );
}

/** Sends a removal the shopper just made locally; a failure puts the line back where it was. */
export function syncRemove(item: CartLine, index: number): Promise<SyncResult> {
  return change(
    () => call(endpoints.cart.remove, { body: { product_id: item.productId } }),
    (answer) => {
      // 404: the line was not in the server's cart either; what the shopper wanted is true.
      if (answer.status === 404) return false;
      restoreCartLine(item, index);
      return true;
    },
    t.removeFailed,
  );
}

function chunks<T>(list: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

/**
 * Pushes a guest cart to the account (the server merges, within stock) and loads the result.
 * What did not come in whole is set aside, in sight on the cart page (docs/product.md#after-sign-in).
 */
function mergeCart(guestLines: readonly CartLine[]): Promise<RefreshResult> {
  return queue.run(async (isLast) => {
    const shortfalls: MergeShortfallWire[] = [];
    for (const part of chunks(guestLines, CART_MAX_LINES)) {
      const products = part.map((l) => ({
        product_id: l.productId,
        quantity: Math.min(l.quantity, CART_MAX_QUANTITY),
        color: l.color,
        attribute_id: l.attributeId,
      }));
      const answer = await call(endpoints.cart.merge, { body: { products } });
      if (answer.status === 401) return 'signed-out';
      if (!answer.ok) return 'failed';
      shortfalls.push(...(answer.data?.not_merged ?? []));
    }
    const code = couponCode();
    const answer = await fetchCart(code);
    if (answer.status === 401) return 'signed-out';
    const cart = cartOf(answer);
    if (!cart) return 'failed';
    if (isLast()) applyServerCart(cart, code);
    setAside(
      shortfalls.flatMap((s) => {
        const line = guestLines.find((l) => l.productId === s.product_id);
        return line ? [toSetAsideLine(line, s)] : [];
      }),
    );
    return 'ok';
  });
}

/**
 * After sign-in (and on a signed-in page whose lists are still a guest's): the local cart and
 * wishlist go to the account, then the server's lists replace them. Lists of another account
 * are dropped instead. On failure the local lists stay as they were, still a guest's, and the
 * next page load tries again.
 */
export async function mergeIntoAccount(userId: number): Promise<RefreshResult> {
  const owner = listsOwner();
  if (owner !== null && owner !== userId) forgetAccountLists();
  const guest = listsOwner() === null;
  const [cart, wishlist] = await Promise.all([
    guest && $cart.get().length > 0 ? mergeCart($cart.get()) : refreshCart(),
    guest ? mergeWishlist() : refreshWishlist(),
  ]);
  if (cart === 'signed-out' || wishlist === 'signed-out') return 'signed-out';
  if (cart !== 'ok' || wishlist !== 'ok') return 'failed';
  setListsOwner(userId);
  return 'ok';
}

let loadedFor: number | null = null;
let loading: Promise<void> | null = null;

/** Once per page while signed in: merge what is still a guest's, else refresh from the server. */
export function syncOnLoad(userId: number): Promise<void> {
  if (loadedFor === userId && loading) return loading;
  loadedFor = userId;
  loading = (async () => {
    const result = await mergeIntoAccount(userId);
    if (result === 'signed-out') sessionEnded();
    else if (result === 'failed') showToast(t.syncFailed, 'error');
  })();
  return loading;
}

// A coupon applied or cleared (here or in another tab) changes the server's totals.
$coupon.listen(() => {
  if (loadedFor !== null) void refreshCart();
});
