// The cart kept in the browser under the spec's key 'cart-storage' (spec section 3).
// Persistent atoms follow changes made in other tabs through the storage event.
import { persistentAtom } from '@nanostores/persistent';

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

function decodeList<T>(text: string): T[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? (value as T[]) : [];
  } catch {
    return [];
  }
}

export const $cart = persistentAtom<CartItem[]>('cart-storage', [], { encode: JSON.stringify, decode: decodeList<CartItem> });

export type AddResult = 'added' | 'already-in-cart';

/** Adding a product already in the cart is refused (spec section 4). */
export function addToCart(item: CartItem): AddResult {
  const items = $cart.get();
  if (items.some((i) => i.product_id === item.product_id)) return 'already-in-cart';
  $cart.set([...items, item]);
  return 'added';
}

export function cartCount(items: readonly CartItem[]): number {
  return items.length;
}

export { decodeList };
