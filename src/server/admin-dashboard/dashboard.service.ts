// The back office's dashboard (docs/product.md#back-office-dashboard-and-orders-list): today's and
// this month's orders and revenue, the orders waiting for staff, low stock and unread messages.
// Days and months are the shop's (Asia/Dubai), whatever the server's time zone.
//
// Definitions (docs/decisions/0036-admin-order-list.md):
// - an order counts when it was placed in the period and is not a card order that was never paid
//   (awaiting its payment, failed or abandoned): cash on delivery orders count from the start;
// - revenue is the total of the period's orders that are paid (or since refunded), less what was
//   refunded on them. A cash on delivery order is paid when delivered, so it counts in its
//   order day's revenue from then on.
import { and, asc, eq, gte, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { orders } from '@/server/db/schema/orders';
import { products } from '@/server/db/schema/catalog';
import { contactMessages } from '@/server/db/schema/shopping';
import { LOW_STOCK_SHOWN, LOW_STOCK_THRESHOLD } from '@/domain/constants';
import { shopMonth, shopToday } from '@/domain/shop-days';
import type { Fils } from '@/domain/money';

/** Delivery statuses that wait for a member of staff to move the order on. */
export const WAITING_STATUSES = ['pending', 'shipped', 'ontheway'] as const;
export type WaitingStatus = (typeof WAITING_STATUSES)[number];

export interface PeriodFigures {
  orders: number;
  revenue: Fils;
  /** The period's first and last day (yyyy-mm-dd), for links into the list. */
  from: string;
  to: string;
}

export interface LowStockProduct {
  id: number;
  name: string;
  sku: string;
  quantity: number;
}

export interface Dashboard {
  today: PeriodFigures;
  month: PeriodFigures;
  /** Orders in each waiting status; 'pending' leaves out card orders still awaiting their payment. */
  waiting: Record<WaitingStatus, number>;
  lowStock: LowStockProduct[];
  lowStockCount: number;
  lowStockThreshold: number;
  unreadMessages: number;
}

/** An order that counts: not a card order that was never paid. */
const placed = sql`(${orders.paymentType} = 'cash_on_delivery' or ${orders.paymentStatus} in ('paid', 'refunded'))`;
const earning = sql`${orders.paymentStatus} in ('paid', 'refunded')`;
const earned = sql`${orders.grandTotal} - ${orders.refundedAmount}`;

export async function dashboard(db: Db, now: Date): Promise<Dashboard> {
  const today = shopToday(now);
  const month = shopMonth(now);
  const inToday = sql`${orders.createdAt} >= ${today.start.toISOString()}::timestamptz`;
  const [periods] = await db
    .select({
      todayOrders: sql<number>`count(*) filter (where ${inToday} and ${placed})`.mapWith(Number),
      todayRevenue: sql<number>`coalesce(sum(${earned}) filter (where ${inToday} and ${earning}), 0)`.mapWith(Number),
      monthOrders: sql<number>`count(*) filter (where ${placed})`.mapWith(Number),
      monthRevenue: sql<number>`coalesce(sum(${earned}) filter (where ${earning}), 0)`.mapWith(Number),
    })
    .from(orders)
    .where(and(gte(orders.createdAt, month.start), lt(orders.createdAt, month.end)));

  const waitingRows = await db
    .select({ status: orders.deliveryStatus, n: sql<number>`count(*)`.mapWith(Number) })
    .from(orders)
    .where(
      and(
        inArray(orders.deliveryStatus, [...WAITING_STATUSES]),
        or(eq(orders.deliveryStatus, 'shipped'), eq(orders.deliveryStatus, 'ontheway'), placed),
      ),
    )
    .groupBy(orders.deliveryStatus);
  const waiting = Object.fromEntries(WAITING_STATUSES.map((s) => [s, 0])) as Record<WaitingStatus, number>;
  for (const row of waitingRows) waiting[row.status as WaitingStatus] = row.n;

  const low = and(eq(products.published, true), lte(products.quantity, LOW_STOCK_THRESHOLD));
  const lowStock = await db
    .select({ id: products.id, name: products.name, sku: products.sku, quantity: products.quantity })
    .from(products)
    .where(low)
    .orderBy(asc(products.quantity), asc(products.name), asc(products.id))
    .limit(LOW_STOCK_SHOWN);
  const [lowCount] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(products)
    .where(low);
  const [unread] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(contactMessages)
    .where(isNull(contactMessages.readAt));

  return {
    today: { orders: periods?.todayOrders ?? 0, revenue: (periods?.todayRevenue ?? 0) as Fils, from: today.day, to: today.day },
    month: {
      orders: periods?.monthOrders ?? 0,
      revenue: (periods?.monthRevenue ?? 0) as Fils,
      from: month.firstDay,
      to: month.lastDay,
    },
    waiting,
    lowStock,
    lowStockCount: lowCount?.n ?? 0,
    lowStockThreshold: LOW_STOCK_THRESHOLD,
    unreadMessages: unread?.n ?? 0,
  };
}
