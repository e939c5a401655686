// Delivery addresses: a customer's own only, with exactly one default whenever there is any
// (the database allows at most one; these functions keep at least one).
import { and, desc, eq, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '@/server/db/client';
import { builtOnce } from '@/server/db/built-once';
import { addresses, deliveryForms } from '@/server/db/schema/shopping';
import { users } from '@/server/db/schema/accounts';
import { orders } from '@/server/db/schema/orders';
import { NotFoundError } from '@/server/errors';
import { type AddressInput } from '@/domain/checkout';
import { checkoutMessages as t } from '@/domain/messages/checkout';

export type Address = typeof addresses.$inferSelect;

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** One customer's address changes run one at a time, so two "make default" never collide. */
async function lockCustomer(tx: Tx, userId: number): Promise<void> {
  await tx.execute(sql`select ${users.id} from ${users} where ${users.id} = ${userId} for update`);
}

function values(input: AddressInput) {
  return {
    name: input.name,
    phone: input.phone,
    poBox: input.pincode,
    flatBuilding: input.flat_building,
    address: input.address,
    city: input.city,
    state: input.state,
    locality: input.locality,
    landMark: input.land_mark,
    addressType: input.address_type,
  };
}

/** The customer's addresses, the default first. */
export function listAddresses(db: Db, userId: number): Promise<Address[]> {
  return db
    .select()
    .from(addresses)
    .where(eq(addresses.userId, userId))
    .orderBy(desc(addresses.isDefaultAddress), desc(addresses.createdAt), desc(addresses.id));
}

export async function getAddress(db: Db, userId: number, id: number): Promise<Address> {
  const [row] = await db
    .select()
    .from(addresses)
    .where(and(eq(addresses.id, id), eq(addresses.userId, userId)));
  if (!row) throw new NotFoundError(t.addressMissing);
  return row;
}

/** Built once (docs/decisions/0040-mail-outbox.md#built-once): named, PostgreSQL parses and plans it once per connection. */
const orderAddressQuery = builtOnce(
  'order_address',
  (db) => {
    const other = alias(addresses, 'default_address');
    const defaultOne = db
      .select({ id: other.id })
      .from(other)
      .where(and(eq(other.userId, sql.placeholder('userId')), eq(other.isDefaultAddress, true)));
    return db
      .select({ address: addresses, hasDefault: sql<boolean>`exists (${defaultOne})` })
      .from(addresses)
      .where(and(eq(addresses.id, sql.placeholder('id')), eq(addresses.userId, sql.placeholder('userId'))));
  },
  // At start (warmBuiltStatements): ids begin at 1.
  { userId: 0, id: 0 },
);

/**
 * The address an order goes to and whether the customer has a default address (cash on delivery
 * needs one), in one statement: placement reads them inside its transaction
 * (docs/decisions/0040-mail-outbox.md#checkout-under-load). Null when the address is not the customer's.
 */
export async function orderAddress(db: Db, userId: number, id: number): Promise<{ address: Address; hasDefault: boolean } | null> {
  const [row] = await orderAddressQuery(db, { userId, id });
  return row ? { address: row.address, hasDefault: Boolean(row.hasDefault) } : null;
}

export async function defaultAddress(db: Db, userId: number): Promise<Address | null> {
  const [row] = await db
    .select()
    .from(addresses)
    .where(and(eq(addresses.userId, userId), eq(addresses.isDefaultAddress, true)));
  return row ?? null;
}

/** Adds an address; it becomes the default when asked or when the customer has no default yet. */
export async function addAddress(db: Db, userId: number, input: AddressInput): Promise<Address> {
  return db.transaction(async (tx) => {
    await lockCustomer(tx, userId);
    const hasDefault =
      (
        await tx
          .select({ id: addresses.id })
          .from(addresses)
          .where(and(eq(addresses.userId, userId), eq(addresses.isDefaultAddress, true)))
      ).length > 0;
    const makeDefault = input.is_default_address || !hasDefault;
    if (makeDefault) await tx.update(addresses).set({ isDefaultAddress: false }).where(eq(addresses.userId, userId));
    const [row] = await tx
      .insert(addresses)
      .values({ userId, ...values(input), isDefaultAddress: makeDefault })
      .returning();
    return row!;
  });
}

/** Updates an address; unticking "default" on the only default keeps it the default. */
export async function updateAddress(db: Db, userId: number, id: number, input: AddressInput): Promise<Address> {
  const current = await getAddress(db, userId, id);
  return db.transaction(async (tx) => {
    await lockCustomer(tx, userId);
    const makeDefault = input.is_default_address || current.isDefaultAddress;
    if (makeDefault && !current.isDefaultAddress)
      await tx.update(addresses).set({ isDefaultAddress: false }).where(eq(addresses.userId, userId));
    const [row] = await tx
      .update(addresses)
      .set({ ...values(input), isDefaultAddress: makeDefault })
      .where(eq(addresses.id, id))
      .returning();
    return row!;
  });
}

export async function setDefaultAddress(db: Db, userId: number, id: number): Promise<void> {
  await getAddress(db, userId, id);
  await db.transaction(async (tx) => {
    await lockCustomer(tx, userId);
    await tx
      .update(addresses)
      .set({ isDefaultAddress: false })
      .where(and(eq(addresses.userId, userId), ne(addresses.id, id)));
    await tx.update(addresses).set({ isDefaultAddress: true }).where(eq(addresses.id, id));
  });
}

/** Removes an address; when it was the default, the newest remaining one takes its place. */
export async function deleteAddress(db: Db, userId: number, id: number): Promise<void> {
  const current = await getAddress(db, userId, id);
  await db.transaction(async (tx) => {
    await lockCustomer(tx, userId);
    await tx.delete(addresses).where(eq(addresses.id, id));
    if (!current.isDefaultAddress) return;
    const [next] = await tx
      .select({ id: addresses.id })
      .from(addresses)
      .where(eq(addresses.userId, userId))
      .orderBy(desc(addresses.createdAt), desc(addresses.id))
      .limit(1);
    if (next) await tx.update(addresses).set({ isDefaultAddress: true }).where(eq(addresses.id, next.id));
  });
}

export type DeliveryForm = typeof deliveryForms.$inferSelect;

/**
 * A delivery location form belongs to one checkout (docs/decisions/0026-delivery-form-per-order.md): once an
 * order went through with it (cash on delivery, or paid by card) it is that order's, and the next
 * checkout fills its own (prefilled from it). A card order still awaiting payment, or one that was
 * abandoned, does not use it up.
 */
const usedByAnOrder = sql`exists (select 1 from ${orders} where ${orders.deliveryFormId} = ${deliveryForms.id} and (${orders.paymentType} = 'cash_on_delivery' or ${orders.paymentStatus} = 'paid'))`;

/**
 * The form of this checkout: the customer's latest one (a change is a new form, so older ones are
 * superseded), while no order went through with it and its date (yyyy-mm-dd) is not before `today`.
 */
export async function checkoutDeliveryForm(db: Db, userId: number, today: string): Promise<DeliveryForm | null> {
  const [row] = await db
    .select({ form: deliveryForms, used: sql<boolean>`${usedByAnOrder}`.mapWith(Boolean) })
    .from(deliveryForms)
    .where(eq(deliveryForms.userId, userId))
    .orderBy(desc(deliveryForms.createdAt), desc(deliveryForms.id))
    .limit(1);
  return row && !row.used && row.form.dateOfDelivery >= today ? row.form : null;
}

/** The customer's latest form, whatever became of it: the next form is prefilled from it. */
export async function lastDeliveryForm(db: Db, userId: number): Promise<DeliveryForm | null> {
  const [row] = await db
    .select()
    .from(deliveryForms)
    .where(eq(deliveryForms.userId, userId))
    .orderBy(desc(deliveryForms.createdAt), desc(deliveryForms.id))
    .limit(1);
  return row ?? null;
}

/** Some order went through with this form already. */
export async function deliveryFormUsed(db: Db, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: deliveryForms.id })
    .from(deliveryForms)
    .where(and(eq(deliveryForms.id, id), usedByAnOrder));
  return row !== undefined;
}

export async function saveDeliveryForm(
  db: Db,
  userId: number,
  input: {
    contact_name: string;
    contact_number: string;
    date_of_delivery: string;
    available_timing: string;
    remarks: string;
    lift_available: 'Yes' | 'No';
    no_of_floors?: number | '' | undefined;
    pass_required: 'Yes' | 'No';
  },
): Promise<DeliveryForm> {
  const [row] = await db
    .insert(deliveryForms)
    .values({
      userId,
      contactName: input.contact_name,
      contactNumber: input.contact_number,
      dateOfDelivery: input.date_of_delivery,
      availableTiming: input.available_timing,
      remarks: input.remarks || null,
      liftAvailable: input.lift_available,
      noOfFloors: input.lift_available === 'No' && typeof input.no_of_floors === 'number' ? input.no_of_floors : null,
      passRequired: input.pass_required,
    })
    .returning();
  return row!;
}

export async function getDeliveryForm(db: Db, userId: number, id: number): Promise<DeliveryForm | null> {
  const [row] = await db
    .select()
    .from(deliveryForms)
    .where(and(eq(deliveryForms.id, id), eq(deliveryForms.userId, userId)));
  return row ?? null;
}
