// The cart kept in the browser under the spec's key 'cart-storage' (spec sections 3 and 4).
// Persistent atoms follow changes made in other tabs through the storage event. These are the
// local transitions only; features/cart/cart.actions.ts adds the server sync when signed in.
// Loaded on every page (the header's badges): no zod and no API client here.
import { persistentAtom } from '@nanostores/persistent';
import { clearCoupon } from './coupon.store';

export interface CartItem {
  product_id: number;
  name: string;
  quantity: number;
  /** VAT-inclusive, in AED as the API sends it. */
  unit_price: number;
  stock: number;
  productImage: string;
  color: string | null;
  attribute_id: number | null;
  discount: number;
  availableStock: number;
  weight?: number;
}

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
function isCartItem(value: unknown): value is CartItem {
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

export const $cart = persistentAtom<CartItem[]>('cart-storage', [], {
  encode: JSON.stringify,
  decode: (text) => decodeList(text, isCartItem),
});

function setCart(items: CartItem[]): void {
  $cart.set(items);
  // Emptying the cart clears the applied coupon (spec section 4).
  if (items.length === 0) clearCoupon();
}

export type AddResult = 'added' | 'already-in-cart';

/** Adding a product already in the cart is refused (spec section 4). */
export function addToCart(item: CartItem): AddResult {
  const items = $cart.get();
  if (items.some((i) => i.product_id === item.product_id)) return 'already-in-cart';
  setCart([...items, item]);
  return 'added';
}

/** Removes a line; answers what was removed and where, so a failed server call can put it back. */
export function removeFromCart(productId: number): { item: CartItem; index: number } | null {
  const items = $cart.get();
  const index = items.findIndex((i) => i.product_id === productId);
  if (index < 0) return null;
  setCart(items.filter((i) => i.product_id !== productId));
  return { item: items[index]!, index };
}

/** Puts a removed line back where it was (a rollback); nothing when the product is there again. */
export function restoreCartLine(item: CartItem, index: number): void {
  const items = $cart.get();
  if (items.some((i) => i.product_id === item.product_id)) return;
  const next = [...items];
  next.splice(Math.min(index, next.length), 0, item);
  setCart(next);
}

/** Sets a line's quantity; answers the previous one, or null when the line is not in the cart. */
export function setCartQuantity(productId: number, quantity: number): number | null {
  const items = $cart.get();
  const line = items.find((i) => i.product_id === productId);
  if (!line) return null;
  if (line.quantity !== quantity) $cart.set(items.map((i) => (i.product_id === productId ? { ...i, quantity } : i)));
  return line.quantity;
}

/** Replaces the whole cart (the server's answer, or a guest's refreshed prices). */
export function replaceCart(items: CartItem[]): void {
  const current = $cart.get();
  // Same content: keep the stored text and skip a storage event in the other tabs.
  if (JSON.stringify(current) === JSON.stringify(items)) return;
  setCart(items);
}

export function clearCart(): void {
  setCart([]);
}

export type StepResult = { quantity: number; refused: null } | { quantity: number; refused: 'stock' | 'minimum' };

/** The quantity stepper (spec section 5): an increase stops at the stock (and at `max`), a decrease at 1. */
export function stepQuantity(current: number, delta: 1 | -1, stock: number, max = Number.POSITIVE_INFINITY): StepResult {
  if (delta > 0) {
    const cap = Math.min(stock, max);
    return current >= cap ? { quantity: current, refused: 'stock' } : { quantity: current + 1, refused: null };
  }
  return current <= 1 ? { quantity: 1, refused: 'minimum' } : { quantity: current - 1, refused: null };
}

export function cartCount(items: readonly CartItem[]): number {
  return items.length;
}

export { decodeList };
