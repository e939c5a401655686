// What the router does for a contract route before and after its handler
// (docs/architecture.md#the-api-contract): a guest is refused before the input is read, the
// query and body are parsed (422 naming each field) before the handler runs, a customer id that
// is not the session's is refused (403), and an answer that does not match its schema is a 500
// where answers are checked.
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { defineEndpoint } from '@/domain/api/endpoint';
import type { Db } from '@/server/db/client';
import { createRouter, route } from './router';
import { useFreshDatabase } from '../../../tests/db';
import { signedInCustomer, type Customer } from '../../../tests/shopping';

let db: Db;
let customer: Customer;
useFreshDatabase(async (database) => {
  db = database.db;
  customer = await signedInCustomer(db);
}, 180_000);

const echo = defineEndpoint({
  method: 'POST',
  path: 'probe/:id/echo',
  summary: 'probe',
  auth: 'customer',
  guestMessage: 'Sign in to echo',
  query: z.object({ times: z.coerce.number().int().min(1).max(3), customer_id: z.coerce.number().optional() }),
  requiredQuery: ['times'],
  body: z.object({ word: z.string().min(2), customer_id: z.coerce.number().optional() }),
  answer: z.strictObject({ said: z.string(), id: z.string() }),
});
const loose = defineEndpoint({
  method: 'GET',
  path: 'probe/loose',
  summary: 'probe',
  auth: 'public',
  answer: z.strictObject({ n: z.number() }),
});
const self = defineEndpoint({
  method: 'POST',
  path: 'probe/self/:id',
  summary: 'probe',
  auth: 'customer',
  selfParam: 'id',
  answer: z.null(),
});

const selfWithBody = defineEndpoint({
  method: 'POST',
  path: 'probe/self/:id/word',
  summary: 'probe',
  auth: 'customer',
  selfParam: 'id',
  body: z.object({ word: z.string().min(2) }),
  answer: z.null(),
});

const handler = vi.fn(
  async (_ctx: unknown, { body, query, params }: { body: { word: string }; query: { times: number }; params: { id: string } }) => ({
    data: { said: body.word.repeat(query.times), id: params.id },
    message: 'Echo',
  }),
);
const router = createRouter([
  route(echo, (ctx, input) => handler(ctx, input)),
  // Answers a field its schema does not declare, and a string where a number is declared.
  route(loose, async () => ({ data: { n: 'one', extra: true } as unknown as { n: number }, message: 'Loose' })),
  route(self, async () => ({ data: null, message: 'Yours' })),
  route(selfWithBody, async () => ({ data: null, message: 'Yours' })),
]);

async function send(path: string, init: RequestInit & { as?: Customer | null; checkAnswers?: boolean } = {}) {
  const { as = customer, checkAnswers = true, ...rest } = init;
  const response = await router.handle(new Request(`http://shop.test/api/${path}`, rest), {
    db,
    user: as?.user ?? null,
    checkAnswers,
  });
  return { status: response.status, body: (await response.json()) as { message: string; data?: Record<string, unknown> } };
}
const json = (value: unknown): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(value),
});

describe('a contract route', () => {
  it('hands the handler the parsed query, body and path', async () => {
    const r = await send('probe/7/echo?times=2', json({ word: 'ab' }));
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual({ said: 'abab', id: '7' });
  });

  it("refuses a guest with the endpoint's own message before reading anything", async () => {
    handler.mockClear();
    const r = await send('probe/7/echo', { ...json('not even an object'), as: null });
    expect(r.status).toBe(401);
    expect(r.body.message).toBe('Sign in to echo');
    expect(handler).not.toHaveBeenCalled();
  });

  it('answers 422 naming the fields of a bad query or body, and the handler never runs', async () => {
    handler.mockClear();
    const missing = await send('probe/7/echo', json({ word: 'ab' }));
    expect(missing.status).toBe(422);
    expect(missing.body.data).toHaveProperty('times');
    const bad = await send('probe/7/echo?times=9', json({ word: 'a' }));
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.data ?? {}).sort()).toEqual(['times', 'word']);
    expect(handler).not.toHaveBeenCalled();
  });

  it("refuses a customer id that is not the session's, in the query, the body or the path", async () => {
    handler.mockClear();
    const other = customer.user.id + 1;
    expect((await send(`probe/7/echo?times=1&customer_id=${other}`, json({ word: 'ab' }))).status).toBe(403);
    expect((await send('probe/7/echo?times=1', json({ word: 'ab', customer_id: other }))).status).toBe(403);
    expect((await send(`probe/self/${other}`, { method: 'POST' })).status).toBe(403);
    expect(handler).not.toHaveBeenCalled();
    expect((await send(`probe/7/echo?times=1&customer_id=${customer.user.id}`, json({ word: 'ab' }))).status).toBe(200);
    expect((await send(`probe/self/${customer.user.id}`, { method: 'POST' })).status).toBe(200);
  });

  it('refuses a path naming another customer before reading the input: a 403, not a 422 about the body', async () => {
    const other = customer.user.id + 1;
    const foreign = await send(`probe/self/${other}/word`, json({ word: 'a' }));
    expect(foreign.status).toBe(403);
    expect((await send(`probe/self/${other}/word`, { ...json('not even an object') })).status).toBe(403);
    expect((await send(`probe/self/${customer.user.id}/word`, json({ word: 'a' }))).status).toBe(422);
    expect((await send(`probe/self/${customer.user.id}/word`, json({ word: 'ab' }))).status).toBe(200);
  });

  it('answers 500 naming the mismatch when an answer does not match its schema, where answers are checked', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const checked = await send('probe/loose');
    expect(checked.status).toBe(500);
    expect(checked.body.message).toContain('does not match its contract');
    expect(Object.keys(checked.body.data ?? {}).sort()).toEqual(['_', 'n']);
    vi.restoreAllMocks();
    expect((await send('probe/loose', { checkAnswers: false })).status).toBe(200);
  });
});
