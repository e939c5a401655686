// The address on one line, as the order keeps it. Addresses are a model of src/client/api/checkout.ts.
import type { Address } from '@/client/api/checkout';
import { checkoutTexts } from '@/domain/messages/checkout';

/** The address on one line, as the order keeps it. */
export function joinedAddress(a: Pick<Address, 'flatBuilding' | 'address' | 'locality' | 'landMark' | 'city' | 'state' | 'poBox'>): string {
  const state = checkoutTexts.values.emirates[a.state] ?? a.state;
  return [a.flatBuilding, a.address, a.locality, a.landMark, a.city, state, a.poBox ? checkoutTexts.addresses.poBox(a.poBox) : '']
    .filter(Boolean)
    .join(', ');
}
