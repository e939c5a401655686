// Running one order from the back office (docs/decisions/0034-running-orders.md): the status
// machine of src/domain/order-status.ts, each action one transaction against the version the
// staff member saw, every change in the order's events and the audit log, stock back once,
// refunds through the payment provider (claimed first, applied after the provider said yes),
// and the customer's mail after the commit.
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { orderEvents, orderLines, orderRefunds, orders } from '@/server/db/schema/orders';
import { users } from '@/server/db/schema/accounts';
import { staffUsers } from '@/server/db/schema/staff';
import { ConflictError, DomainError, NotFoundError, ValidationError } from '@/server/errors';
import { log } from '@/server/log';
import type { Mailer } from '@/server/mail/mailer';
import { mailsCommitted, queueMail } from '@/server/mail/outbox';
import { orderUpdateMail, type OrderUpdate } from '@/server/mail/order-mails';
import type { PaymentProvider } from '@/server/payments/payment-provider';
import { giveBack, linesOf, type Order, type OrderLine } from '@/server/orders/order.service';
import { deliveryDetailsOf, type DeliveryDetails } from '@/server/orders/delivery-details';
import { addOrderEvent, orderEventsOf, type OrderEventView } from '@/server/orders/order-events';
import {
  allowedActions,
  canMoveDelivery,
  fullSelection,
  isCardOrderUnpaid,
  refundAmountFor,
  refundSelectionProblem,
  type OrderAction,
  type RefundLine,
  type RefundSelection,
  type StaffStatusTarget,
} from '@/domain/order-status';
import { todayInDubai } from '@/domain/checkout';
import { addFils, fils, type Fils } from '@/domain/money';
import { adminOrderMessages as m } from '@/domain/messages/admin-orders';
import { recordAudit } from '@/server/audit/audit.service';
import type { StaffMember } from '@/server/staff/staff.service';
import { catalogTransaction } from '@/server/cache/invalidate';
import { issueCreditNote, issueInvoice } from '@/server/invoices/invoice.service';
import { withTaxDocument } from '@/server/invoices/invoice-mail';
import type { InvoiceSettings } from '@/server/invoices/invoice-settings';
import type { TaxDocumentRef } from '@/server/mail/mailer';

export interface AdminOrderDeps {
  db: Db;
  mailer: Mailer;
  shopName: string;
  /** The public site's address, for the link in the customer's mail. */
  siteUrl: string;
  /** null: card payments are off (a card order then cannot be refunded here). */
  payments: PaymentProvider | null;
  /** The shop as the supplier on its tax invoices; null or absent: none is issued (docs/decisions/0051-tax-invoices.md). */
  invoicing?: InvoiceSettings | null;
  now?: () => Date;
}

const clock = (deps: { now?: () => Date }) => (deps.now ? deps.now() : new Date());

export type OrderRefund = typeof orderRefunds.$inferSelect;

export interface AdminOrderView {
  order: Order;
  lines: OrderLine[];
  customer: { id: number; name: string; email: string };
  deliveryForm: DeliveryDetails | null;
  events: OrderEventView[];
  refunds: OrderRefund[];
  /** A card refund asked of the provider whose answer is not recorded yet: retry it first. */
  pendingRefund: OrderRefund | null;
  actions: OrderAction[];
}

/** The values the audit log keeps before and after a change. */
const auditState = (o: Order) => ({
  delivery_status: o.deliveryStatus,
  payment_status: o.paymentStatus,
  expect_date: o.expectDate,
  refunded_amount: o.refundedAmount,
  version: o.version,
});

const refundLinesOf = (lines: OrderLine[]): RefundLine[] =>
  lines.map((l) => ({ id: l.id, quantity: l.quantity, refundedQuantity: l.refundedQuantity, lineTotal: l.lineTotal }));

async function pendingRefundOf(db: Db, order: Order): Promise<OrderRefund | null> {
  if (order.paymentType !== 'online') return null;
  const [row] = await db
    .select()
    .from(orderRefunds)
    .where(and(eq(orderRefunds.orderId, order.id), isNull(orderRefunds.providerRefundId)))
    .orderBy(orderRefunds.id)
    .limit(1);
  return row ?? null;
}

export async function getAdminOrder(db: Db, orderId: number): Promise<AdminOrderView> {
  const [row] = await db
    .select({ order: orders, customer: { id: users.id, name: users.name, email: users.email } })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, orderId));
  if (!row) throw new NotFoundError(m.orderMissing);
  const [lines, events, refunds] = await Promise.all([
    linesOf(db, orderId),
    orderEventsOf(db, orderId),
    db.select().from(orderRefunds).where(eq(orderRefunds.orderId, orderId)).orderBy(orderRefunds.id),
  ]);
  const pendingRefund = row.order.paymentType === 'online' ? (refunds.find((r) => r.providerRefundId === null) ?? null) : null;
  return {
    order: row.order,
    lines,
    customer: row.customer,
    deliveryForm: deliveryDetailsOf(row.order),
    events,
    refunds,
    pendingRefund,
    actions: pendingRefund ? [] : allowedActions(row.order),
  };
}

/** Who made the order's last change, for the 'changed meanwhile' answer: a staff member's name, or the shop. */
async function lastChanger(db: Db, orderId: number): Promise<string> {
  const [last] = await db
    .select({ name: staffUsers.name })
    .from(orderEvents)
    .leftJoin(staffUsers, eq(staffUsers.id, orderEvents.staffId))
    .where(eq(orderEvents.orderId, orderId))
    .orderBy(desc(orderEvents.createdAt), desc(orderEvents.id))
    .limit(1);
  return last?.name ?? m.theShop;
}

/**
 * Locks the order's row (every instance waits here) and checks it is still the version the staff
 * member saw; a newer one is refused as 'changed meanwhile', naming who changed it.
 */
async function lockVersion(tx: Db, orderId: number, version: number): Promise<Order> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  if (!row) throw new NotFoundError(m.orderMissing);
  if (row.version !== version) throw new ConflictError(m.changedMeanwhile(await lastChanger(tx, orderId)));
  return row;
}

/** Writes the order's new values against the version read under the lock, raising it by one. */
async function writeOrder(tx: Db, before: Order, values: Partial<typeof orders.$inferInsert>, now: Date): Promise<Order> {
  const [after] = await tx
    .update(orders)
    .set({ ...values, updatedAt: now, version: sql`${orders.version} + 1` })
    .where(and(eq(orders.id, before.id), eq(orders.version, before.version)))
    .returning();
  if (!after) throw new ConflictError(m.changedMeanwhile(await lastChanger(tx, before.id)));
  return after;
}

const cleanNote = (note: string | null | undefined) => (note && note.trim() !== '' ? note.trim() : null);

/**
 * Queues the customer's mail about the change in the change's transaction (docs/decisions/0040-mail-outbox.md):
 * the caller hands the ids to mailsCommitted after the commit, and the mail is sent from the
 * outbox, so a slow or absent mail server never holds the staff member's request or loses the mail.
 */
async function queueUpdateMail(
  tx: Db,
  deps: AdminOrderDeps,
  order: Order,
  update: OrderUpdate,
  note: string | null,
  taxDocument: TaxDocumentRef | null = null,
): Promise<number[]> {
  const [customer] = await tx.select({ email: users.email, name: users.name }).from(users).where(eq(users.id, order.userId));
  if (!customer) return [];
  const mail = orderUpdateMail(deps.shopName, deps.siteUrl, customer, order.id, update, note);
  return [await queueMail(tx, 'order_update', withTaxDocument(mail, taxDocument))];
}

export interface StatusChange {
  to: StaffStatusTarget;
  version: number;
  note?: string | null | undefined;
  /** With 'ontheway': the date the customer is told. */
  expectedDate?: string | null | undefined;
}

/** Refuses what the status machine does not allow, naming both statuses. */
function checkTransition(order: Order, to: StaffStatusTarget): void {
  if (isCardOrderUnpaid(order)) throw new ConflictError(m.awaitingPayment);
  if (!canMoveDelivery(order.deliveryStatus, to)) throw new ConflictError(m.notAllowed(order.deliveryStatus, to));
}

function checkExpectedDate(date: string, now: Date): void {
  if (date < todayInDubai(now)) throw new ValidationError(m.expectedDatePast, { expected_date: [m.expectedDatePast] });
}

/**
 * Ships, marks on the way, delivers or cancels the order. A paid card order's cancellation gives
 * the money back through the provider first (see refundThroughProvider).
 */
export async function changeStatus(
  deps: AdminOrderDeps,
  staff: StaffMember,
  orderId: number,
  change: StatusChange,
): Promise<AdminOrderView> {
  const now = clock(deps);
  const note = cleanNote(change.note);
  if (change.to === 'ontheway' && change.expectedDate) checkExpectedDate(change.expectedDate, now);
  const [current] = await deps.db.select().from(orders).where(eq(orders.id, orderId));
  if (!current) throw new NotFoundError(m.orderMissing);
  if (change.to === 'cancelled' && current.paymentType === 'online' && current.paymentStatus === 'paid') {
    await refundThroughProvider(deps, staff, orderId, change.version, note, (order) => {
      checkTransition(order, 'cancelled');
      return { cancel: true };
    });
    return getAdminOrder(deps.db, orderId);
  }

  const { mailIds } = await catalogTransaction(deps.db, async (tx) => {
    const before = await lockVersion(tx, orderId, change.version);
    if (await pendingRefundOf(tx, before)) throw new ConflictError(m.refundPending);
    checkTransition(before, change.to);
    const values: Partial<typeof orders.$inferInsert> = { deliveryStatus: change.to };
    if (change.to === 'ontheway' && change.expectedDate) values.expectDate = change.expectedDate;
    const cashPaid = change.to === 'delivered' && before.paymentType === 'cash_on_delivery' && before.paymentStatus !== 'paid';
    if (cashPaid) values.paymentStatus = 'paid';
    if (change.to === 'cancelled' && !before.stockReleasedAt) {
      // Stock back exactly once: stockReleasedAt is set in the same write. A cash order was
      // counted as sold when placed and a card order when paid, so the sale is undone too.
      await giveBack(tx, await linesOf(tx, orderId), true);
      values.stockReleasedAt = now;
    }
    const written = await writeOrder(tx, before, values, now);
    await addOrderEvent(tx, {
      orderId,
      kind: 'status',
      fromValue: before.deliveryStatus,
      toValue: change.to,
      note,
      staffId: staff.id,
      at: now,
    });
    if (cashPaid)
      await addOrderEvent(tx, {
        orderId,
        kind: 'payment',
        fromValue: before.paymentStatus,
        toValue: 'paid',
        amount: before.grandTotal,
        staffId: staff.id,
        at: now,
      });
    if (values.expectDate && values.expectDate !== before.expectDate)
      await addOrderEvent(tx, {
        orderId,
        kind: 'expected_date',
        fromValue: before.expectDate,
        toValue: values.expectDate,
        staffId: staff.id,
        at: now,
      });
    await recordAudit(
      tx,
      staff,
      {
        action: `order.${change.to}`,
        entityType: 'order',
        entityId: orderId,
        before: auditState(before),
        after: { ...auditState(written), note },
      },
      now,
    );
    // A cash order's supply is its delivery (SUPPLY_EVENT): delivered with its invoice, or not at all.
    const invoice = change.to === 'delivered' ? await issueInvoice(tx, deps.invoicing, written, 'delivered', now) : null;
    const update: OrderUpdate =
      change.to === 'shipped'
        ? { kind: 'shipped' }
        : change.to === 'ontheway'
          ? { kind: 'ontheway', expectedDate: written.expectDate }
          : change.to === 'delivered'
            ? { kind: 'delivered', cashPaid: written.paymentType === 'cash_on_delivery' }
            : { kind: 'cancelled', refunded: null };
    const attached: TaxDocumentRef | null = invoice && { type: 'invoice', id: invoice.id };
    return { mailIds: await queueUpdateMail(tx, deps, written, update, note, attached) };
  });
  await mailsCommitted(deps, mailIds);
  return getAdminOrder(deps.db, orderId);
}

export interface RefundRequest {
  version: number;
  /** Units per line; ignored when `full`. */
  lines?: { lineId: number; quantity: number }[] | undefined;
  full?: boolean | undefined;
  note?: string | null | undefined;
}

/** Checks a refund of a delivered order and answers its units and amount (computed here, never taken from the client). */
function planRefund(order: Order, lines: OrderLine[], request: RefundRequest): { selection: RefundSelection[]; amount: Fils } {
  if (isCardOrderUnpaid(order) || order.paymentStatus !== 'paid' || !canMoveDelivery(order.deliveryStatus, 'refund'))
    throw new ConflictError(m.refundNotAllowed(order.deliveryStatus));
  const refundLines = refundLinesOf(lines);
  const selection = request.full ? fullSelection(refundLines) : (request.lines ?? []).filter((s) => s.quantity > 0);
  if (request.full && selection.length === 0 && order.refundedAmount >= order.grandTotal) throw new ConflictError(m.refundNothingLeft);
  const problem = request.full && selection.length === 0 ? null : refundSelectionProblem(refundLines, selection);
  if (problem?.kind === 'empty') throw new ValidationError(m.refundEmpty, { lines: [m.refundEmpty] });
  if (problem?.kind === 'unknown-line') throw new ValidationError(m.refundUnknownLine, { lines: [m.refundUnknownLine] });
  if (problem?.kind === 'too-many') {
    const line = lines.find((l) => l.id === problem.lineId)!;
    throw new ValidationError(m.refundTooMany(line.name, problem.max), { lines: [m.refundTooMany(line.name, problem.max)] });
  }
  const amount = refundAmountFor(order, refundLines, selection);
  if (amount <= 0 && selection.length === 0) throw new ConflictError(m.refundNothingLeft);
  return { selection, amount };
}

const selectionJson = (selection: RefundSelection[]) => selection.map((s) => ({ line_id: s.lineId, quantity: s.quantity }));
const selectionOf = (json: unknown): RefundSelection[] =>
  (json as { line_id: number; quantity: number }[]).map((s) => ({ lineId: s.line_id, quantity: s.quantity }));

/**
 * Applies a refund the money of which is back (the provider said yes, or cash given by hand), in
 * the caller's transaction under the order's lock: the returned units' stock and refunded
 * quantities, the refunded amount, and the statuses. A cancellation refunds the whole payment
 * and cancels the order; a refund of a delivered order is 'refunded' (payment) and 'refund'
 * (delivery) once all the money is back, and stays 'paid' / 'delivered' while part is.
 */
async function applyRefund(
  tx: Db,
  deps: Pick<AdminOrderDeps, 'invoicing'>,
  staff: StaffMember,
  before: Order,
  refund: OrderRefund,
  providerRefundId: string | null,
  now: Date,
): Promise<{ after: Order; update: OrderUpdate; creditNote: TaxDocumentRef | null }> {
  const cancel = before.deliveryStatus === 'pending' || before.deliveryStatus === 'shipped';
  const selection = selectionOf(refund.lines);
  const lines = await linesOf(tx, before.id);
  const refundedAmount = addFils(before.refundedAmount, refund.amount);
  const allBack = refundedAmount >= before.grandTotal;
  const values: Partial<typeof orders.$inferInsert> = { refundedAmount };
  if (cancel) {
    values.deliveryStatus = 'cancelled';
    values.paymentStatus = 'refunded';
    if (!before.stockReleasedAt) {
      await giveBack(tx, lines, true);
      values.stockReleasedAt = now;
    }
  } else {
    const returned: { productId: number | null; quantity: number; name: string }[] = [];
    for (const s of selection) {
      const line = lines.find((l) => l.id === s.lineId)!;
      await tx
        .update(orderLines)
        .set({ refundedQuantity: sql`${orderLines.refundedQuantity} + ${s.quantity}` })
        .where(eq(orderLines.id, line.id));
      returned.push({ productId: line.productId, quantity: s.quantity, name: line.name });
    }
    // The returned units are back on sale, and no longer counted as sold.
    await giveBack(tx, returned, true);
    if (allBack) {
      values.paymentStatus = 'refunded';
      values.deliveryStatus = 'refund';
    }
  }
  const after = await writeOrder(tx, before, values, now);
  await tx.update(orderRefunds).set({ providerRefundId }).where(eq(orderRefunds.id, refund.id));
  const note = refund.reason;
  const staffId = staff.id;
  await addOrderEvent(tx, { orderId: before.id, kind: 'refund', amount: refund.amount, note: cancel ? null : note, staffId, at: now });
  if (after.paymentStatus !== before.paymentStatus)
    await addOrderEvent(tx, {
      orderId: before.id,
      kind: 'payment',
      fromValue: before.paymentStatus,
      toValue: after.paymentStatus,
      amount: refund.amount,
      staffId,
      at: now,
    });
  if (after.deliveryStatus !== before.deliveryStatus)
    await addOrderEvent(tx, {
      orderId: before.id,
      kind: 'status',
      fromValue: before.deliveryStatus,
      toValue: after.deliveryStatus,
      note: cancel ? note : null,
      staffId,
      at: now,
    });
  await recordAudit(
    tx,
    staff,
    {
      action: cancel ? 'order.cancelled' : 'order.refund',
      entityType: 'order',
      entityId: before.id,
      before: auditState(before),
      after: { ...auditState(after), refund: { amount: refund.amount, lines: refund.lines, provider_refund_id: providerRefundId }, note },
    },
    now,
  );
  const update: OrderUpdate = cancel
    ? { kind: 'cancelled', refunded: refund.amount }
    : { kind: 'refunded', amount: refund.amount, card: before.paymentType === 'online', full: allBack };
  // Money back on an invoiced order is corrected by a credit note, in the refund's transaction
  // (docs/decisions/0051-tax-invoices.md#credit-notes); a cancellation credits all that is left.
  const credit = await issueCreditNote(
    tx,
    deps.invoicing,
    after,
    { refundId: refund.id, amount: refund.amount, lines: selection, cancellation: cancel, reason: refund.reason },
    now,
  );
  return { after, update, creditNote: credit && { type: 'credit_note', id: credit.id } };
}

class ProviderFailedError extends DomainError {
  constructor() {
    super(m.providerFailed, 502);
  }
}

/**
 * Money back through the payment provider, never holding a row lock over the network call:
 * 1. claim, in one transaction under the order's lock and version check: the refund is written
 *    as asked (amount, units, note) without a provider id, and the version raised, so any other
 *    change made against the version the staff member saw is refused meanwhile;
 * 2. ask the provider, with an idempotency key of the refund row (`order-{id}-refund-{refundId}`);
 * 3. apply, in a second transaction: stock, quantities, amounts, statuses, events, audit.
 * A provider that fails or does not answer leaves the claim (a refund 'pending' on the order
 * page, nothing else changed); the next refund or cancel of the order retries THAT refund with
 * the same key, so money goes back once whatever failed where.
 */
async function refundThroughProvider(
  deps: AdminOrderDeps,
  staff: StaffMember,
  orderId: number,
  version: number,
  note: string | null,
  plan: (order: Order, lines: OrderLine[]) => { cancel: true } | { selection: RefundSelection[]; amount: Fils },
): Promise<void> {
  if (!deps.payments) throw new ConflictError(m.cardOff);
  const now = clock(deps);
  const claim = await catalogTransaction(deps.db, async (tx) => {
    const order = await lockVersion(tx, orderId, version);
    let refund = await pendingRefundOf(tx, order);
    if (!refund) {
      const lines = await linesOf(tx, orderId);
      const planned = plan(order, lines);
      const { selection, amount } =
        'cancel' in planned ? { selection: [] as RefundSelection[], amount: fils(order.grandTotal - order.refundedAmount) } : planned;
      const [claimed] = await tx
        .insert(orderRefunds)
        .values({ orderId, amount, lines: selectionJson(selection), reason: note, staffId: staff.id, createdAt: now })
        .returning();
      refund = claimed!;
    }
    await writeOrder(tx, order, {}, now);
    return { refund: refund!, intentId: order.paymentIntentId };
  });
  let providerRefundId: string | null;
  try {
    if (!claim.intentId) throw new Error('a paid card order without its payment intent');
    ({ id: providerRefundId } = await deps.payments.refund(claim.intentId, {
      amount: claim.refund.amount,
      idempotencyKey: `order-${orderId}-refund-${claim.refund.id}`,
    }));
  } catch (error) {
    log.error('refund through the payment provider failed', { orderId, refundId: claim.refund.id, error });
    throw new ProviderFailedError();
  }
  const applied = await catalogTransaction(deps.db, async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    const [refund] = await tx.select().from(orderRefunds).where(eq(orderRefunds.id, claim.refund.id)).for('update');
    // Another request retried the same refund and applied it first: nothing more to do.
    if (!order || !refund || refund.providerRefundId !== null) return [];
    const { after, update, creditNote } = await applyRefund(
      tx,
      deps,
      staff,
      order,
      refund,
      providerRefundId ?? `refunded-${claim.refund.id}`,
      now,
    );
    return queueUpdateMail(tx, deps, after, update, note ?? claim.refund.reason, creditNote);
  });
  await mailsCommitted(deps, applied);
}

/**
 * Refunds a delivered order, in full or by line. Card orders go through the provider
 * (refundThroughProvider); a cash order's refund is recorded in one transaction (the money is
 * given back by hand).
 */
export async function refundOrder(
  deps: AdminOrderDeps,
  staff: StaffMember,
  orderId: number,
  request: RefundRequest,
): Promise<AdminOrderView> {
  const now = clock(deps);
  const note = cleanNote(request.note);
  const [current] = await deps.db.select().from(orders).where(eq(orders.id, orderId));
  if (!current) throw new NotFoundError(m.orderMissing);
  if (current.paymentType === 'online') {
    await refundThroughProvider(deps, staff, orderId, request.version, note, (order, lines) => planRefund(order, lines, request));
    return getAdminOrder(deps.db, orderId);
  }
  const mailIds = await catalogTransaction(deps.db, async (tx) => {
    const before = await lockVersion(tx, orderId, request.version);
    const { selection, amount } = planRefund(before, await linesOf(tx, orderId), request);
    const [refund] = await tx
      .insert(orderRefunds)
      .values({ orderId, amount, lines: selectionJson(selection), reason: note, staffId: staff.id, createdAt: now })
      .returning();
    const { after, update, creditNote } = await applyRefund(tx, deps, staff, before, refund!, null, now);
    return queueUpdateMail(tx, deps, after, update, note, creditNote);
  });
  await mailsCommitted(deps, mailIds);
  return getAdminOrder(deps.db, orderId);
}

/** A note to the customer alone: recorded, mailed and shown on their order page. */
export async function addNote(
  deps: AdminOrderDeps,
  staff: StaffMember,
  orderId: number,
  input: { version: number; note: string },
): Promise<AdminOrderView> {
  const now = clock(deps);
  const note = cleanNote(input.note);
  if (!note) throw new ValidationError(m.noteRequired, { note: [m.noteRequired] });
  const mailIds = await catalogTransaction(deps.db, async (tx) => {
    const before = await lockVersion(tx, orderId, input.version);
    const written = await writeOrder(tx, before, {}, now);
    await addOrderEvent(tx, { orderId, kind: 'note', note, staffId: staff.id, at: now });
    await recordAudit(
      tx,
      staff,
      { action: 'order.note', entityType: 'order', entityId: orderId, before: auditState(before), after: { ...auditState(written), note } },
      now,
    );
    return queueUpdateMail(tx, deps, written, { kind: 'note' }, note);
  });
  await mailsCommitted(deps, mailIds);
  return getAdminOrder(deps.db, orderId);
}

/** Sets the date the customer is told to expect the delivery, while the order is on its way to them. */
export async function setExpectedDate(
  deps: AdminOrderDeps,
  staff: StaffMember,
  orderId: number,
  input: { version: number; expectedDate: string; note?: string | null | undefined },
): Promise<AdminOrderView> {
  const now = clock(deps);
  const note = cleanNote(input.note);
  checkExpectedDate(input.expectedDate, now);
  const mailIds = await catalogTransaction(deps.db, async (tx) => {
    const before = await lockVersion(tx, orderId, input.version);
    if (!['pending', 'shipped', 'ontheway'].includes(before.deliveryStatus))
      throw new ConflictError(m.expectedDateLocked(before.deliveryStatus));
    const written = await writeOrder(tx, before, { expectDate: input.expectedDate }, now);
    await addOrderEvent(tx, {
      orderId,
      kind: 'expected_date',
      fromValue: before.expectDate,
      toValue: input.expectedDate,
      note,
      staffId: staff.id,
      at: now,
    });
    await recordAudit(
      tx,
      staff,
      {
        action: 'order.expected_date',
        entityType: 'order',
        entityId: orderId,
        before: auditState(before),
        after: { ...auditState(written), note },
      },
      now,
    );
    return queueUpdateMail(tx, deps, written, { kind: 'expected_date', expectedDate: input.expectedDate }, note);
  });
  await mailsCommitted(deps, mailIds);
  return getAdminOrder(deps.db, orderId);
}
