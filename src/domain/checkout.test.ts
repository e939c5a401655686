// Addresses, the delivery location form, the order payload and the delivery status machine
// (docs/product.md#data, #behaviour, #validation; docs/decisions/0002-money-in-fils-api-in-aed.md, docs/decisions/0020-orders-stock-and-payment.md).
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  ADDRESS_TYPES,
  DELIVERY_STATUSES,
  DELIVERY_TRANSITIONS,
  EMIRATES,
  addressSchema,
  canMoveDelivery,
  orderListSchema,
  orderPayloadSchema,
  updateAddressSchema,
  deliveryFormSchema,
  type DeliveryStatus,
} from './checkout';
import { todayInDubai } from './checkout';
import { deliveryStatusLabels } from './messages/orders';
import { phoneMessages } from './messages/phone';

const validAddress = {
  name: 'Aisha Khan',
  phone: '0501234567',
  pincode: '12345',
  address: 'Street 5, Al Barsha',
  city: 'Dubai',
  state: 'Dubai',
  flat_building: 'Flat 204, Tower A',
  locality: 'Al Barsha 1',
  land_mark: 'Near the mall',
  address_type: 'Home',
};

const validDeliveryForm = {
  contact_name: 'Omar Saeed',
  contact_number: '0501234567',
  date_of_delivery: '2099-07-01',
  available_timing: '9am - 1pm',
  remarks: '',
  lift_available: 'Yes',
  pass_required: 'No',
};

/** Messages per field of a failed parse (the API's 422 shape). */
function fieldErrors(schema: z.ZodType, input: unknown): Record<string, string[]> {
  const result = schema.safeParse(input);
  expect(result.success, 'the input should be refused').toBe(false);
  const out: Record<string, string[]> = {};
  for (const issue of result.error!.issues) (out[issue.path.map(String).join('.') || '_'] ??= []).push(issue.message);
  return out;
}

describe('addressSchema: the spec messages, word for word (docs/product.md#validation)', () => {
  const required: [field: string, message: string][] = [
    ['name', 'Name is required'],
    ['phone', 'Phone Number is required'],
    ['pincode', 'Po Box is required'],
    ['address', 'Address is required'],
    ['city', 'City is required'],
    ['state', 'Emirates is required'],
    ['flat_building', 'Flat number is required'],
    ['locality', 'Locality is required'],
    ['address_type', 'Address type is required'],
    ['land_mark', 'Landmark is required'],
  ];

  it('accepts a complete address and defaults is_default_address to false', () => {
    const parsed = addressSchema.parse(validAddress);
    expect(parsed).toMatchObject(validAddress);
    expect(parsed.is_default_address).toBe(false);
  });

  it.each(required)('%s missing -> "%s"', (field, message) => {
    const input: Record<string, unknown> = { ...validAddress };
    delete input[field];
    expect(fieldErrors(addressSchema, input)[field]).toEqual([message]);
  });

  // The form shows the first message of a field; the digits fields may add 'digits only' after it.
  it.each(required)('%s empty or blank -> "%s" first', (field, message) => {
    expect(fieldErrors(addressSchema, { ...validAddress, [field]: '' })[field]?.[0]).toBe(message);
    expect(fieldErrors(addressSchema, { ...validAddress, [field]: '   ' })[field]?.[0]).toBe(message);
  });

  it('an empty form names all ten fields, each with its own message', () => {
    const errors = fieldErrors(addressSchema, {});
    for (const [field, message] of required) expect(errors[field]).toEqual([message]);
    expect(Object.keys(errors).sort()).toEqual(required.map(([f]) => f).sort());
  });

  it('an empty or blank phone or PO box says only that it is required', () => {
    for (const blank of ['', '   ']) {
      const errors = fieldErrors(addressSchema, { ...validAddress, phone: blank, pincode: blank });
      expect(errors.phone, JSON.stringify(blank)).toEqual(['Phone Number is required']);
      expect(errors.pincode, JSON.stringify(blank)).toEqual(['Po Box is required']);
    }
  });

  it('phone: a UAE mobile as people type it, stored in its 10-digit form (docs/product.md#phone-numbers)', () => {
    for (const phone of ['+971 50 123 4567', '00971 50 123 4567', '971501234567', '050 123 4567', '050-123-4567', '0501234567'])
      expect(addressSchema.parse({ ...validAddress, phone }).phone, phone).toBe('0501234567');
    for (const [phone, message] of [
      ['050123', 'Phone number must be 10 digits'],
      ['05012345678', 'Phone number must be 10 digits'],
      ['050 123 45', 'Phone number must be 10 digits'],
      ['05012345ab', 'Phone number must contain digits only'],
      ['+44 20 7946 0958', phoneMessages.notUae],
      ['04 555 0199', phoneMessages.notMobile],
    ] as const) {
      const errors = fieldErrors(addressSchema, { ...validAddress, phone });
      expect(errors.phone, phone).toEqual([message]);
      expect(Object.keys(errors)).toEqual(['phone']);
    }
  });

  it('PO box: digits only, at most 5', () => {
    for (const pincode of ['12345', '1', '00012'])
      expect(addressSchema.safeParse({ ...validAddress, pincode }).success, pincode).toBe(true);
    for (const pincode of ['123456', '12a45', '12-45', 'PO 12']) {
      const errors = fieldErrors(addressSchema, { ...validAddress, pincode });
      expect(errors.pincode, pincode).toBeDefined();
      expect(Object.keys(errors)).toEqual(['pincode']);
    }
  });

  it('emirate: one of the seven, nothing else', () => {
    expect(EMIRATES).toEqual(['Abu Dhabi', 'Dubai', 'Sharjah', 'Ajman', 'Umm Al Quwain', 'Ras Al Khaimah', 'Fujairah']);
    for (const state of EMIRATES) expect(addressSchema.safeParse({ ...validAddress, state }).success, state).toBe(true);
    for (const state of ['Riyadh', 'dubai', 'Muscat', 'Al Ain', 'DXB'])
      expect(fieldErrors(addressSchema, { ...validAddress, state }).state, state).toEqual(['Emirates is required']);
  });

  it('address type: Home, Work or Other', () => {
    expect(ADDRESS_TYPES).toEqual(['Home', 'Work', 'Other']);
    for (const address_type of ADDRESS_TYPES) expect(addressSchema.safeParse({ ...validAddress, address_type }).success).toBe(true);
    expect(fieldErrors(addressSchema, { ...validAddress, address_type: 'Office' }).address_type).toEqual(['Address type is required']);
  });

  it("is_default_address accepts the spec client's 1/0 and booleans", () => {
    for (const [value, expected] of [
      ['1', true],
      ['0', false],
      [1, true],
      [0, false],
      [true, true],
      [false, false],
      ['true', true],
      ['false', false],
    ] as const) {
      expect(addressSchema.parse({ ...validAddress, is_default_address: value }).is_default_address, String(value)).toBe(expected);
    }
    expect(addressSchema.safeParse({ ...validAddress, is_default_address: 'maybe' }).success).toBe(false);
  });

  it('trims the text it keeps', () => {
    expect(addressSchema.parse({ ...validAddress, name: '  Aisha  ', phone: ' 0501234567 ' })).toMatchObject({
      name: 'Aisha',
      phone: '0501234567',
    });
  });

  it('updates need a positive address_id', () => {
    expect(updateAddressSchema.parse({ ...validAddress, address_id: '7' }).address_id).toBe(7);
    expect(fieldErrors(updateAddressSchema, validAddress).address_id).toBeDefined();
    expect(fieldErrors(updateAddressSchema, { ...validAddress, address_id: '0' }).address_id).toBeDefined();
  });
});

describe('deliveryFormSchema: the delivery location form (docs/product.md#validation)', () => {
  it('accepts a complete form; remarks are optional', () => {
    expect(deliveryFormSchema.safeParse(validDeliveryForm).success).toBe(true);
    const { remarks: _remarks, ...withoutRemarks } = validDeliveryForm;
    expect(deliveryFormSchema.parse(withoutRemarks).remarks).toBe('');
  });

  it('contact name required: "Contact name is required"', () => {
    expect(fieldErrors(deliveryFormSchema, { ...validDeliveryForm, contact_name: '' }).contact_name).toEqual(['Contact name is required']);
    const { contact_name: _n, ...missing } = validDeliveryForm;
    expect(fieldErrors(deliveryFormSchema, missing).contact_name).toEqual(['Contact name is required']);
  });

  it('contact number exactly 10 digits: "Contact number must be 10 digits"', () => {
    for (const contact_number of ['050123456', '05012345678', '050123456a', '050-123-456', '']) {
      expect(fieldErrors(deliveryFormSchema, { ...validDeliveryForm, contact_number }).contact_number, contact_number).toEqual([
        'Contact number must be 10 digits',
      ]);
    }
    const { contact_number: _c, ...missing } = validDeliveryForm;
    expect(fieldErrors(deliveryFormSchema, missing).contact_number).toEqual(['Contact number must be 10 digits']);
  });

  it('contact number: a UAE mobile as people type it, in its 10-digit form; other countries and landlines are told why', () => {
    for (const contact_number of ['+971 50 123 4567', '00971 50 123 4567', '050-123-4567', '(050) 123 4567'])
      expect(deliveryFormSchema.parse({ ...validDeliveryForm, contact_number }).contact_number, contact_number).toBe('0501234567');
    expect(fieldErrors(deliveryFormSchema, { ...validDeliveryForm, contact_number: '+966 50 123 4567' }).contact_number).toEqual([
      phoneMessages.notUae,
    ]);
    expect(fieldErrors(deliveryFormSchema, { ...validDeliveryForm, contact_number: '04 555 0199' }).contact_number).toEqual([
      phoneMessages.notMobile,
    ]);
  });

  it('date, timing, lift and pass are required', () => {
    for (const field of ['date_of_delivery', 'available_timing', 'lift_available', 'pass_required']) {
      const input: Record<string, unknown> = { ...validDeliveryForm };
      delete input[field];
      expect(fieldErrors(deliveryFormSchema, input)[field], field).toBeDefined();
    }
    expect(fieldErrors(deliveryFormSchema, { ...validDeliveryForm, date_of_delivery: '01/07/2026' }).date_of_delivery).toBeDefined();
    // A date already gone is refused on the server too, by the UAE calendar.
    expect(fieldErrors(deliveryFormSchema, { ...validDeliveryForm, date_of_delivery: '2020-01-01' }).date_of_delivery).toEqual([
      'Date of delivery cannot be in the past',
    ]);
    expect(todayInDubai(new Date('2026-11-21T21:30:00Z'))).toBe('2026-11-22');
    expect(fieldErrors(deliveryFormSchema, { ...validDeliveryForm, lift_available: 'Maybe' }).lift_available).toBeDefined();
    expect(fieldErrors(deliveryFormSchema, { ...validDeliveryForm, pass_required: 'yes please' }).pass_required).toBeDefined();
  });

  it('floors must be positive only when there is no lift: "No of floors should be positive"', () => {
    const noLift = { ...validDeliveryForm, lift_available: 'No' };
    for (const no_of_floors of [undefined, '', '0', '-2', 0]) {
      const input = no_of_floors === undefined ? noLift : { ...noLift, no_of_floors };
      expect(fieldErrors(deliveryFormSchema, input).no_of_floors, String(no_of_floors)).toContain('No of floors should be positive');
    }
    expect(deliveryFormSchema.parse({ ...noLift, no_of_floors: '3' }).no_of_floors).toBe(3);
    expect(deliveryFormSchema.parse({ ...noLift, no_of_floors: 12 }).no_of_floors).toBe(12);
    // With a lift the floors do not matter.
    for (const no_of_floors of [undefined, '', '0']) {
      const input = no_of_floors === undefined ? validDeliveryForm : { ...validDeliveryForm, no_of_floors };
      expect(deliveryFormSchema.safeParse(input).success, String(no_of_floors)).toBe(true);
    }
  });
});

describe('orderPayloadSchema: only the choices count (docs/decisions/0002-money-in-fils-api-in-aed.md)', () => {
  it('accepts the spec payload, amounts and all, without interpreting them', () => {
    const parsed = orderPayloadSchema.parse({
      customer_id: 5,
      address_id: '12',
      weight_form_id: '',
      payment_type: 'online',
      sub_total: 0.01,
      discount_amount: 99999,
      grand_total: -1,
      tax_amount: 'free',
      product_array: [{ product_id: 1, price: 0, discount: 100, quantity: 1 }],
      shipping_address: 'somewhere',
    });
    expect(parsed.address_id).toBe(12);
  });

  it('no address_id -> "Please add a delivery address"', () => {
    expect(fieldErrors(orderPayloadSchema, {}).address_id).toEqual(['Please add a delivery address']);
    expect(fieldErrors(orderPayloadSchema, { address_id: '0' }).address_id).toEqual(['Please add a delivery address']);
  });

  it('an idempotency key is 8 to 64 characters (stored with the customer id in 100); a coupon at most 20', () => {
    expect(orderPayloadSchema.safeParse({ address_id: 1, idempotency_key: 'short' }).success).toBe(false);
    expect(orderPayloadSchema.safeParse({ address_id: 1, idempotency_key: 'k'.repeat(65) }).success).toBe(false);
    expect(orderPayloadSchema.safeParse({ address_id: 1, idempotency_key: 'k'.repeat(64) }).success).toBe(true);
    expect(orderPayloadSchema.safeParse({ address_id: 1, coupon: 'C'.repeat(21) }).success).toBe(false);
  });

  it('order list: the spec filters and a page of at least 1', () => {
    expect(orderListSchema.parse({})).toMatchObject({ page: 1, filter: 'all' });
    for (const filter of ['all', 'ontheway', 'cancelled', 'refund', 'delivered'])
      expect(orderListSchema.safeParse({ filter }).success, filter).toBe(true);
    expect(orderListSchema.safeParse({ filter: 'lost' }).success).toBe(false);
    expect(orderListSchema.safeParse({ page: '0' }).success).toBe(false);
  });
});

describe('delivery status transitions (docs/decisions/0020-orders-stock-and-payment.md)', () => {
  const ALL = [...DELIVERY_STATUSES];
  const ALLOWED = new Set([
    'pending>shipped',
    'shipped>ontheway',
    'ontheway>delivered',
    'pending>cancelled',
    'shipped>cancelled',
    'delivered>refund',
  ]);

  it('has the six statuses with the spec labels', () => {
    expect(Object.keys(deliveryStatusLabels)).toEqual([...DELIVERY_STATUSES]);
    expect(Object.keys(DELIVERY_TRANSITIONS)).toEqual([...DELIVERY_STATUSES]);
    expect(deliveryStatusLabels).toEqual({
      pending: 'Delivery Pending',
      shipped: 'Shipped',
      ontheway: 'On the way',
      delivered: 'Delivered',
      cancelled: 'Cancelled',
      refund: 'Refund',
    });
  });

  it.each([...ALLOWED])('allows %s', (move) => {
    const [from, to] = move.split('>') as [DeliveryStatus, DeliveryStatus];
    expect(canMoveDelivery(from, to)).toBe(true);
  });

  it('refuses every other move, staying put included (all 36 pairs checked)', () => {
    let refused = 0;
    for (const from of ALL) {
      for (const to of ALL) {
        const expected = ALLOWED.has(`${from}>${to}`);
        expect(canMoveDelivery(from, to), `${from} -> ${to}`).toBe(expected);
        expect(DELIVERY_TRANSITIONS[from].includes(to)).toBe(expected);
        if (!expected) refused++;
      }
    }
    expect(refused).toBe(36 - ALLOWED.size);
  });

  it.each([
    ['pending', 'delivered'],
    ['pending', 'ontheway'],
    ['ontheway', 'cancelled'],
    ['delivered', 'cancelled'],
    ['cancelled', 'pending'],
    ['refund', 'delivered'],
    ['delivered', 'pending'],
    ['shipped', 'refund'],
  ] as [DeliveryStatus, DeliveryStatus][])('refuses %s -> %s', (from, to) => {
    expect(canMoveDelivery(from, to)).toBe(false);
  });

  it('cancelled and refund are final', () => {
    expect(DELIVERY_TRANSITIONS.cancelled).toEqual([]);
    expect(DELIVERY_TRANSITIONS.refund).toEqual([]);
  });
});
