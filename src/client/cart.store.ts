// The cart kept in the browser under the spec's key 'cart-storage' (docs/product.md#data, #behaviour).
// Persistent atoms follow changes made in other tabs through the storage event. These are the
// local transitions only; features/cart/cart.actions.ts adds the server sync when signed in.
// Loaded on every page (the header's badges): no zod and no API client here. The lines are the
// browser's model (src/client/api/cart.model.ts, money in fils); storage keeps the shape the
// first clients stored, through the mappers of src/client/api/cart.ts.
import { persistentAtom } from '@nanostores/persistent';
import type { CartLine } from './api/cart.model';
import { storedCartLine, toCartLine, type StoredCartLine } from './api/cart';
import { clearCoupon } from './coupon.store';

export type { CartLine } from './api/cart.model';

function decodeList<T>(text: string, keep: (value: unknown) => value is T = (_value: unknown): _value is T => true): T[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter(keep) : [];
  } catch {
    return [];
  }
}

const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** Storage can hold anything (older versions, other scripts): keep only lines that are lines. */
function isStoredLine(value: unknown): value is StoredCartLine {
  if (value === null || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return (
    Number.isInteger(v.product_id) &&
    (v.product_id as number) > 0 &&
    Number.isInteger(v.quantity) &&
    (v.quantity as number) >= 1 &&
    isCount(v.unit_price) &&
    typeof v.name === 'string'
  );
}

export const $cart = persistentAtom<CartLine[]>('cart-storage', [], {
  encode: (lines) => JSON.stringify(lines.map(storedCartLine)),
  decode: (text) => decodeList(text, isStoredLine).map(toCartLine),
});

function setCart(items: CartLine[]): void {
  $cart.set(items);
  // Emptying the cart clears the applied coupon (docs/product.md#behaviour).
  if (items.length === 0) clearCoupon();
}

export type AddResult = 'added' | 'already-in-cart';

/** Adding a product already in the cart is refused (docs/product.md#behaviour). */
export function addToCart(item: CartLine): AddResult {
  const items = $cart.get();
  if (items.some((i) => i.productId === item.productId)) return 'already-in-cart';
  setCart([...items, item]);
  return 'added';
}

/** Removes a line; answers what was removed and where, so a failed server call can put it back. */
export function removeFromCart(productId: number): { item: CartLine; index: number } | null {
  const items = $cart.get();
  const index = items.findIndex((i) => i.productId === productId);
  if (index < 0) return null;
  setCart(items.filter((i) => i.productId !== productId));
  return { item: items[index]!, index };
}

/** Puts a removed line back where it was (a rollback); nothing when the product is there again. */
export function restoreCartLine(item: CartLine, index: number): void {
  const items = $cart.get();
  if (items.some((i) => i.productId === item.productId)) return;
  const next = [...items];
  next.splice(Math.min(index, next.length), 0, item);
  setCart(next);
}

/** Sets a line's quantity; answers the previous one, or null when the line is not in the cart. */
export function setCartQuantity(productId: number, quantity: number): number | null {
  const items = $cart.get();
  const line = items.find((i) => i.productId === productId);
  if (!line) return null;
  if (line.quantity !== quantity) $cart.set(items.map((i) => (i.productId === productId ? { ...i, quantity } : i)));
  return line.quantity;
}

/** Replaces the whole cart (the server's answer, or a guest's refreshed prices). */
export function replaceCart(items: CartLine[]): void {
  const current = $cart.get();
  // Same content: keep the stored text and skip a storage event in the other tabs.
  if (JSON.stringify(current) === JSON.stringify(items)) return;
  setCart(items);
}

export function clearCart(): void {
  setCart([]);
}

export type StepResult = { quantity: number; refused: null } | { quantity: number; refused: 'stock' | 'minimum' };

/** The quantity stepper (docs/product.md#validation): an increase stops at the stock (and at `max`), a decrease at 1. */
export function stepQuantity(current: number, delta: 1 | -1, stock: number, max = Number.POSITIVE_INFINITY): StepResult {
  if (delta > 0) {
    const cap = Math.min(stock, max);
    return current >= cap ? { quantity: current, refused: 'stock' } : { quantity: current + 1, refused: null };
  }
  return current <= 1 ? { quantity: 1, refused: 'minimum' } : { quantity: current - 1, refused: null };
}

export function cartCount(items: readonly CartLine[]): number {
  return items.length;
}

export { decodeList };
