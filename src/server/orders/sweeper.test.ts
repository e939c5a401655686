// The abandoned-order sweeper (docs/decisions/0020-orders-stock-and-payment.md): started once per process, it sweeps at once and then every
// minute, gives back the stock of unpaid online orders past their hold (ORDER_HOLD_MINUTES), and
// survives a failing sweep.
import { afterAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { orders } from '@/server/db/schema/orders';
import { ORDER_HOLD_MINUTES } from '@/domain/checkout';
import { createTestProvider } from '@/server/payments/test.provider';
import { placeOrder } from './order.service';
import { startAbandonedOrderSweeper } from './sweeper';
import { useFreshDatabase } from '../../../tests/db';
import { insertProduct } from '../../../tests/factories';
import { orderDeps, putInCart, shopper, stockOf } from '../../../tests/checkout';

let db: Db;

useFreshDatabase((database) => {
  db = database.db;
});
afterAll(() => {
  vi.useRealTimers();
});

async function onlineOrder(placedMinutesAgo: number, quantity: number) {
  const s = await shopper(db);
  const product = await insertProduct(db, { quantity: 10 });
  await putInCart(db, s.user.id, product.id, quantity);
  const placedAt = new Date(Date.now() - placedMinutesAgo * 60_000);
  const { order } = await placeOrder(
    orderDeps(db, createTestProvider(db), () => placedAt),
    s.user,
    { addressId: s.address.id, paymentType: 'online' },
  );
  return { order, product };
}

describe('startAbandonedOrderSweeper', () => {
  it('sweeps at once and every minute, only once per process, and survives a failing sweep', async () => {
    const stale = await onlineOrder(ORDER_HOLD_MINUTES + 1, 3);
    const young = await onlineOrder(5, 2);
    expect((await stockOf(db, stale.product.id)).quantity).toBe(7);

    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    let calls = 0;
    let failNext = false;
    const getDb = async () => {
      calls++;
      if (failNext) {
        failNext = false;
        throw new Error('database unavailable');
      }
      return db;
    };
    const deps = async () => orderDeps(await getDb(), createTestProvider(db));
    startAbandonedOrderSweeper(deps);
    startAbandonedOrderSweeper(deps); // a second start does nothing

    await vi.waitFor(async () => expect((await stockOf(db, stale.product.id)).quantity).toBe(10), { timeout: 10_000 });
    expect(calls).toBe(1);
    const [row] = await db.select().from(orders).where(eq(orders.id, stale.order.id));
    expect(row?.deliveryStatus).toBe('cancelled');
    expect((await stockOf(db, young.product.id)).quantity).toBe(8);

    // A minute later: another sweep, which finds nothing more to give back.
    await vi.advanceTimersByTimeAsync(60_000);
    await vi.waitFor(() => expect(calls).toBe(2));
    expect((await stockOf(db, stale.product.id)).quantity).toBe(10);
    expect((await stockOf(db, young.product.id)).quantity).toBe(8);

    // A failing sweep is logged, and the next one runs.
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    failNext = true;
    await vi.advanceTimersByTimeAsync(60_000);
    await vi.waitFor(() => expect(calls).toBe(3));
    await vi.waitFor(() => expect(logged.mock.calls.some(([line]) => String(line).includes('abandoned order sweep failed'))).toBe(true));
    logged.mockRestore();
    // The young order has grown old meanwhile (as far as the database knows).
    await db
      .update(orders)
      .set({ createdAt: new Date(Date.now() - 40 * 60_000) })
      .where(eq(orders.id, young.order.id));
    await vi.advanceTimersByTimeAsync(60_000);
    await vi.waitFor(async () => expect((await stockOf(db, young.product.id)).quantity).toBe(10));
    expect(calls).toBe(4);
    vi.useRealTimers();
  });
});
