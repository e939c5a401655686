// The checkout's answers as the browser keeps them (docs/architecture.md#the-api-contract): the
// API's wire data (snake_case, AED) mapped once, here, to camelCase models in fils. The PO box
// (`pincode` on the wire) is `poBox`, the delivery location form (`weight_form_*`) the delivery
// form (docs/glossary.md). Types only come from the contract: no schema reaches the browser.
import type { AnswerOf } from '@/domain/api/endpoint';
import type { Contract } from '@/domain/api/index';
import type { ADDRESS_TYPES } from '@/domain/checkout';
import { aedToFils } from '@/domain/money';

export type AddressWire = AnswerOf<Contract['addresses']['get']>;
export type DeliveryFormWire = NonNullable<AnswerOf<Contract['orders']['detail']>[number]['weight_form_details']>;
type PlacedWire = AnswerOf<Contract['checkout']['placeOrder']> | AnswerOf<Contract['checkout']['cashOnDelivery']>;

/** A saved delivery address. */
export interface Address {
  id: number;
  name: string;
  phone: string;
  poBox: string;
  flatBuilding: string;
  address: string;
  city: string;
  /** The emirate. */
  state: string;
  locality: string;
  landMark: string;
  addressType: (typeof ADDRESS_TYPES)[number];
  isDefault: boolean;
}

export function toAddress(wire: AddressWire): Address {
  return {
    id: wire.id,
    name: wire.name,
    phone: wire.phone,
    poBox: wire.pincode,
    flatBuilding: wire.flat_building,
    address: wire.address,
    city: wire.city,
    state: wire.state,
    locality: wire.locality,
    landMark: wire.land_mark,
    addressType: wire.address_type,
    isDefault: wire.is_default_address === 1,
  };
}

export const toAddresses = (wire: readonly AddressWire[]): Address[] => wire.map(toAddress);

/** The delivery location form of a cart over 100 kg. */
export interface DeliveryForm {
  id: number;
  contactName: string;
  contactNumber: string;
  /** yyyy-mm-dd */
  dateOfDelivery: string;
  availableTiming: string;
  remarks: string | null;
  liftAvailable: 'Yes' | 'No';
  noOfFloors: number | null;
  passRequired: 'Yes' | 'No';
}

export function toDeliveryForm(wire: DeliveryFormWire): DeliveryForm {
  return {
    id: wire.id,
    contactName: wire.contact_name,
    contactNumber: wire.contact_number,
    dateOfDelivery: wire.date_of_delivery,
    availableTiming: wire.available_timing,
    remarks: wire.remarks,
    liftAvailable: wire.lift_available,
    noOfFloors: wire.no_of_floors,
    passRequired: wire.pass_required,
  };
}

/** An order just placed: by card (with the payment's client secret) or cash on delivery. */
export interface PlacedOrder {
  orderId: number;
  clientSecret: string | null;
  /** In fils. */
  grandTotal: number;
}

export function toPlacedOrder(wire: PlacedWire): PlacedOrder {
  return {
    orderId: wire.order_id,
    clientSecret: 'client_secret' in wire ? wire.client_secret : null,
    grandTotal: aedToFils(wire.grand_total),
  };
}
