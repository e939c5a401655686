// The router's last lines of defence against hostile input (issue 10, point 9;
// docs/decisions/0016-hostile-input.md): path ids checked with the shared id schema, the
// database's invalid-input errors answered with 422 (and a warning without parameters), and
// server errors logged with their context but without personal data.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { api } from '@/server/api/index';
import { inputMessages } from '@/domain/messages/input';
import { z } from 'zod';
import { defineEndpoint } from '@/domain/api/endpoint';
import { createRouter, route } from './router';
import { ok } from './http';
import { useFreshDatabase } from '../../../tests/db';
import { envelopeOf } from '../../../tests/api';
import { recordingMailer } from '../../../tests/accounts';
import { signedInCustomer, type Customer } from '../../../tests/shopping';

let db: Db;
let customer: Customer;
useFreshDatabase(async (database) => {
  db = database.db;
  customer = await signedInCustomer(db);
  await db.execute(
    sql.raw(
      'create table probe (id integer primary key, short varchar(3), required text not null, positive integer check (positive > 0), product integer references products(id), day date)',
    ),
  );
}, 180_000);
afterEach(() => {
  vi.restoreAllMocks();
});

/** Everything the logger writes while `run` runs, one string. */
async function captureLogs<T>(run: () => Promise<T>): Promise<{ result: T; logs: string }> {
  const lines: string[] = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void lines.push(args.map(String).join(' ')));
  vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => void lines.push(args.map(String).join(' ')));
  const result = await run();
  vi.restoreAllMocks();
  return { result, logs: lines.join('\n') };
}

const SECRET_EMAIL = 'leaky.customer@example.ae';
const SECRET_PHONE = '0509876543';
const SECRET_ADDRESS = 'Villa 12, Jumeirah Beach Road';

describe('database invalid-input errors answer 422 (SQLSTATE class 22 and input constraint violations)', () => {
  const cases: [string, string, () => ReturnType<Db['execute']>][] = [
    ['22P02', 'invalid_text_representation', () => db.execute(sql`select ${'not a number'}::integer`)],
    ['22003', 'numeric_value_out_of_range', () => db.execute(sql`select ${'2147483648'}::integer`)],
    ['22021', 'NUL in text', () => db.execute(sql`insert into probe (id, required) values (1, ${`${SECRET_EMAIL}\u0000`})`)],
    ['22001', 'string too long', () => db.execute(sql`insert into probe (id, short, required) values (2, ${SECRET_ADDRESS}, 'x')`)],
    ['22008', 'date out of range', () => db.execute(sql`select ${'2024-02-30'}::date`)],
    ['22007', 'invalid date format', () => db.execute(sql`select ${'yesterday-ish'}::date`)],
    ['23502', 'not null', () => db.execute(sql`insert into probe (id, required) values (3, ${null})`)],
    ['23503', 'foreign key', () => db.execute(sql`insert into probe (id, required, product) values (4, 'x', ${2_000_000_000})`)],
    ['23514', 'check', () => db.execute(sql`insert into probe (id, required, positive) values (5, ${SECRET_PHONE}, ${-1})`)],
  ];
  const router = createRouter(
    cases.map(([code, , run]) =>
      route(
        defineEndpoint({ method: 'POST', path: `probe/${code}`, summary: code, auth: 'public', answer: z.null() }),
        async () => (await run(), ok(null)),
      ),
    ),
  );

  for (const [code, label, run] of cases) {
    it(`${code} (${label}) answers 422 with a field message and logs a warning without the parameters`, async () => {
      await expect(run()).rejects.toBeTruthy();
      const { result: response, logs } = await captureLogs(() =>
        router.handle(new Request(`http://shop.test/api/probe/${code}?email=${encodeURIComponent(SECRET_EMAIL)}`, { method: 'POST' }), {
          db,
        }),
      );
      expect(response.status).toBe(422);
      const body = await envelopeOf(response);
      expect(body).toMatchObject({ success: false, message: inputMessages.invalidValue });
      expect(Object.values(body.data as Record<string, string[]>)).toEqual([[inputMessages.invalidValue]]);
      const line = JSON.parse(logs.split('\n').find((l) => l.includes('refused by the database'))!);
      expect(line).toMatchObject({
        level: 'warn',
        method: 'POST',
        route: `probe/${code}`,
        path: `/api/probe/${code}`,
        query: '?email',
        sqlState: code,
      });
      for (const secret of [SECRET_EMAIL, SECRET_PHONE, SECRET_ADDRESS, 'leaky', 'Jumeirah', '0509']) expect(logs).not.toContain(secret);
    });
  }

  it('still answers 500 for a database error that is not about the input, logged as an error', async () => {
    const failing = createRouter([
      route(
        defineEndpoint({ method: 'GET', path: 'broken', summary: 'x', auth: 'public', answer: z.null() }),
        async () => (await db.execute(sql`select no_such_column from products`), ok(null)),
      ),
    ]);
    const { result, logs } = await captureLogs(() => failing.handle(new Request('http://shop.test/api/broken'), { db }));
    expect(result.status).toBe(500);
    expect(logs).toContain('"level":"error"');
    expect(logs).toContain('42703');
  });
});

describe('path parameters go through the shared id schema', () => {
  const update = (id: string) =>
    api.handle(
      new Request(`http://shop.test/api/user/change_password/${id}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      }),
      {
        db,
        user: customer.user,
        sessionToken: customer.token,
        clientAddress: '192.0.2.50',
        mailer: recordingMailer(),
      },
    );

  it('answers 422 naming the parameter for ids out of int4, not numbers, negative, NUL, or undecodable', async () => {
    for (const id of [
      '2147483648',
      '99999999999999999999',
      '1e3',
      '-1',
      '0',
      'abc',
      '%00',
      '%',
      '%E0%A4%A',
      '%ED%A0%80',
      '..%2F..%2Fetc',
      '1.5',
      '0x10',
    ]) {
      const response = await update(id);
      expect(response.status, id).toBe(422);
      const body = await envelopeOf(response);
      expect(Object.keys(body.data), id).toEqual(['id']);
    }
  });

  it('passes a valid id on in canonical form (its own id, with or without leading zeros)', async () => {
    for (const id of [String(customer.user.id), `000${customer.user.id}`]) {
      const response = await update(id);
      // The body is empty: the change-password schema answers, so the path was accepted.
      expect(response.status, id).toBe(422);
      expect(Object.keys((await envelopeOf(response)).data), id).not.toContain('id');
    }
    expect((await update(String(customer.user.id + 1))).status).toBe(403);
  });
});

describe('a server error is logged with its context and without personal data', () => {
  it('logs method, path, route and the error code of a failed contact message, but no e-mail, phone, name, address or message', async () => {
    // A missing column is a bug (500); a missing table would be a restore in progress (503, docs/decisions/0015-database-faults-and-operations.md).
    await db.execute(sql.raw('alter table contact_messages rename column message to message_gone'));
    try {
      const form = {
        first_name: 'Mariam',
        last_name: 'Haddad',
        email: SECRET_EMAIL,
        phone: SECRET_PHONE,
        message: `Please deliver to ${SECRET_ADDRESS}`,
      };
      const { result, logs } = await captureLogs(() =>
        api.handle(
          new Request(`http://shop.test/api/contact?email=${encodeURIComponent(SECRET_EMAIL)}&phone=${SECRET_PHONE}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(form),
          }),
          { db, clientAddress: '203.0.113.99', mailer: recordingMailer() },
        ),
      );
      expect(result.status).toBe(500);
      for (const secret of [SECRET_EMAIL, 'leaky.customer', SECRET_PHONE, 'Mariam', 'Haddad', 'Jumeirah', '203.0.113.99'])
        expect(logs).not.toContain(secret);
      const line = JSON.parse(logs.split('\n').find((l) => l.includes('API request failed'))!);
      expect(line).toMatchObject({ level: 'error', method: 'POST', path: '/api/contact', route: 'contact', query: '?email&phone' });
      expect(JSON.stringify(line.error)).toContain('42703');
      expect(line.error.stack).toContain('contact.service');
    } finally {
      await db.execute(sql.raw('alter table contact_messages rename column message_gone to message'));
    }
  });
});
