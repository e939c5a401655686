// The signed-in customer's delivery addresses (docs/product.md#address-selection). Field names are the
// API's: `pincode` is the PO box (docs/glossary.md).
import { z } from '@/domain/zod';
import { ADDRESS_TYPES, addressRefSchema, addressSchema, updateAddressSchema } from '@/domain/checkout';
import { claimedCustomerId } from '@/domain/input';
import { defineEndpoint } from './endpoint';
import { wireId } from './wire';

export const addressWire = z.strictObject({
  id: wireId,
  name: z.string(),
  phone: z.string(),
  /** The PO box. */
  pincode: z.string(),
  flat_building: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  locality: z.string(),
  land_mark: z.string(),
  address_type: z.enum(ADDRESS_TYPES),
  is_default_address: z.union([z.literal(0), z.literal(1)]),
});

const addressList = z.array(addressWire);

export const addressesApi = {
  add: defineEndpoint({
    method: 'POST',
    path: 'products/add-address',
    summary: 'Add a delivery address (the first becomes the default)',
    auth: 'customer',
    body: addressSchema,
    answer: addressWire,
  }),
  list: defineEndpoint({
    method: 'GET',
    path: 'products/address-list',
    summary: "The customer's addresses, the default first",
    auth: 'customer',
    query: z.object({ customer_id: claimedCustomerId }),
    answer: addressList,
  }),
  get: defineEndpoint({
    method: 'GET',
    path: 'products/get-address',
    summary: "One of the customer's addresses",
    auth: 'customer',
    query: addressRefSchema,
    answer: addressWire,
  }),
  update: defineEndpoint({
    method: 'POST',
    path: 'products/update-address',
    summary: 'Update an address',
    auth: 'customer',
    body: updateAddressSchema,
    answer: addressWire,
  }),
  makeDefault: defineEndpoint({
    method: 'POST',
    path: 'products/change-default-address',
    summary: 'Make an address the default (answers the list)',
    auth: 'customer',
    body: addressRefSchema,
    answer: addressList,
  }),
  remove: defineEndpoint({
    method: 'POST',
    path: 'products/delete-address',
    summary: 'Remove an address (answers the list)',
    auth: 'customer',
    body: addressRefSchema,
    answer: addressList,
  }),
};
