// The signed-in shopper's cart on the server (spec sections 4 and 7). Each change is applied
// locally first (src/client/cart.store.ts), then sent here; a refused or failed call puts the
// local change back and says why, and the server's answer, once nothing newer is waiting,
// replaces the local cart: the server is the truth for prices, stock and quantities (D4).
import { atom } from 'nanostores';
import { callApi, type ApiAnswer } from '@/client/api-client';
import { showToast } from '@/client/toast';
import { CART_MAX_LINES, CART_MAX_QUANTITY } from '@/domain/cart-rules';
import { cartMessages as t } from '@/domain/messages/cart';
import { aedToFils, type Fils } from '@/domain/money';
import { $coupon } from '@/client/coupon.store';
import { $cart, removeFromCart, replaceCart, restoreCartLine, setCartQuantity, type CartItem } from '@/client/cart.store';
import { listsOwner, sessionEnded, setListsOwner, forgetAccountLists } from './cart.session';
import { SyncQueue } from '@/client/sync-queue';
import { mergeWishlist, refreshWishlist } from '@/features/wishlist/wishlist.sync';

interface ServerCartLine {
  product_id: number;
  name: string;
  quantity: number;
  unit_price: number;
  discount: number;
  stock: number;
  availableStock: number;
  productImage: string;
  color: string | null;
  attribute_id: number | null;
  weight: number;
}

export interface ServerCartJson {
  cart_items: ServerCartLine[];
  subtotal: number;
  discount_amount: number;
  tax_amount: number;
  grand_total: number;
  total_weight: number;
  heavy: boolean;
  coupon_error: string | null;
}

/** The server's totals in fils, and the cart and coupon they were computed for. */
export interface ServerTotals {
  key: string;
  subtotal: Fils;
  discount: Fils;
  vat: Fils;
  grandTotal: Fils;
  couponError: string | null;
  heavy: boolean;
}

/** What the server last answered for the signed-in cart; the summary shows it when it matches the cart on screen. */
export const $serverCart = atom<ServerTotals | null>(null);

/** Lines and coupon code as one string, to tell whether server totals belong to the cart on screen. */
export function cartKey(items: readonly Pick<CartItem, 'product_id' | 'quantity'>[], couponCode: string | null): string {
  return `${items.map((i) => `${i.product_id}x${i.quantity}`).join(',')}|${(couponCode ?? '').toUpperCase()}`;
}

function isCartJson(value: unknown): value is ServerCartJson {
  if (value === null || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return (
    Array.isArray(v.cart_items) && typeof v.subtotal === 'number' && typeof v.grand_total === 'number' && typeof v.tax_amount === 'number'
  );
}

function cartItemOf(line: ServerCartLine): CartItem {
  return {
    product_id: line.product_id,
    name: line.name,
    quantity: line.quantity,
    unit_price: line.unit_price,
    stock: line.stock,
    productImage: line.productImage,
    color: line.color ?? null,
    attribute_id: line.attribute_id ?? null,
    discount: line.discount,
    availableStock: line.availableStock ?? line.stock,
    weight: line.weight,
  };
}

const couponCode = (): string | null => $coupon.get()?.code ?? null;

function applyServerCart(json: ServerCartJson, code: string | null): void {
  const items = json.cart_items.map(cartItemOf);
  replaceCart(items);
  $serverCart.set({
    key: cartKey(items, code),
    subtotal: aedToFils(json.subtotal),
    discount: aedToFils(json.discount_amount ?? 0),
    vat: aedToFils(json.tax_amount),
    grandTotal: aedToFils(json.grand_total),
    couponError: code ? (json.coupon_error ?? null) : null,
    heavy: json.heavy === true,
  });
}

const queue = new SyncQueue();

/** Resolves when every cart call made so far has been answered (a coupon check reads the server's cart). */
export function cartIdle(): Promise<void> {
  return queue.idle();
}

const fetchCart = (code: string | null): Promise<ApiAnswer<unknown>> =>
  callApi('products/cart-list', { query: code ? { coupon: code } : {} });

export type RefreshResult = 'ok' | 'signed-out' | 'failed';

/** Loads the server's cart (with the applied coupon's totals) into the store. */
export function refreshCart(): Promise<RefreshResult> {
  return queue.run(async (isLast) => {
    const code = couponCode();
    const answer = await fetchCart(code);
    if (answer.status === 401) return 'signed-out';
    if (!answer.ok || !isCartJson(answer.data)) return 'failed';
    if (isLast() && code === couponCode()) applyServerCart(answer.data, code);
    return 'ok';
  });
}

/** After a change went through: the server's cart replaces the local one, unless newer changes wait. */
async function settle(data: ServerCartJson, isLast: () => boolean): Promise<void> {
  const code = couponCode();
  if (code === null) {
    applyServerCart(data, null);
    return;
  }
  // A change's answer carries no coupon: ask again with it, for the totals the summary shows.
  const answer = await fetchCart(code);
  if (!isLast() || code !== couponCode()) return;
  if (answer.ok && isCartJson(answer.data)) applyServerCart(answer.data, code);
  else replaceCart(data.cart_items.map(cartItemOf));
}

export type SyncResult = { ok: true; message: string | null } | { ok: false; message: string };

/** One change on the server: on failure the local change is rolled back and the shopper told. */
function change(
  send: () => Promise<ApiAnswer<unknown>>,
  rollback: (answer: ApiAnswer<unknown>) => boolean,
  fallback: string,
): Promise<SyncResult> {
  return queue.run(async (isLast) => {
    const answer = await send();
    if (answer.ok && isCartJson(answer.data)) {
      if (isLast()) await settle(answer.data, isLast);
      return { ok: true, message: answer.message };
    }
    const rolledBack = rollback(answer);
    const message = answer.message ?? fallback;
    if (rolledBack) showToast(message, 'error');
    // Whatever happened on the server, show what it holds now.
    if (isLast()) {
      const code = couponCode();
      const fresh = await fetchCart(code);
      if (isLast() && fresh.ok && isCartJson(fresh.data) && code === couponCode()) applyServerCart(fresh.data, code);
    }
    return rolledBack ? { ok: false, message } : { ok: true, message: null };
  });
}

/** Sends a line the shopper just added locally. */
export function syncAdd(item: CartItem): Promise<SyncResult> {
  return change(
    () =>
      callApi('products/add-cart', {
        json: {
          product_id: item.product_id,
          quantity: item.quantity,
          color: item.color,
          attribute_id: item.attribute_id,
          unit_price: item.unit_price,
          discount: item.discount,
        },
      }),
    () => {
      removeFromCart(item.product_id);
      return true;
    },
    t.syncFailed,
  );
}

/** Sends a quantity the shopper just set locally; a refusal restores the previous one. */
export function syncQuantity(productId: number, quantity: number, previous: number): Promise<SyncResult> {
  return change(
    () => callApi('products/update-product-quantity', { json: { product_id: productId, quantity } }),
    () => {
      // A newer step of the same stepper has its own call (and its own rollback).
      const line = $cart.get().find((i) => i.product_id === productId);
      if (line && line.quantity === quantity) setCartQuantity(productId, previous);
      return true;
    },
    t.syncFailed,
  );
}

/** Sends a removal the shopper just made locally; a failure puts the line back where it was. */
export function syncRemove(item: CartItem, index: number): Promise<SyncResult> {
  return change(
    () => callApi('products/productwise-cart-delete', { json: { product_id: item.product_id } }),
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

/** Pushes a guest cart to the account (the server merges, within stock) and loads the result. */
function mergeCart(guestLines: readonly CartItem[]): Promise<RefreshResult> {
  return queue.run(async (isLast) => {
    for (const part of chunks(guestLines, CART_MAX_LINES)) {
      const products = part.map((l) => ({
        product_id: l.product_id,
        quantity: Math.min(l.quantity, CART_MAX_QUANTITY),
        color: l.color,
        attribute_id: l.attribute_id,
      }));
      const answer = await callApi('products/add-multiple-cart', { json: { products } });
      if (answer.status === 401) return 'signed-out';
      if (!answer.ok) return 'failed';
    }
    const code = couponCode();
    const answer = await fetchCart(code);
    if (answer.status === 401) return 'signed-out';
    if (!answer.ok || !isCartJson(answer.data)) return 'failed';
    if (isLast()) applyServerCart(answer.data, code);
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
