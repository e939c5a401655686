// Delivery addresses: exactly one default whenever there is any address, and a customer only
// ever reaches their own (docs/product.md#behaviour, #validation; docs/decisions/0008-sessions.md).
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { addresses } from '@/server/db/schema/shopping';
import { NotFoundError } from '@/server/errors';
import {
  addAddress,
  defaultAddress,
  deleteAddress,
  getAddress,
  getDeliveryForm,
  listAddresses,
  saveDeliveryForm,
  setDefaultAddress,
  updateAddress,
} from './address.service';
import { useFreshDatabase } from '../../../tests/db';
import { insertUser } from '../../../tests/accounts';
import { addressFor, addressInput } from '../../../tests/checkout';

let db: Db;

useFreshDatabase((database) => {
  db = database.db;
});

/** The ids of the customer's default addresses, read straight from the table. */
async function defaults(userId: number): Promise<number[]> {
  const rows = await db.select().from(addresses).where(eq(addresses.userId, userId));
  return rows.filter((r) => r.isDefaultAddress).map((r) => r.id);
}

async function customer() {
  return insertUser(db);
}

describe('exactly one default', () => {
  it('several "make default" additions at once all succeed, leaving exactly one default', async () => {
    const u = await customer();
    await Promise.all(
      Array.from({ length: 5 }, (_, i) => addAddress(db, u.id, addressInput({ name: `Parallel ${i}`, is_default_address: '1' }))),
    );
    const rows = await listAddresses(db, u.id);
    expect(rows).toHaveLength(5);
    expect(rows.filter((r) => r.isDefaultAddress)).toHaveLength(1);
  });

  it('the first address becomes the default even when not ticked', async () => {
    const u = await customer();
    const first = await addressFor(db, u.id, { is_default_address: '0' });
    expect(first.isDefaultAddress).toBe(true);
    expect(await defaults(u.id)).toEqual([first.id]);
    expect((await defaultAddress(db, u.id))?.id).toBe(first.id);
  });

  it('a second address without the tick leaves the default where it is', async () => {
    const u = await customer();
    const first = await addressFor(db, u.id);
    const second = await addressFor(db, u.id, { is_default_address: '0' });
    expect(second.isDefaultAddress).toBe(false);
    expect(await defaults(u.id)).toEqual([first.id]);
  });

  it('adding with the tick moves the default to the new address', async () => {
    const u = await customer();
    await addressFor(db, u.id);
    await addressFor(db, u.id);
    const third = await addressFor(db, u.id, { is_default_address: '1' });
    expect(third.isDefaultAddress).toBe(true);
    expect(await defaults(u.id)).toEqual([third.id]);
  });

  it('the list puts the default first', async () => {
    const u = await customer();
    const a = await addressFor(db, u.id);
    const b = await addressFor(db, u.id);
    const c = await addressFor(db, u.id, { is_default_address: '1' });
    const list = await listAddresses(db, u.id);
    expect(list.map((x) => x.id)[0]).toBe(c.id);
    expect(list.map((x) => x.id).sort()).toEqual([a.id, b.id, c.id].sort());
    expect(list.filter((x) => x.isDefaultAddress)).toHaveLength(1);
  });

  it('unticking the only default keeps it the default', async () => {
    const u = await customer();
    const only = await addressFor(db, u.id);
    const updated = await updateAddress(db, u.id, only.id, addressInput({ city: 'Sharjah', state: 'Sharjah', is_default_address: '0' }));
    expect(updated.isDefaultAddress).toBe(true);
    expect(updated.city).toBe('Sharjah');
    expect(await defaults(u.id)).toEqual([only.id]);
  });

  it('unticking the default among several keeps it too (there must always be one)', async () => {
    const u = await customer();
    const first = await addressFor(db, u.id);
    await addressFor(db, u.id);
    await updateAddress(db, u.id, first.id, addressInput({ is_default_address: '0' }));
    expect(await defaults(u.id)).toEqual([first.id]);
  });

  it('ticking default on an update moves the default there', async () => {
    const u = await customer();
    await addressFor(db, u.id);
    const second = await addressFor(db, u.id);
    const updated = await updateAddress(db, u.id, second.id, addressInput({ is_default_address: '1' }));
    expect(updated.isDefaultAddress).toBe(true);
    expect(await defaults(u.id)).toEqual([second.id]);
  });

  it('an update keeps every field it was given', async () => {
    const u = await customer();
    const a = await addressFor(db, u.id);
    const input = addressInput({
      name: 'New Name',
      phone: '0559876543',
      pincode: '54321',
      flat_building: 'Villa 9',
      address: 'Road 2',
      city: 'Abu Dhabi',
      state: 'Abu Dhabi',
      locality: 'Khalifa City',
      land_mark: 'Mosque',
      address_type: 'Work',
    });
    await updateAddress(db, u.id, a.id, input);
    expect(await getAddress(db, u.id, a.id)).toMatchObject({
      name: 'New Name',
      phone: '0559876543',
      poBox: '54321',
      flatBuilding: 'Villa 9',
      address: 'Road 2',
      city: 'Abu Dhabi',
      state: 'Abu Dhabi',
      locality: 'Khalifa City',
      landMark: 'Mosque',
      addressType: 'Work',
    });
  });

  it('change-default makes the chosen one the only default', async () => {
    const u = await customer();
    const a = await addressFor(db, u.id);
    const b = await addressFor(db, u.id);
    const c = await addressFor(db, u.id);
    await setDefaultAddress(db, u.id, b.id);
    expect(await defaults(u.id)).toEqual([b.id]);
    await setDefaultAddress(db, u.id, c.id);
    expect(await defaults(u.id)).toEqual([c.id]);
    await setDefaultAddress(db, u.id, c.id); // again: still exactly one
    expect(await defaults(u.id)).toEqual([c.id]);
    await setDefaultAddress(db, u.id, a.id);
    expect(await defaults(u.id)).toEqual([a.id]);
  });

  it('deleting the default promotes the newest remaining address', async () => {
    const u = await customer();
    const a = await addressFor(db, u.id);
    const b = await addressFor(db, u.id);
    const c = await addressFor(db, u.id);
    expect(await defaults(u.id)).toEqual([a.id]);
    await deleteAddress(db, u.id, a.id);
    expect(await defaults(u.id)).toEqual([c.id]);
    await deleteAddress(db, u.id, c.id);
    expect(await defaults(u.id)).toEqual([b.id]);
    await deleteAddress(db, u.id, b.id);
    expect(await defaults(u.id)).toEqual([]);
    expect(await defaultAddress(db, u.id)).toBeNull();
  });

  it('deleting a non-default address leaves the default alone', async () => {
    const u = await customer();
    const a = await addressFor(db, u.id);
    const b = await addressFor(db, u.id);
    await deleteAddress(db, u.id, b.id);
    expect(await defaults(u.id)).toEqual([a.id]);
    expect((await listAddresses(db, u.id)).map((x) => x.id)).toEqual([a.id]);
  });

  it('after deleting everything, the next address becomes the default again', async () => {
    const u = await customer();
    const a = await addressFor(db, u.id);
    await deleteAddress(db, u.id, a.id);
    const b = await addressFor(db, u.id);
    expect(b.isDefaultAddress).toBe(true);
  });

  it('parallel adds with the tick still leave one default (the database allows no second)', async () => {
    const u = await customer();
    await addressFor(db, u.id);
    const results = await Promise.allSettled(
      Array.from({ length: 5 }, () => addAddress(db, u.id, addressInput({ is_default_address: '1' }))),
    );
    expect(results.some((r) => r.status === 'fulfilled')).toBe(true);
    expect(await defaults(u.id)).toHaveLength(1);
  });

  it("one customer's default never touches another's", async () => {
    const u = await customer();
    const v = await customer();
    const ua = await addressFor(db, u.id);
    const va = await addressFor(db, v.id);
    await addressFor(db, u.id, { is_default_address: '1' });
    expect(await defaults(v.id)).toEqual([va.id]);
    await setDefaultAddress(db, u.id, ua.id);
    expect(await defaults(v.id)).toEqual([va.id]);
  });
});

describe("another customer's address is not there (404)", () => {
  it('get, update, delete and change-default all answer NotFound and change nothing', async () => {
    const owner = await customer();
    const intruder = await customer();
    const target = await addressFor(db, owner.id, { name: 'Owner' });
    await addressFor(db, intruder.id);
    const before = await getAddress(db, owner.id, target.id);

    await expect(getAddress(db, intruder.id, target.id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(
      updateAddress(db, intruder.id, target.id, addressInput({ name: 'Hijacked', is_default_address: '1' })),
    ).rejects.toMatchObject({ status: 404 });
    await expect(deleteAddress(db, intruder.id, target.id)).rejects.toMatchObject({ status: 404 });
    await expect(setDefaultAddress(db, intruder.id, target.id)).rejects.toMatchObject({ status: 404 });

    expect(await getAddress(db, owner.id, target.id)).toEqual(before);
    expect((await listAddresses(db, intruder.id)).map((a) => a.id)).not.toContain(target.id);
    expect(await defaults(intruder.id)).toHaveLength(1);
  });

  it('an id that does not exist is NotFound too', async () => {
    const u = await customer();
    await expect(getAddress(db, u.id, 987_654)).rejects.toBeInstanceOf(NotFoundError);
    await expect(setDefaultAddress(db, u.id, 987_654)).rejects.toBeInstanceOf(NotFoundError);
  });
});

describe('delivery location form', () => {
  it('saves the form; floors only when there is no lift', async () => {
    const u = await customer();
    const base = {
      contact_name: 'Omar',
      contact_number: '0501234567',
      date_of_delivery: '2099-07-01',
      available_timing: '9-1',
      remarks: '',
      pass_required: 'No' as const,
    };
    const noLift = await saveDeliveryForm(db, u.id, { ...base, lift_available: 'No', no_of_floors: 4 });
    expect(noLift).toMatchObject({ userId: u.id, liftAvailable: 'No', noOfFloors: 4, remarks: null });
    const lift = await saveDeliveryForm(db, u.id, { ...base, lift_available: 'Yes', no_of_floors: 4 });
    expect(lift.noOfFloors).toBeNull();
    expect((await getDeliveryForm(db, u.id, lift.id))?.id).toBe(lift.id);
  });

  it("another customer's form is not found", async () => {
    const u = await customer();
    const v = await customer();
    const form = await saveDeliveryForm(db, u.id, {
      contact_name: 'Omar',
      contact_number: '0501234567',
      date_of_delivery: '2099-07-01',
      available_timing: '9-1',
      remarks: 'x',
      lift_available: 'Yes',
      pass_required: 'No',
    });
    expect(await getDeliveryForm(db, v.id, form.id)).toBeNull();
  });
});
