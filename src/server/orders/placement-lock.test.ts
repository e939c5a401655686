// Duplicate orders without an idempotency key (issue 10, point 4): a customer's placements are
// serialised by a row lock on the customer, taken inside the placement transaction, and the cart
// is read under it and emptied (cash) or held by the one card order in the same transaction. Two
// app instances (two connection pools on one PostgreSQL database; the same handle on PGlite)
// receive 10 parallel submissions without a key: one order, stock taken once
// (docs/decisions/0013-order-holds.md).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { orders, testPaymentIntents } from '@/server/db/schema/orders';
import { ORDER_HOLD_MINUTES } from '@/domain/checkout';
import { createTestProvider } from '@/server/payments/test.provider';
import { placeOrder, releaseAbandonedOrders, type PlaceOrderInput } from './order.service';
import { freshDatabase, type TestDatabase } from '../../../tests/db';
import { insertProduct } from '../../../tests/factories';
import { cartOfUser, orderDeps, putInCart, secondInstance, shopper, stockOf } from '../../../tests/checkout';

let handle: TestDatabase;
let one: Db;
let two: { db: Db; close(): Promise<void> };

beforeAll(async () => {
  handle = await freshDatabase();
  one = handle.db;
  two = await secondInstance(handle);
});
afterAll(async () => {
  await two.close();
  await handle.dispose();
});

const instances = () => [one, two.db];

async function tenSubmissions(paymentType: PlaceOrderInput['paymentType']) {
  const s = await shopper(one);
  const p = await insertProduct(one, { quantity: 50 });
  await putInCart(one, s.user.id, p.id, 3);
  const input: PlaceOrderInput = { addressId: s.address.id, paymentType };
  const results = await Promise.allSettled(
    Array.from({ length: 10 }, (_, i) => {
      const db = instances()[i % 2]!;
      return placeOrder(orderDeps(db, createTestProvider(db)), s.user, input);
    }),
  );
  const made = await one.select().from(orders).where(eq(orders.userId, s.user.id));
  return { s, p, results, made };
}

describe('10 parallel submissions without a key, across two instances', () => {
  it('cash: exactly one order, stock taken once, the others told the cart is empty', async () => {
    const { s, p, results, made } = await tenSubmissions('cash_on_delivery');
    expect(made).toHaveLength(1);
    expect(await stockOf(one, p.id)).toEqual({ quantity: 47, unitsSold: 3 });
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results) if (r.status === 'rejected') expect((r.reason as Error).message).toBe('Your cart is empty');
    expect(await cartOfUser(one, s.user.id)).toEqual({});
  });

  it('card: exactly one order awaiting payment with one intent; every answer is that order', async () => {
    const { p, results, made } = await tenSubmissions('online');
    expect(made).toHaveLength(1);
    expect(await stockOf(one, p.id)).toEqual({ quantity: 47, unitsSold: 0 });
    expect(results.every((r) => r.status === 'fulfilled')).toBe(true);
    const answers = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    expect(new Set(answers.map((a) => a.order.id))).toEqual(new Set([made[0]!.id]));
    expect(new Set(answers.map((a) => a.clientSecret)).size).toBe(1);
    expect(await one.select().from(testPaymentIntents).where(eq(testPaymentIntents.orderId, made[0]!.id))).toHaveLength(1);
  });

  it('the hold ends: both instances sweep at once, the stock comes back once and one mail goes', async () => {
    const { s, p, made } = await tenSubmissions('online');
    const when = new Date(made[0]!.createdAt.getTime() + (ORDER_HOLD_MINUTES + 1) * 60_000);
    const sweeps = instances().map((db) => orderDeps(db, createTestProvider(db), () => when));
    await Promise.all(sweeps.map((d) => releaseAbandonedOrders(d)));
    expect(await stockOf(one, p.id)).toEqual({ quantity: 50, unitsSold: 0 });
    expect(sweeps.flatMap((d) => d.mailer.sent).filter((m) => m.to === s.user.email)).toHaveLength(1);
  });
});
