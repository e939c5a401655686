// The signed-in cart's totals as the server last answered them (cart.sync.ts sets them), apart
// from the server calls: the cart page reads them on every render, and a guest's cart page should
// not load the sync code to do so (docs/decisions/0042-page-weight.md).
import { atom } from 'nanostores';
import type { ServerCart } from '@/client/api/cart.model';
import type { CartLine } from '@/client/cart.store';

/** The server's totals in fils, and the cart and coupon they were computed for (`key`). */
export type ServerTotals = Pick<ServerCart, 'subtotal' | 'discount' | 'vat' | 'grandTotal' | 'couponError' | 'heavy'> & { key: string };

/** What the server last answered for the signed-in cart; the summary shows it when it matches the cart on screen. */
export const $serverCart = atom<ServerTotals | null>(null);

/** Lines and coupon code as one string, to tell whether server totals belong to the cart on screen. */
export function cartKey(items: readonly Pick<CartLine, 'productId' | 'quantity'>[], couponCode: string | null): string {
  return `${items.map((i) => `${i.productId}x${i.quantity}`).join(',')}|${(couponCode ?? '').toUpperCase()}`;
}
