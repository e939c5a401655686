// Addresses and the delivery form, model -> wire, the one place for them
// (docs/architecture.md#the-api-contract): the API's snake_case names, `pincode` for the PO box
// and `weight_form_*` for the delivery form (docs/glossary.md). Typed by the contract's schemas.
import type { z } from 'zod';
import type { addressWire } from '@/domain/api/addresses';
import type { deliveryFormWire } from '@/domain/api/checkout';
import type { Address, DeliveryForm } from './address.service';

export function addressJson(a: Address): z.input<typeof addressWire> {
  return {
    id: a.id,
    name: a.name,
    phone: a.phone,
    pincode: a.poBox,
    flat_building: a.flatBuilding,
    address: a.address,
    city: a.city,
    state: a.state,
    locality: a.locality,
    land_mark: a.landMark,
    address_type: a.addressType,
    is_default_address: a.isDefaultAddress ? 1 : 0,
  };
}

export function deliveryFormJson(form: Omit<DeliveryForm, 'userId' | 'createdAt'>): z.input<typeof deliveryFormWire> {
  return {
    id: form.id,
    contact_name: form.contactName,
    contact_number: form.contactNumber,
    date_of_delivery: form.dateOfDelivery,
    available_timing: form.availableTiming,
    remarks: form.remarks,
    lift_available: form.liftAvailable,
    no_of_floors: form.noOfFloors,
    pass_required: form.passRequired,
  };
}
