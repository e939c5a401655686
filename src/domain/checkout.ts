// Addresses, the delivery location form and the order payload (spec sections 3, 5, 8; D4, D6).
import { z } from 'zod';

export const EMIRATES = ['Abu Dhabi', 'Dubai', 'Sharjah', 'Ajman', 'Umm Al Quwain', 'Ras Al Khaimah', 'Fujairah'] as const;
export const ADDRESS_TYPES = ['Home', 'Work', 'Other'] as const;
export const PHONE_MAX_DIGITS = 10;
export const PO_BOX_MAX_DIGITS = 5;
/** Unpaid online orders give their stock back after this long (D6). */
export const ABANDONED_ORDER_MINUTES = 30;
export const ORDER_FILTERS = ['all', 'ontheway', 'cancelled', 'refund', 'delivered'] as const;
export const ORDER_PAGE_SIZE = 10;

export const DELIVERY_STATUS_LABELS = {
  pending: 'Delivery Pending',
  shipped: 'Shipped',
  ontheway: 'On the way',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
  refund: 'Refund',
} as const;
export type DeliveryStatus = keyof typeof DELIVERY_STATUS_LABELS;

/** D6: the only status changes there are. */
export const DELIVERY_TRANSITIONS: Record<DeliveryStatus, readonly DeliveryStatus[]> = {
  pending: ['shipped', 'cancelled'],
  shipped: ['ontheway', 'cancelled'],
  ontheway: ['delivered'],
  delivered: ['refund'],
  cancelled: [],
  refund: [],
};

export function canMoveDelivery(from: DeliveryStatus, to: DeliveryStatus): boolean {
  return DELIVERY_TRANSITIONS[from].includes(to);
}

export const checkoutMessages = {
  addressSaved: 'Address saved successfully',
  addressUpdated: 'Address updated successfully',
  addressRemoved: 'Address removed',
  defaultChanged: 'Default address changed',
  addressMissing: 'Address not found',
  addDeliveryAddress: 'Please add a delivery address',
  fillDeliveryDetails: 'Please Fill Delivery Location Details',
  deliveryDetailsThanks: 'Thanks for adding details',
  deliveryFormFailed: 'Form submission failed!',
  deliveryNote: 'Delivery will be scheduled only according to vehicle availability.',
  deliveryDateInPast: 'Date of delivery cannot be in the past',
  cartEmpty: 'Your cart is empty',
  stockGone: (name: string) => `Only the available stock of "${name}" can be ordered. Please update your cart.`,
  orderPlaced: 'Order Placed Successfully',
  paymentIntentFailed: 'Failed to create payment intent',
  cashOrderFailed: 'Some error occurred',
  orderMissing: 'Order not found',
  paymentConfirmed: 'Payment confirmed',
  paymentNotConfirmed: 'The payment has not gone through',
  cardPaymentOff: 'Card payment is not available right now. Please choose cash on delivery.',
  noOrders: 'No orders found',
} as const;

const digits = (max: number, required: string, label: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .regex(/^\d+$/, `${label} must contain digits only`)
    .max(max, `${label} has at most ${max} digits`);

const text = (message: string, max = 200) => z.string({ error: message }).trim().min(1, message).max(max, `At most ${max} characters`);

const flag = z
  .union([z.boolean(), z.literal('1'), z.literal('0'), z.literal('true'), z.literal('false'), z.literal(1), z.literal(0)])
  .transform((v) => v === true || v === '1' || v === 'true' || v === 1);

/** Today's date (YYYY-MM-DD) in the UAE, where deliveries happen. */
export function todayInDubai(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Dubai', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

const customer = { customer_id: z.union([z.string(), z.number()]).optional() };

/** Field names as the spec's client sends them (phone, pincode, flat_building, land_mark, ...). */
export const addressSchema = z.object({
  ...customer,
  name: text('Name is required', 120),
  phone: digits(PHONE_MAX_DIGITS, 'Phone Number is required', 'Phone number'),
  pincode: digits(PO_BOX_MAX_DIGITS, 'Po Box is required', 'Po Box'),
  address: text('Address is required'),
  city: text('City is required', 80),
  state: z.enum(EMIRATES, { error: 'Emirates is required' }),
  flat_building: text('Flat number is required'),
  locality: text('Locality is required', 120),
  land_mark: text('Landmark is required', 120),
  address_type: z.enum(ADDRESS_TYPES, { error: 'Address type is required' }),
  is_default_address: flag.optional().default(false),
});
export type AddressInput = z.infer<typeof addressSchema>;

export const addressRefSchema = z.object({ ...customer, address_id: z.coerce.number().int().positive() });
export const updateAddressSchema = addressSchema.extend({ address_id: z.coerce.number().int().positive() });

export const weightFormSchema = z
  .object({
    ...customer,
    contact_name: text('Contact name is required', 120),
    contact_number: z.string({ error: 'Contact number must be 10 digits' }).trim().regex(/^\d{10}$/, 'Contact number must be 10 digits'),
    date_of_delivery: z.iso.date({ error: 'Date of delivery is required' }),
    available_timing: text('Available timing is required', 60),
    remarks: z.string().trim().max(500, 'At most 500 characters').optional().default(''),
    lift_available: z.enum(['Yes', 'No'], { error: 'Please say whether a lift is available' }),
    no_of_floors: z.union([z.literal(''), z.coerce.number({ error: 'No of floors should be positive' }).int('No of floors should be positive')]).optional(),
    pass_required: z.enum(['Yes', 'No'], { error: 'Please say whether a building pass is required' }),
  })
  .superRefine((v, ctx) => {
    if (v.date_of_delivery < todayInDubai()) ctx.addIssue({ code: 'custom', message: checkoutMessages.deliveryDateInPast, path: ['date_of_delivery'] });
    if (v.lift_available === 'No' && (v.no_of_floors === undefined || v.no_of_floors === '' || v.no_of_floors <= 0)) {
      ctx.addIssue({ code: 'custom', message: 'No of floors should be positive', path: ['no_of_floors'] });
    }
  });

/** The spec's order payload. Only the choices count: every amount in it is ignored (D4). */
export const orderPayloadSchema = z.object({
  ...customer,
  address_id: z.coerce.number({ error: 'Please add a delivery address' }).int().positive('Please add a delivery address'),
  weight_form_id: z.union([z.coerce.number().int().positive(), z.null(), z.literal('')]).optional(),
  coupon: z.string().trim().max(20).optional(),
  coupon_code: z.string().trim().max(20).optional(),
  /** Makes a repeated submission return the first order (D6). */
  idempotency_key: z.string().trim().min(8).max(64).optional(),
  payment_type: z.enum(['online', 'cash_on_delivery']).optional(),
  // Ignored on purpose: the server prices every line itself.
  sub_total: z.unknown().optional(),
  discount_amount: z.unknown().optional(),
  grand_total: z.unknown().optional(),
  tax_amount: z.unknown().optional(),
  product_array: z.unknown().optional(),
  shipping_address: z.unknown().optional(),
});

export const orderListSchema = z.object({
  ...customer,
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  search: z.string().trim().max(100).optional(),
  filter: z.enum(ORDER_FILTERS).optional().default('all'),
});

export const orderRefSchema = z.object({ ...customer, order_id: z.coerce.number().int().positive() });
