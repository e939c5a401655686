// The API's answers as the checkout islands read them (amounts in AED, as the API sends them).
import type { ADDRESS_TYPES, EMIRATES } from '@/domain/checkout';
import { checkoutTexts } from '@/domain/messages/checkout';
import type { CartWire } from '@/client/api/cart';

export interface AddressJson {
  id: number;
  name: string;
  phone: string;
  pincode: string;
  flat_building: string;
  address: string;
  city: string;
  state: (typeof EMIRATES)[number] | string;
  locality: string;
  land_mark: string;
  address_type: (typeof ADDRESS_TYPES)[number] | string;
  is_default_address: number | boolean;
}

export interface WeightFormJson {
  id: number;
  contact_name: string;
  contact_number: string;
  date_of_delivery: string;
  available_timing: string;
  remarks: string | null;
  lift_available: string;
  no_of_floors: number | null;
  pass_required: string;
}

/** The cart as the API sends it, typed by the contract (src/domain/api/cart.ts). */
export type CartJson = CartWire;

export function isDefault(address: AddressJson): boolean {
  return address.is_default_address === 1 || address.is_default_address === true;
}

/** The address on one line, as the order keeps it. */
export function joinedAddress(
  a: Pick<AddressJson, 'flat_building' | 'address' | 'locality' | 'land_mark' | 'city' | 'state' | 'pincode'>,
): string {
  const state = checkoutTexts.values.emirates[a.state] ?? a.state;
  return [a.flat_building, a.address, a.locality, a.land_mark, a.city, state, a.pincode ? checkoutTexts.addresses.poBox(a.pincode) : '']
    .filter(Boolean)
    .join(', ');
}

export function isCartJson(value: unknown): value is CartJson {
  if (value === null || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return Array.isArray(v.cart_items) && typeof v.grand_total === 'number' && typeof v.subtotal === 'number';
}

export function isAddressList(value: unknown): value is AddressJson[] {
  return Array.isArray(value) && value.every((a) => a !== null && typeof a === 'object' && typeof (a as { id?: unknown }).id === 'number');
}
