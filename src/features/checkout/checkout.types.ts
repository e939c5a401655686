// The cart's answer as the checkout islands read it (amounts in AED, as the API sends them), and
// the address on one line. Addresses and the delivery form are models of src/client/api/checkout.ts.
import type { Address } from '@/client/api/checkout';
import type { CartWire } from '@/client/api/cart';
import { checkoutTexts } from '@/domain/messages/checkout';

/** The cart as the API sends it, typed by the contract (src/domain/api/cart.ts). */
export type CartJson = CartWire;

/** The address on one line, as the order keeps it. */
export function joinedAddress(a: Pick<Address, 'flatBuilding' | 'address' | 'locality' | 'landMark' | 'city' | 'state' | 'poBox'>): string {
  const state = checkoutTexts.values.emirates[a.state] ?? a.state;
  return [a.flatBuilding, a.address, a.locality, a.landMark, a.city, state, a.poBox ? checkoutTexts.addresses.poBox(a.poBox) : '']
    .filter(Boolean)
    .join(', ');
}

export function isCartJson(value: unknown): value is CartJson {
  if (value === null || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return Array.isArray(v.cart_items) && typeof v.grand_total === 'number' && typeof v.subtotal === 'number';
}
