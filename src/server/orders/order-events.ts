// An order's history (docs/decisions/0034-running-orders.md): placed, each status and payment
// change, notes to the customer, expected dates and refunds. Written in the transaction of the
// change it records; staffId null means the shop itself (the shopper, the provider, the sweeper).
import { asc, eq, type SQL } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { orderEvents } from '@/server/db/schema/orders';
import { staffUsers } from '@/server/db/schema/staff';
import type { Fils } from '@/domain/money';

export type OrderEventKind = (typeof orderEvents.$inferSelect)['kind'];

export interface NewOrderEvent {
  orderId: number;
  kind: OrderEventKind;
  fromValue?: string | null;
  toValue?: string | null;
  note?: string | null;
  amount?: Fils | null;
  staffId?: number | null;
  at: Date;
}

/** The row of an event; `orderId` and `toValue` may be SQL (read from an order inserted in the same statement, as placement does). */
export function orderEventRow(
  event: Omit<NewOrderEvent, 'orderId' | 'toValue'> & { orderId: number | SQL; toValue?: string | null | SQL },
) {
  return {
    orderId: event.orderId,
    kind: event.kind,
    fromValue: event.fromValue ?? null,
    toValue: event.toValue ?? null,
    note: event.note ?? null,
    amount: event.amount ?? null,
    staffId: event.staffId ?? null,
    createdAt: event.at,
  };
}

export async function addOrderEvent(tx: Db, event: NewOrderEvent): Promise<void> {
  await tx.insert(orderEvents).values(orderEventRow(event));
}

export interface OrderEventView {
  id: number;
  kind: OrderEventKind;
  fromValue: string | null;
  toValue: string | null;
  note: string | null;
  amount: Fils | null;
  staffName: string | null;
  createdAt: Date;
}

/** The order's events, oldest first, with the name of the staff member behind each (null: the shop). */
export async function orderEventsOf(db: Db, orderId: number): Promise<OrderEventView[]> {
  return db
    .select({
      id: orderEvents.id,
      kind: orderEvents.kind,
      fromValue: orderEvents.fromValue,
      toValue: orderEvents.toValue,
      note: orderEvents.note,
      amount: orderEvents.amount,
      staffName: staffUsers.name,
      createdAt: orderEvents.createdAt,
    })
    .from(orderEvents)
    .leftJoin(staffUsers, eq(staffUsers.id, orderEvents.staffId))
    .where(eq(orderEvents.orderId, orderId))
    .orderBy(asc(orderEvents.createdAt), asc(orderEvents.id));
}

/** What the shopper's order page shows of the history: the staff's notes to the customer. */
export async function customerNotesOf(db: Db, orderId: number): Promise<OrderEventView[]> {
  return (await orderEventsOf(db, orderId)).filter(
    (e) =>
      e.note !== null && e.note !== '' && (e.kind === 'note' || e.kind === 'status' || e.kind === 'refund' || e.kind === 'expected_date'),
  );
}
