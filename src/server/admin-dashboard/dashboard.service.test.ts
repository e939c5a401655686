// The dashboard's figures (docs/decisions/0036-admin-order-list.md): Dubai days and months with a
// fixed clock either side of the Dubai midnight, revenue as paid totals less refunds, the
// waiting orders, low stock and unread messages.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '@/server/db/client';
import { fils } from '@/domain/money';
import { LOW_STOCK_THRESHOLD } from '@/domain/constants';
import { contactMessages } from '@/server/db/schema/shopping';
import { useFreshDatabase } from '../../../tests/db';
import { insertUser } from '../../../tests/accounts';
import { insertProduct } from '../../../tests/factories';
import { insertOrder } from '../../../tests/admin-orders';
import { dashboard } from './dashboard.service';

let db: Db;
useFreshDatabase((database) => {
  db = database.db;
});

// 1 December 2026, 00:30 in Dubai: UTC still says 30 November.
const justAfterMidnight = new Date('2026-11-30T20:30:00Z');
// 30 November 2026, 23:30 in Dubai.
const justBeforeMidnight = new Date('2026-11-30T19:30:00Z');

beforeAll(async () => {
  const customer = await insertUser(db, { name: 'Dashboard Customer' });
  // 1 December (Dubai): a paid card order refunded in part, a cash order not yet paid, a card
  // order awaiting payment (not counted) and a failed one (not counted).
  await insertOrder(db, customer, {
    createdAt: new Date('2026-11-30T20:10:00Z'),
    paymentType: 'online',
    paymentStatus: 'paid',
    deliveryStatus: 'shipped',
    grandTotal: fils(1_000_00),
    refundedAmount: fils(150_00),
  });
  await insertOrder(db, customer, { createdAt: new Date('2026-11-30T20:20:00Z'), grandTotal: fils(500_00) });
  await insertOrder(db, customer, { createdAt: new Date('2026-11-30T20:25:00Z'), paymentType: 'online', grandTotal: fils(700_00) });
  await insertOrder(db, customer, {
    createdAt: new Date('2026-11-30T20:26:00Z'),
    paymentType: 'online',
    paymentStatus: 'failed',
    deliveryStatus: 'cancelled',
    stockReleasedAt: new Date('2026-11-30T20:41:00Z'),
  });
  // 30 November (Dubai), 23:50: a delivered cash order (paid) and a fully refunded card order.
  await insertOrder(db, customer, {
    createdAt: new Date('2026-11-30T19:50:00Z'),
    paymentStatus: 'paid',
    deliveryStatus: 'delivered',
    grandTotal: fils(300_00),
  });
  await insertOrder(db, customer, {
    createdAt: new Date('2026-11-30T19:55:00Z'),
    paymentType: 'online',
    paymentStatus: 'refunded',
    deliveryStatus: 'refund',
    grandTotal: fils(400_00),
    refundedAmount: fils(400_00),
  });
  // 1 November (Dubai), 00:05: still November; 31 October (Dubai), 23:55: not.
  await insertOrder(db, customer, {
    createdAt: new Date('2026-10-31T20:05:00Z'),
    paymentStatus: 'paid',
    deliveryStatus: 'ontheway',
    grandTotal: fils(200_00),
  });
  await insertOrder(db, customer, { createdAt: new Date('2026-10-31T19:55:00Z'), paymentStatus: 'paid', grandTotal: fils(9_000_00) });

  await insertProduct(db, { name: 'Almost gone', quantity: 0 });
  await insertProduct(db, { name: 'At the threshold', quantity: LOW_STOCK_THRESHOLD });
  await insertProduct(db, { name: 'Plenty', quantity: LOW_STOCK_THRESHOLD + 1 });
  await insertProduct(db, { name: 'Withdrawn', quantity: 0, published: false });

  await db.insert(contactMessages).values([
    { firstName: 'A', lastName: 'B', email: 'a@example.ae', phone: '0501234567', message: 'Hello' },
    { firstName: 'C', lastName: 'D', email: 'c@example.ae', phone: '0501234567', message: 'Hi' },
    { firstName: 'E', lastName: 'F', email: 'e@example.ae', phone: '0501234567', message: 'Read', readAt: new Date() },
  ]);
});

describe('the dashboard', () => {
  it("counts today's and this month's orders and revenue in Dubai days, just after the Dubai midnight", async () => {
    const figures = await dashboard(db, justAfterMidnight);
    // Today (1 Dec): the card order (1000 - 150 refunded) and the cash order (unpaid: no revenue).
    expect(figures.today).toEqual({ orders: 2, revenue: 850_00, from: '2026-12-01', to: '2026-12-01' });
    // December so far is today.
    expect(figures.month).toEqual({ orders: 2, revenue: 850_00, from: '2026-12-01', to: '2026-12-31' });
  });

  it('puts the last minutes before the Dubai midnight in the day and month they belong to', async () => {
    const figures = await dashboard(db, justBeforeMidnight);
    // 30 Nov: the delivered cash order (300) and the refunded card order (400 - 400).
    expect(figures.today).toEqual({ orders: 2, revenue: 300_00, from: '2026-11-30', to: '2026-11-30' });
    // November (Dubai): those two and the order of 1 Nov 00:05 Dubai (200); not 31 Oct 23:55 Dubai.
    expect(figures.month).toEqual({ orders: 3, revenue: 500_00, from: '2026-11-01', to: '2026-11-30' });
  });

  it('counts the orders waiting for staff, leaving out card orders still awaiting their payment', async () => {
    const figures = await dashboard(db, justAfterMidnight);
    // Pending: the unpaid cash order and the Oct 31 paid one (not the card order awaiting payment).
    expect(figures.waiting).toEqual({ pending: 2, shipped: 1, ontheway: 1 });
  });

  it('lists published products at or under the low-stock threshold, fewest first', async () => {
    const figures = await dashboard(db, justAfterMidnight);
    expect(figures.lowStock.map((p) => [p.name, p.quantity])).toEqual([
      ['Almost gone', 0],
      ['At the threshold', LOW_STOCK_THRESHOLD],
    ]);
    expect(figures.lowStockCount).toBe(2);
  });

  it('counts unread contact messages', async () => {
    expect((await dashboard(db, justAfterMidnight)).unreadMessages).toBe(2);
  });
});
