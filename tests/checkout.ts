// Helpers for the checkout tests: address inputs, shoppers with a default address and a cart,
// order deps with a recording mailer, and a caller for /api that passes the deps the app's
// middleware would resolve (mailer and shop name included). Money is integer fils (docs/decisions/0002-money-in-fils-api-in-aed.md).
import os from 'node:os';
import { eq } from 'drizzle-orm';
import { openDatabase, type Db, type DatabaseHandle } from '@/server/db/client';
import { products } from '@/server/db/schema/catalog';
import { cartItems } from '@/server/db/schema/shopping';
import type { z } from 'zod';
import { addressSchema, type AddressInput, type deliveryFormSchema } from '@/domain/checkout';
import type { BodyInput, Endpoint, QueryInput } from '@/domain/api/endpoint';
import { addAddress, type Address } from '@/server/addresses/address.service';
import type { OrderDeps } from '@/server/orders/order.service';
import type { PaymentProvider } from '@/server/payments/payment-provider';
import { recordingMailer, type RecordingMailer } from './accounts';
import { callEndpoint, type EndpointAnswer, type EndpointCall } from './api';
import { callApi, signedInCustomer, type Answer, type CallOptions, type Customer } from './shopping';

let sequence = 0;
const next = () => ++sequence;

/** The address form's fields as a client sends them. */
export type AddressFields = z.input<typeof addressSchema>;

/** The address form as the shop's client sends it (every value text). */
export function addressForm(overrides: Partial<AddressFields> = {}): AddressFields {
  const n = next();
  return {
    name: `Aisha ${n}`,
    phone: '0501234567',
    pincode: '12345',
    address: `Street ${n}, Al Barsha`,
    city: 'Dubai',
    state: 'Dubai',
    flat_building: `Flat ${n}, Tower A`,
    locality: 'Al Barsha 1',
    land_mark: 'Near the mall',
    address_type: 'Home',
    is_default_address: '0',
    ...overrides,
  };
}

/** A valid parsed address input. */
export function addressInput(overrides: Partial<AddressFields> = {}): AddressInput {
  return addressSchema.parse(addressForm(overrides));
}

export async function addressFor(db: Db, userId: number, overrides: Partial<AddressFields> = {}): Promise<Address> {
  return addAddress(db, userId, addressInput(overrides));
}

/** Puts a line in a customer's cart directly (the cart service's own checks are tested elsewhere). */
export async function putInCart(db: Db, userId: number, productId: number, quantity = 1): Promise<void> {
  await db
    .insert(cartItems)
    .values({ userId, productId, quantity })
    .onConflictDoUpdate({ target: [cartItems.userId, cartItems.productId], set: { quantity } });
}

export async function cartOfUser(db: Db, userId: number): Promise<Record<number, number>> {
  const rows = await db.select().from(cartItems).where(eq(cartItems.userId, userId));
  return Object.fromEntries(rows.map((r) => [r.productId, r.quantity]));
}

export async function stockOf(db: Db, productId: number): Promise<{ quantity: number; unitsSold: number }> {
  const [row] = await db
    .select({ quantity: products.quantity, unitsSold: products.unitsSold })
    .from(products)
    .where(eq(products.id, productId));
  if (!row) throw new Error(`No product ${productId}`);
  return row;
}

export interface Shopper extends Customer {
  address: Address;
}

/** A signed-in customer with one (default) address in Dubai. */
export async function shopper(db: Db, addressOverrides: Partial<AddressFields> = {}): Promise<Shopper> {
  const customer = await signedInCustomer(db);
  const address = await addressFor(db, customer.user.id, addressOverrides);
  return { ...customer, address };
}

export interface TestOrderDeps extends OrderDeps {
  mailer: RecordingMailer;
}

export function orderDeps(db: Db, payments: PaymentProvider | null, now?: () => Date): TestOrderDeps {
  return { db, mailer: recordingMailer(), shopName: 'Safe Buddy', payments, ...(now ? { now } : {}) };
}

export type CheckoutCallOptions = CallOptions;

/** Calls /api/{path} the way the Astro route does: session user, mailer, shop name, data dir. */
export function callCheckoutApi(db: Db, mailer: RecordingMailer, path: string, options: CheckoutCallOptions = {}): Promise<Answer> {
  return callApi(db, path, {
    ...options,
    deps: { clientAddress: '198.51.100.7', mailer, shopName: 'Safe Buddy', dataDir: os.tmpdir(), ...options.deps },
  });
}

/** Calls an endpoint of the contract typed, with the deps the app's middleware would resolve (mailer, shop name, data dir). */
export function callCheckout<E extends Endpoint>(
  db: Db,
  mailer: RecordingMailer,
  endpoint: E,
  call: EndpointCall<E> = {},
): Promise<EndpointAnswer<E>> {
  return callEndpoint(db, endpoint, {
    ...call,
    deps: { clientAddress: '198.51.100.7', mailer, shopName: 'Safe Buddy', dataDir: os.tmpdir(), ...call.deps },
  });
}

/**
 * Input as a client may send it, with values or fields the endpoint's schema refuses or ignores
 * (a value no form offers, a field older clients add), given the endpoint's input type so
 * the call that sends it stays typed.
 */
export function sentBody<E extends Endpoint>(_endpoint: E, fields: unknown): BodyInput<E> {
  return fields as BodyInput<E>;
}

export function sentQuery<E extends Endpoint>(_endpoint: E, fields: Record<string, unknown>): QueryInput<E> {
  return fields as QueryInput<E>;
}

/** The delivery form's fields as a client sends them. */
export type DeliveryFormFields = z.input<typeof deliveryFormSchema>;

/** The delivery location form (the delivery form, docs/glossary.md) as the client sends it. */
export function deliveryFormFields(overrides: Partial<DeliveryFormFields> = {}): DeliveryFormFields {
  return {
    contact_name: 'Omar Saeed',
    contact_number: '0501234567',
    date_of_delivery: '2099-07-01',
    available_timing: '9am - 1pm',
    remarks: 'Call before arriving',
    lift_available: 'No',
    no_of_floors: '3',
    pass_required: 'Yes',
    ...overrides,
  };
}

/**
 * A second app instance on the same database: on PostgreSQL a separate connection pool (as a
 * second server process would have); PGlite is single-process, so there it is the same handle.
 */
export async function secondInstance(handle: DatabaseHandle): Promise<{ db: Db; close(): Promise<void> }> {
  if (handle.kind !== 'postgres') return { db: handle.db, close: async () => undefined };
  const url = (handle.db as unknown as { $client: { options: { connectionString: string } } }).$client.options.connectionString;
  const other = await openDatabase({ url });
  return { db: other.db, close: () => other.close() };
}
