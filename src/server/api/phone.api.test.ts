// Phone numbers through the API (docs/product.md#phone-numbers, docs/decisions/0027-phone-numbers.md): a UAE mobile typed
// in any of the usual ways is stored, and answered, in its one 10-digit form by the address, delivery location
// and contact endpoints; another country's number or a landline is refused with a message that says why.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Endpoint } from '@/domain/api/endpoint';
import { addressesApi } from '@/domain/api/addresses';
import { checkoutApi } from '@/domain/api/checkout';
import { contactApi } from '@/domain/api/contact';
import type { Db } from '@/server/db/client';
import { addresses, contactMessages as contactTable, deliveryForms } from '@/server/db/schema/shopping';
import { phoneMessages } from '@/domain/messages/phone';
import { checkoutFieldMessages } from '@/domain/messages/checkout';
import { contactMessages } from '@/domain/messages/contact';
import { freshDatabase, type TestDatabase } from '../../../tests/db';
import { recordingMailer } from '../../../tests/accounts';
import { expectFieldError, expectStatus, type EndpointCall } from '../../../tests/api';
import { signedInCustomer } from '../../../tests/shopping';
import { addressForm, callCheckout, deliveryFormFields, shopper } from '../../../tests/checkout';

const TYPED = ['+971 50 123 4567', '00971 50 123 4567', '971501234567', '050 123 4567', '050-123-4567', '0501234567'];
const STORED = '0501234567';

let handle: TestDatabase;
let db: Db;
const mailer = recordingMailer();
const call = <E extends Endpoint>(endpoint: E, options: EndpointCall<E> = {}) => callCheckout(db, mailer, endpoint, options);

beforeAll(async () => {
  handle = await freshDatabase();
  db = handle.db;
});
afterAll(async () => {
  await handle.dispose();
});

describe('addresses', () => {
  it('add-address stores and answers every usual way of typing a UAE mobile as 0501234567', async () => {
    const me = await signedInCustomer(db);
    for (const phone of TYPED) {
      const r = await call(addressesApi.add, { as: me, body: addressForm({ name: phone, phone }), encoding: 'multipart' });
      expectStatus(r, 201);
      expect(r.data.phone, phone).toBe(STORED);
    }
    const rows = await db.select().from(addresses).where(eq(addresses.userId, me.user.id));
    expect(rows.map((row) => row.phone)).toEqual(TYPED.map(() => STORED));
  });

  it('update-address stores the normal form too; another country or a landline is told why, and nothing changes', async () => {
    const me = await shopper(db, { phone: '0551112233' });
    const update = (phone: string) =>
      call(addressesApi.update, { as: me, body: { ...addressForm({ phone }), address_id: me.address.id }, encoding: 'form' });
    const r = await update('+971 (0) 56 765 4321');
    expectStatus(r, 200);
    expect(r.data.phone).toBe('0567654321');
    expectFieldError(await update('+44 20 7946 0958'), 'phone', phoneMessages.notUae);
    expectFieldError(await update('04 555 0199'), 'phone', phoneMessages.notMobile);
    expectFieldError(await update('050 123 456'), 'phone', checkoutFieldMessages.phoneDigits);
    const [row] = await db.select().from(addresses).where(eq(addresses.id, me.address.id));
    expect(row!.phone).toBe('0567654321');
  });
});

describe('delivery location form (weight-form)', () => {
  it('stores the contact number in its 10-digit form, however it was typed', async () => {
    for (const contact_number of TYPED) {
      const me = await signedInCustomer(db);
      const r = await call(checkoutApi.deliveryForm, { as: me, body: deliveryFormFields({ contact_number }), encoding: 'multipart' });
      expectStatus(r, 200);
      const [row] = await db.select().from(deliveryForms).where(eq(deliveryForms.id, r.data.data.id));
      expect(row!.contactNumber, contact_number).toBe(STORED);
    }
  });

  it('refuses another country and a landline with their own messages, and a short number with the spec message', async () => {
    const me = await signedInCustomer(db);
    const send = (contact_number: string) =>
      call(checkoutApi.deliveryForm, { as: me, body: deliveryFormFields({ contact_number }), encoding: 'multipart' });
    expectFieldError(await send('+966 50 123 4567'), 'contact_number', phoneMessages.notUae);
    expectFieldError(await send('+971 4 555 0199'), 'contact_number', phoneMessages.notMobile);
    expectFieldError(await send('050 123'), 'contact_number', checkoutFieldMessages.contactNumberDigits);
    expect(await db.select().from(deliveryForms).where(eq(deliveryForms.userId, me.user.id))).toEqual([]);
  });
});

describe('contact', () => {
  it('stores the phone of a contact message in its 10-digit form', async () => {
    for (const [i, phone] of TYPED.entries()) {
      const email = `phone${i}@example.ae`;
      const r = await call(contactApi.send, {
        body: { first_name: 'Reem', last_name: 'Ali', email, phone, message: 'Do you deliver to Al Ain?' },
        deps: { clientAddress: `198.51.100.${60 + i}` },
      });
      expectStatus(r, 200);
      const rows = await db.select().from(contactTable).where(eq(contactTable.email, email));
      expect(
        rows.map((row) => row.phone),
        phone,
      ).toEqual([STORED]);
    }
  });

  it("refuses another country and a landline with their own messages, letters with the spec's", async () => {
    for (const [phone, message] of [
      ['+44 20 7946 0958', phoneMessages.notUae],
      ['04 555 0199', phoneMessages.notMobile],
      ['05012345ab', contactMessages.phoneDigits],
    ] as const) {
      const email = 'refused@example.ae';
      const r = await call(contactApi.send, {
        body: { first_name: 'Reem', last_name: 'Ali', email, phone, message: 'Hello' },
        deps: { clientAddress: '198.51.100.80' },
      });
      expectFieldError(r, 'phone', message);
      expect(await db.select().from(contactTable).where(eq(contactTable.email, email))).toEqual([]);
    }
  });
});
