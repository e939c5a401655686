// GET /api/session/me: the one answer the shared pages' personal parts are filled from
// (docs/product.md#personal-parts). A guest gets 200 with signed_in false; a customer their
// name and picture, and, when the page asks, their own review of a product and the contact
// form's prefill; nothing of it may be stored.
import { describe, expect, it } from 'vitest';
import { sessionApi } from '@/domain/api/session';
import { useFreshDatabase } from '../../../tests/db';
import { callEndpoint, callApi, expectStatus } from '../../../tests/api';
import { insertProduct, insertReview } from '../../../tests/factories';
import { signedInCustomer } from '../../../tests/shopping';
import { addressFor } from '../../../tests/checkout';

const database = useFreshDatabase();

describe('GET /api/session/me', () => {
  it('answers a guest 200 with signed_in false and nothing personal, never stored', async () => {
    const r = await callEndpoint(database.db, sessionApi.me, { query: { contact: '1' } });
    expectStatus(r, 200);
    expect(r.data).toEqual({ signed_in: false, user: null, own_review: null, contact: null });
    expect(r.headers.get('cache-control')).toBe('no-store');
  });

  it("answers a customer's name, e-mail and picture, and no review or prefill unless asked", async () => {
    const customer = await signedInCustomer(database.db);
    const r = await callEndpoint(database.db, sessionApi.me, { as: customer });
    expectStatus(r, 200);
    expect(r.data).toEqual({
      signed_in: true,
      user: { id: customer.user.id, name: customer.user.name, email: customer.user.email, profile_picture: null },
      own_review: null,
      contact: null,
    });
    expect(r.headers.get('cache-control')).toBe('no-store');
  });

  it('brings the own review of the asked product, marked hidden when staff hid it, and only that customer’s', async () => {
    const db = database.db;
    const customer = await signedInCustomer(db);
    const other = await signedInCustomer(db);
    const product = await insertProduct(db);
    const unreviewed = await insertProduct(db);
    await insertReview(db, product.id, { userId: customer.user.id, rating: 3, comments: 'Heavy but solid', hiddenAt: new Date() });
    await insertReview(db, product.id, { userId: other.user.id, rating: 5, comments: 'Someone else' });

    const mine = await callEndpoint(db, sessionApi.me, { as: customer, query: { product_id: product.id } });
    expectStatus(mine, 200);
    expect(mine.data.own_review).toMatchObject({ rating: 3, comments: 'Heavy but solid', hidden: true });
    const none = await callEndpoint(db, sessionApi.me, { as: customer, query: { product_id: unreviewed.id } });
    expect(none.data.own_review).toBeNull();
    // A guest asking about the product learns nothing of its reviewers.
    const guest = await callEndpoint(db, sessionApi.me, { query: { product_id: product.id } });
    expect(guest.data.own_review).toBeNull();
  });

  it("fills the contact prefill from the account and its address's phone", async () => {
    const db = database.db;
    const customer = await signedInCustomer(db);
    await addressFor(db, customer.user.id, { phone: '0551234567' });
    const r = await callEndpoint(db, sessionApi.me, { as: customer, query: { contact: '1' } });
    const [first, ...rest] = customer.user.name.trim().split(/\s+/);
    expect(r.data.contact).toEqual({
      first_name: first,
      last_name: rest.join(' '),
      email: customer.user.email,
      phone: expect.stringContaining('551234567'),
    });
  });

  it('refuses a malformed product id or contact flag with the field named', async () => {
    for (const [query, field] of [
      ['product_id=abc', 'product_id'],
      ['contact=yes', 'contact'],
    ]) {
      const r = await callApi(database.db, `session/me?${query}`);
      expect(r.status, r.text).toBe(422);
      expect(r.body).toMatchObject({ success: false, data: { [field!]: [expect.any(String)] } });
    }
  });

  it('answers a stale or forged session as a guest, not 401 (the page just shows the guest look)', async () => {
    const r = await callApi(database.db, 'session/me', { headers: { authorization: 'Bearer a-well-formed-but-unknown-token-0123' } });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ data: { signed_in: false } });
  });
});
