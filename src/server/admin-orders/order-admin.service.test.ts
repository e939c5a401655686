// Running one order (docs/decisions/0034-running-orders.md): the status machine, stock back once,
// cash paid on delivery, refunds by line through the provider (the real Stripe SDK against the
// fake, and the built-in test provider), the version check, events, audit and the customer's mail.
// On PostgreSQL (TEST_DATABASE_URL) the parallel case runs on two connection pools.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { auditLog, staffUsers } from '@/server/db/schema/staff';
import { orderEvents, orderLines, orderRefunds, orders } from '@/server/db/schema/orders';
import { createTestProvider, settleTestIntent } from '@/server/payments/test.provider';
import { testPaymentIntents } from '@/server/db/schema/orders';
import type { PaymentProvider } from '@/server/payments/payment-provider';
import { confirmPayment, placeOrder, type Order } from '@/server/orders/order.service';
import { adminOrderMessages as m } from '@/domain/messages/admin-orders';
import { fils, formatPrice } from '@/domain/money';
import { calendarDate } from '@/domain/dates';
import { useFreshDatabase } from '../../../tests/db';
import { insertProduct } from '../../../tests/factories';
import { orderDeps, putInCart, shopper, stockOf, type Shopper } from '../../../tests/checkout';
import { recordingMailer } from '../../../tests/accounts';
import { rejection } from '../../../tests/errors';
import { useStripeFake, type StripeFakeSetup } from '../../../tests/stripe-fake';
import { secondInstance } from '../../../tests/second-instance';
import { smtpMailer, startSmtpServer, type TestSmtpServer } from '../../../tests/smtp';
import type { StaffMember } from '@/server/staff/staff.service';
import { addNote, changeStatus, getAdminOrder, refundOrder, setExpectedDate, type AdminOrderDeps } from './order-admin.service';

let db: Db;
const database = useFreshDatabase((d) => {
  db = d.db;
});
let stripe: StripeFakeSetup;
useStripeFake((s) => {
  stripe = s;
});

let staffSeq = 0;
async function staffMember(name = 'Layla Staff'): Promise<StaffMember> {
  staffSeq++;
  const [row] = await db
    .insert(staffUsers)
    .values({ email: `staff${staffSeq}@safebuddy.test`, name, role: 'staff', passwordHash: 'x', totpSecret: 'JBSWY3DPEHPK3PXP' })
    .returning();
  return { id: row!.id, email: row!.email, name: row!.name, role: 'staff' };
}

function adminDeps(payments: PaymentProvider | null = null, overrides: Partial<AdminOrderDeps> = {}) {
  const mailer = recordingMailer();
  const deps: AdminOrderDeps & { mailer: typeof mailer } = {
    db,
    mailer,
    shopName: 'Safe Buddy',
    siteUrl: 'https://shop.test',
    payments,
    ...overrides,
  } as AdminOrderDeps & { mailer: typeof mailer };
  return deps;
}

interface Placed {
  s: Shopper;
  order: Order;
  products: { id: number; quantity: number }[];
}

/** A cash order of two products (2 x 100 AED and 1 x 50 AED). */
async function cashOrder(): Promise<Placed> {
  const s = await shopper(db);
  const a = await insertProduct(db, { unitPrice: 100_00, quantity: 10 });
  const b = await insertProduct(db, { unitPrice: 50_00, quantity: 10 });
  await putInCart(db, s.user.id, a.id, 2);
  await putInCart(db, s.user.id, b.id, 1);
  const { order } = await placeOrder(orderDeps(db, null), s.user, { addressId: s.address.id, paymentType: 'cash_on_delivery' });
  return { s, order, products: [a, b] };
}

/** A card order of the same two products, paid through `payments` (Stripe fake or test provider). */
async function paidCardOrder(payments: PaymentProvider): Promise<Placed> {
  const s = await shopper(db);
  const a = await insertProduct(db, { unitPrice: 100_00, quantity: 10 });
  const b = await insertProduct(db, { unitPrice: 50_00, quantity: 10 });
  await putInCart(db, s.user.id, a.id, 2);
  await putInCart(db, s.user.id, b.id, 1);
  const deps = orderDeps(db, payments);
  const { order } = await placeOrder(deps, s.user, { addressId: s.address.id, paymentType: 'online' });
  const intentId = order.paymentIntentId!;
  if (payments.kind === 'stripe') stripe.fake.setStatus(intentId, 'succeeded');
  else {
    const [intent] = await db.select().from(testPaymentIntents).where(eq(testPaymentIntents.id, intentId));
    await settleTestIntent(db, intentId, intent!.clientSecret, 'succeeded');
  }
  const confirmed = await confirmPayment(deps, s.user, order.id, intentId);
  expect(confirmed.order.paymentStatus).toBe('paid');
  return { s, order: confirmed.order, products: [a, b] };
}

const reload = async (id: number) => (await db.select().from(orders).where(eq(orders.id, id)))[0]!;
const linesOf = (id: number) => db.select().from(orderLines).where(eq(orderLines.orderId, id)).orderBy(orderLines.id);
const eventsOf = (id: number) => db.select().from(orderEvents).where(eq(orderEvents.orderId, id)).orderBy(orderEvents.id);
const auditOf = (id: number) =>
  db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityType, 'order'), eq(auditLog.entityId, String(id))))
    .orderBy(auditLog.id);

describe('the status machine', () => {
  it('ships, puts on the way with a date and delivers a cash order, which marks it paid; each step an event, an audit entry and a mail', async () => {
    const { s, order } = await cashOrder();
    const staff = await staffMember('Layla');
    const deps = adminDeps();

    let view = await changeStatus(deps, staff, order.id, { to: 'shipped', version: order.version, note: 'Packed with care' });
    expect(view.order.deliveryStatus).toBe('shipped');
    view = await changeStatus(deps, staff, order.id, { to: 'ontheway', version: view.order.version, expectedDate: '2099-03-04' });
    expect(view.order).toMatchObject({ deliveryStatus: 'ontheway', expectDate: '2099-03-04' });
    view = await changeStatus(deps, staff, order.id, { to: 'delivered', version: view.order.version });
    expect(view.order).toMatchObject({ deliveryStatus: 'delivered', paymentStatus: 'paid' });
    expect(view.actions).toEqual(['refund']);

    const events = await eventsOf(order.id);
    expect(events.map((e) => [e.kind, e.fromValue, e.toValue])).toEqual([
      ['placed', null, 'pending'],
      ['status', 'pending', 'shipped'],
      ['status', 'shipped', 'ontheway'],
      ['expected_date', order.expectDate, '2099-03-04'],
      ['status', 'ontheway', 'delivered'],
      ['payment', 'unpaid', 'paid'],
    ]);
    expect(events[1]).toMatchObject({ note: 'Packed with care', staffId: staff.id });
    const audit = await auditOf(order.id);
    expect(audit.map((a) => a.action)).toEqual(['order.shipped', 'order.ontheway', 'order.delivered']);
    expect(audit[2]!.before).toMatchObject({ delivery_status: 'ontheway', payment_status: 'unpaid' });
    expect(audit[2]!.after).toMatchObject({ delivery_status: 'delivered', payment_status: 'paid' });
    expect(audit[0]).toMatchObject({ staffId: staff.id, staffEmail: staff.email });

    const mails = deps.mailer.to(s.user.email);
    expect(mails.map((x) => x.subject)).toEqual([
      `Safe Buddy order #${order.id} has shipped`,
      `Safe Buddy order #${order.id} is on the way`,
      `Safe Buddy order #${order.id} was delivered`,
    ]);
    expect(mails[0]!.text).toContain('A note from us: Packed with care');
    expect(mails[0]!.text).toContain(`https://shop.test/order/${order.id}`);
    expect(mails[1]!.text).toContain('Expected delivery: ');
    expect(mails[1]!.text).toMatch(/2099/);
    expect(mails[2]!.text).toContain('cash payment');
  });

  it('refuses every change the status machine does not list, naming both statuses, and changes nothing', async () => {
    const { order } = await cashOrder();
    const staff = await staffMember();
    const deps = adminDeps();
    const refused = await rejection(changeStatus(deps, staff, order.id, { to: 'delivered', version: order.version }));
    expect(refused).toMatchObject({ status: 409, message: m.notAllowed('pending', 'delivered') });
    expect(refused.message).toContain('Delivery Pending');
    expect(refused.message).toContain('Delivered');
    await changeStatus(deps, staff, order.id, { to: 'cancelled', version: order.version });
    const again = await rejection(changeStatus(deps, staff, order.id, { to: 'shipped', version: order.version + 1 }));
    expect(again).toMatchObject({ status: 409, message: m.notAllowed('cancelled', 'shipped') });
    const refund = await rejection(refundOrder(deps, staff, order.id, { version: order.version + 1, full: true }));
    expect(refund.status).toBe(409);
    expect((await reload(order.id)).version).toBe(order.version + 1);
    expect(deps.mailer.sent).toHaveLength(1);
  });

  it('does not touch a card order still awaiting payment (its hold is the shopper’s)', async () => {
    const s = await shopper(db);
    const p = await insertProduct(db, { quantity: 5 });
    await putInCart(db, s.user.id, p.id, 1);
    const { order } = await placeOrder(orderDeps(db, createTestProvider(db)), s.user, { addressId: s.address.id, paymentType: 'online' });
    const view = await getAdminOrder(db, order.id);
    expect(view.actions).toEqual([]);
    const refused = await rejection(
      changeStatus(adminDeps(), await staffMember(), order.id, { to: 'shipped', version: view.order.version }),
    );
    expect(refused).toMatchObject({ status: 409, message: m.awaitingPayment });
  });
});

describe('cancelling', () => {
  it('gives a cash order’s stock back exactly once and undoes its sale', async () => {
    const { s, order, products } = await cashOrder();
    const staff = await staffMember();
    const deps = adminDeps();
    const before = await stockOf(db, products[0]!.id);
    expect(before.quantity).toBe(8);
    const view = await changeStatus(deps, staff, order.id, { to: 'cancelled', version: order.version, note: 'Out of delivery area' });
    expect(view.order).toMatchObject({ deliveryStatus: 'cancelled', paymentStatus: 'unpaid' });
    expect(await stockOf(db, products[0]!.id)).toEqual({ quantity: 10, unitsSold: 0 });
    expect((await stockOf(db, products[1]!.id)).quantity).toBe(10);
    // A second cancel (even with the new version) is refused: the stock comes back once.
    await rejection(changeStatus(deps, staff, order.id, { to: 'cancelled', version: view.order.version }));
    expect((await stockOf(db, products[0]!.id)).quantity).toBe(10);
    const mail = deps.mailer.to(s.user.email)[0]!;
    expect(mail.subject).toBe(`Safe Buddy order #${order.id} was cancelled`);
    expect(mail.text).toContain('Out of delivery area');
  });

  it('refunds a paid card order in full through Stripe when it is cancelled, then gives the stock back', async () => {
    const { s, order, products } = await paidCardOrder(stripe.provider);
    const staff = await staffMember();
    const deps = adminDeps(stripe.provider);
    const view = await changeStatus(deps, staff, order.id, { to: 'cancelled', version: order.version });
    expect(view.order).toMatchObject({ deliveryStatus: 'cancelled', paymentStatus: 'refunded', refundedAmount: order.grandTotal });
    const refunds = stripe.fake.refunds.filter((r) => r.payment_intent === order.paymentIntentId);
    expect(refunds.map((r) => r.amount)).toEqual([order.grandTotal]);
    expect(await stockOf(db, products[0]!.id)).toEqual({ quantity: 10, unitsSold: 0 });
    expect(view.refunds).toHaveLength(1);
    expect(view.refunds[0]!.providerRefundId).toBe(refunds[0]!.id);
    expect(deps.mailer.to(s.user.email)[0]!.text).toContain('is refunded to your card');
  });
});

describe('refunds of a delivered order', () => {
  async function delivered(payments: PaymentProvider) {
    const placed = await paidCardOrder(payments);
    const staff = await staffMember();
    const deps = adminDeps(payments);
    let view = await changeStatus(deps, staff, placed.order.id, { to: 'shipped', version: placed.order.version });
    view = await changeStatus(deps, staff, placed.order.id, { to: 'ontheway', version: view.order.version });
    view = await changeStatus(deps, staff, placed.order.id, { to: 'delivered', version: view.order.version });
    return { ...placed, staff, deps, view };
  }

  it('refunds by line through the Stripe SDK (amount and idempotency key), returns the stock of the returned units, and stays paid until all money is back', async () => {
    const { s, order, products, staff, deps, view } = await delivered(stripe.provider);
    const [lineA, lineB] = await linesOf(order.id);
    // One of two 100 AED units: 100 of the 250 AED order.
    let after = await refundOrder(deps, staff, order.id, {
      version: view.order.version,
      lines: [{ lineId: lineA!.id, quantity: 1 }],
      note: 'Dented door',
    });
    expect(after.order).toMatchObject({ deliveryStatus: 'delivered', paymentStatus: 'paid', refundedAmount: fils(100_00) });
    expect((await linesOf(order.id)).map((l) => l.refundedQuantity)).toEqual([1, 0]);
    expect((await stockOf(db, products[0]!.id)).quantity).toBe(9);
    expect((await stockOf(db, products[1]!.id)).quantity).toBe(9);
    const request = stripe.fake.requests.filter((r) => r.path === '/v1/refunds').at(-1)!;
    expect(request.body).toMatchObject({ payment_intent: order.paymentIntentId, amount: '10000' });
    expect(request.headers['idempotency-key']).toBe(`order-${order.id}-refund-${after.refunds[0]!.id}`);
    expect(after.actions).toEqual(['refund']);
    const mail = deps.mailer.to(s.user.email).at(-1)!;
    expect(mail.subject).toBe(`Safe Buddy order #${order.id}: ${formatPrice(fils(100_00))} refunded`);
    expect(mail.text).toContain('Dented door');
    expect(mail.text).toMatch(/100\.00/);

    // The rest: the last units give back exactly what is left.
    after = await refundOrder(deps, staff, order.id, { version: after.order.version, full: true });
    expect(after.order).toMatchObject({ deliveryStatus: 'refund', paymentStatus: 'refunded', refundedAmount: order.grandTotal });
    expect((await linesOf(order.id)).map((l) => l.refundedQuantity)).toEqual([lineA!.quantity, lineB!.quantity]);
    expect((await stockOf(db, products[0]!.id)).quantity).toBe(10);
    expect(stripe.fake.refunds.filter((r) => r.payment_intent === order.paymentIntentId).map((r) => r.amount)).toEqual([100_00, 150_00]);
    expect(after.actions).toEqual([]);
    const kinds = (await eventsOf(order.id)).slice(-4).map((e) => [e.kind, e.toValue, e.amount]);
    expect(kinds).toEqual([
      ['refund', null, 100_00],
      ['refund', null, 150_00],
      ['payment', 'refunded', 150_00],
      ['status', 'refund', null],
    ]);
  });

  it('refuses more units than are left, and computes the amount itself', async () => {
    const { order, staff, deps, view } = await delivered(createTestProvider(db));
    const [lineA] = await linesOf(order.id);
    const tooMany = await rejection(
      refundOrder(deps, staff, order.id, { version: view.order.version, lines: [{ lineId: lineA!.id, quantity: 3 }] }),
    );
    expect(tooMany.status).toBe(422);
    const empty = await rejection(refundOrder(deps, staff, order.id, { version: view.order.version, lines: [] }));
    expect(empty).toMatchObject({ status: 422, message: m.refundEmpty });
    expect((await reload(order.id)).version).toBe(view.order.version);
  });

  it('with the built-in test provider, records the partial refund offline', async () => {
    const provider = createTestProvider(db);
    const { order, staff, deps, view } = await delivered(provider);
    const [, lineB] = await linesOf(order.id);
    const after = await refundOrder(deps, staff, order.id, { version: view.order.version, lines: [{ lineId: lineB!.id, quantity: 1 }] });
    expect(after.order.refundedAmount).toBe(50_00);
    expect(after.refunds[0]!.providerRefundId).toMatch(/^re_test_/);
  });

  it('a provider that fails leaves a pending refund and nothing else changed; the retry refunds once', async () => {
    const { order, products, staff, deps, view } = await delivered(stripe.provider);
    const [lineA] = await linesOf(order.id);
    stripe.fake.failNext('refund', 500, 2);
    const failed = await rejection(
      refundOrder(deps, staff, order.id, { version: view.order.version, lines: [{ lineId: lineA!.id, quantity: 2 }] }),
    );
    expect(failed).toMatchObject({ status: 502, message: m.providerFailed });
    const pending = await getAdminOrder(db, order.id);
    expect(pending.order).toMatchObject({ refundedAmount: 0, paymentStatus: 'paid', deliveryStatus: 'delivered' });
    expect(pending.pendingRefund).toMatchObject({ amount: 200_00 });
    expect(pending.actions).toEqual([]);
    expect((await stockOf(db, products[0]!.id)).quantity).toBe(8);
    // Other status changes wait for it.
    const note = await addNote(deps, staff, order.id, { version: pending.order.version, note: 'We are on it' });
    // The retry (whatever lines it names) finishes the pending refund with the same key.
    const retried = await refundOrder(deps, staff, order.id, { version: note.order.version, full: true });
    expect(retried.order.refundedAmount).toBe(200_00);
    expect(retried.pendingRefund).toBeNull();
    expect(stripe.fake.refunds.filter((r) => r.payment_intent === order.paymentIntentId).map((r) => r.amount)).toEqual([200_00]);
    const keys = stripe.fake.requests
      .filter((r) => r.path === '/v1/refunds')
      .slice(-2)
      .map((r) => r.headers['idempotency-key']);
    expect(new Set(keys).size).toBe(1);
    expect((await stockOf(db, products[0]!.id)).quantity).toBe(10);
  });

  it('a cash order’s refund is recorded (money back by hand)', async () => {
    const { s, order, products } = await cashOrder();
    const staff = await staffMember();
    const deps = adminDeps();
    let view = await changeStatus(deps, staff, order.id, { to: 'shipped', version: order.version });
    view = await changeStatus(deps, staff, order.id, { to: 'ontheway', version: view.order.version });
    view = await changeStatus(deps, staff, order.id, { to: 'delivered', version: view.order.version });
    view = await refundOrder(deps, staff, order.id, { version: view.order.version, full: true });
    expect(view.order).toMatchObject({ deliveryStatus: 'refund', paymentStatus: 'refunded', refundedAmount: order.grandTotal });
    expect(view.refunds[0]!.providerRefundId).toBeNull();
    expect(view.pendingRefund).toBeNull();
    expect((await stockOf(db, products[1]!.id)).quantity).toBe(10);
    expect(deps.mailer.to(s.user.email).at(-1)!.text).toContain('given back to you in cash');
  });
});

describe('notes and the expected date', () => {
  it('sends a note and moves the expected date, each recorded and mailed', async () => {
    const { s, order } = await cashOrder();
    const staff = await staffMember();
    const deps = adminDeps();
    let view = await addNote(deps, staff, order.id, { version: order.version, note: 'Call before you come' });
    view = await setExpectedDate(deps, staff, order.id, { version: view.order.version, expectedDate: '2099-05-06', note: 'Truck delayed' });
    expect(view.order.expectDate).toBe('2099-05-06');
    expect(view.events.slice(-2).map((e) => [e.kind, e.note, e.staffName])).toEqual([
      ['note', 'Call before you come', staff.name],
      ['expected_date', 'Truck delayed', staff.name],
    ]);
    expect(deps.mailer.to(s.user.email).map((x) => x.summary)).toEqual([`order #${order.id} note`, `order #${order.id} expected_date`]);
    const past = await rejection(setExpectedDate(deps, staff, order.id, { version: view.order.version, expectedDate: '2001-01-01' }));
    expect(past.status).toBe(422);
    const blank = await rejection(addNote(deps, staff, order.id, { version: view.order.version, note: '   ' }));
    expect(blank.status).toBe(422);
  });
});

describe('two staff members at once', () => {
  it('refuses a change made against an older version, naming who changed it', async () => {
    const { order } = await cashOrder();
    const deps = adminDeps();
    const noor = await staffMember('Noor');
    await changeStatus(deps, noor, order.id, { to: 'shipped', version: order.version });
    const stale = await rejection(changeStatus(deps, await staffMember('Omar'), order.id, { to: 'cancelled', version: order.version }));
    expect(stale).toMatchObject({ status: 409, message: m.changedMeanwhile('Noor') });
    expect((await reload(order.id)).deliveryStatus).toBe('shipped');
  });

  it('two parallel actions from two app instances: exactly one applies', async () => {
    const other = await secondInstance(database.handle);
    try {
      const depsA = adminDeps();
      const depsB = adminDeps(null, { db: other.db });
      const [a, b] = [await staffMember('A'), await staffMember('B')];
      // Shipping and moving the date are each allowed after the other: only the version check
      // stops the second. Several rounds, so both orders of arrival are tried.
      for (let round = 0; round < 4; round++) {
        const { order } = await cashOrder();
        const results = await Promise.allSettled([
          changeStatus(depsA, a, order.id, { to: 'shipped', version: order.version }),
          setExpectedDate(depsB, b, order.id, { version: order.version, expectedDate: '2099-01-02' }),
        ]);
        const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
        expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
        expect(refused).toHaveLength(1);
        expect(refused[0]!.reason).toMatchObject({ status: 409 });
        expect(String(refused[0]!.reason.message)).toMatch(/^This order was changed meanwhile by (A|B);/);
        const row = await reload(order.id);
        expect(row.version).toBe(order.version + 1);
        expect((await eventsOf(order.id)).filter((e) => e.kind !== 'placed')).toHaveLength(1);
        expect(row.deliveryStatus === 'shipped').toBe(row.expectDate !== '2099-01-02');
      }
    } finally {
      await other.close();
    }
  });

  it('two parallel status changes (ship and cancel) from two app instances: exactly one applies, the stock moves once', async () => {
    const other = await secondInstance(database.handle);
    try {
      const [a, b] = [await staffMember('A'), await staffMember('B')];
      for (let round = 0; round < 4; round++) {
        const { order, products } = await cashOrder();
        // Alternate who starts first, so both orders of arrival are tried.
        const ship = () => changeStatus(adminDeps(), a, order.id, { to: 'shipped', version: order.version });
        const cancel = () => changeStatus(adminDeps(null, { db: other.db }), b, order.id, { to: 'cancelled', version: order.version });
        const results = await Promise.allSettled(round % 2 === 0 ? [ship(), cancel()] : [cancel(), ship()]);
        const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
        expect(refused).toHaveLength(1);
        expect(refused[0]!.reason).toMatchObject({ status: 409 });
        const row = await reload(order.id);
        expect(row.version).toBe(order.version + 1);
        expect(['shipped', 'cancelled']).toContain(row.deliveryStatus);
        expect((await eventsOf(order.id)).filter((e) => e.kind === 'status')).toHaveLength(1);
        expect((await auditOf(order.id)).map((x) => x.action)).toEqual([`order.${row.deliveryStatus}`]);
        // Stock (2 of 10 taken) comes back only when the cancel won.
        expect((await stockOf(db, products[0]!.id)).quantity).toBe(row.deliveryStatus === 'cancelled' ? 10 : 8);
      }
    } finally {
      await other.close();
    }
  });

  it('two parallel refunds of the same card order: one refund at the provider', async () => {
    const placed = await paidCardOrder(stripe.provider);
    const staff = await staffMember();
    const deps = adminDeps(stripe.provider);
    let view = await changeStatus(deps, staff, placed.order.id, { to: 'shipped', version: placed.order.version });
    view = await changeStatus(deps, staff, placed.order.id, { to: 'ontheway', version: view.order.version });
    view = await changeStatus(deps, staff, placed.order.id, { to: 'delivered', version: view.order.version });
    const other = await secondInstance(database.handle);
    try {
      const results = await Promise.allSettled([
        refundOrder(deps, staff, placed.order.id, { version: view.order.version, full: true }),
        refundOrder({ ...adminDeps(stripe.provider), db: other.db }, staff, placed.order.id, { version: view.order.version, full: true }),
      ]);
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      expect(stripe.fake.refunds.filter((r) => r.payment_intent === placed.order.paymentIntentId)).toHaveLength(1);
      expect(await db.select().from(orderRefunds).where(eq(orderRefunds.orderId, placed.order.id))).toHaveLength(1);
    } finally {
      await other.close();
    }
  });
});

describe('mails', () => {
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    smtp = await startSmtpServer();
  });
  afterAll(async () => {
    await smtp.close();
  });

  it('go through the real SMTP catcher after the commit, with the link to the order page', async () => {
    const { s, order } = await cashOrder();
    const mailer = smtpMailer(smtp, 'shop@safebuddy.test');
    const deps = adminDeps(null, { mailer });
    await changeStatus(deps, await staffMember(), order.id, { to: 'shipped', version: order.version, note: 'Driver: Ali' });
    const mail = smtp.lastTo(s.user.email);
    expect(mail.parsed.subject).toBe(`Safe Buddy order #${order.id} has shipped`);
    expect(mail.parsed.text).toContain(`https://shop.test/order/${order.id}`);
    expect(mail.parsed.text).toContain('Driver: Ali');
  });

  it('every status mail reaches the SMTP catcher with the order link: shipped, on the way with the date, delivered, refunded and cancelled with the amount', async () => {
    const mailer = smtpMailer(smtp, 'shop@safebuddy.test');
    const staff = await staffMember();
    const { s, order } = await cashOrder();
    const deps = adminDeps(null, { mailer });
    let view = await changeStatus(deps, staff, order.id, { to: 'shipped', version: order.version });
    view = await changeStatus(deps, staff, order.id, { to: 'ontheway', version: view.order.version, expectedDate: '2099-03-04' });
    view = await changeStatus(deps, staff, order.id, { to: 'delivered', version: view.order.version });
    const [lineA] = await linesOf(order.id);
    view = await refundOrder(deps, staff, order.id, { version: view.order.version, lines: [{ lineId: lineA!.id, quantity: 1 }] });
    const refunded = view.order.refundedAmount;
    expect(refunded).toBe(100_00);

    const card = await paidCardOrder(stripe.provider);
    await changeStatus(adminDeps(stripe.provider, { mailer }), staff, card.order.id, { to: 'cancelled', version: card.order.version });

    const link = (id: number) => `https://shop.test/order/${id}`;
    const received = smtp.messagesTo(s.user.email).map((x) => x.parsed);
    expect(received.map((x) => x.subject)).toEqual([
      `Safe Buddy order #${order.id} has shipped`,
      `Safe Buddy order #${order.id} is on the way`,
      `Safe Buddy order #${order.id} was delivered`,
      `Safe Buddy order #${order.id}: ${formatPrice(fils(refunded))} refunded`,
    ]);
    for (const mail of received) {
      expect(mail.text).toContain(link(order.id));
      expect(mail.html).toContain(`href="${link(order.id)}"`);
    }
    expect(received[1]!.text).toContain(`Expected delivery: ${calendarDate('2099-03-04')}.`);
    expect(received[2]!.text).toContain('We have received your cash payment');
    expect(received[3]!.text).toContain(`We have refunded ${formatPrice(fils(refunded))} for your order #${order.id}`);

    const cancelled = smtp.lastTo(card.s.user.email).parsed;
    expect(cancelled.subject).toBe(`Safe Buddy order #${card.order.id} was cancelled`);
    expect(cancelled.text).toContain(`The full ${formatPrice(card.order.grandTotal)} is refunded to your card`);
    expect(cancelled.text).toContain(link(card.order.id));
  });

  it('a mail that fails is logged and never undoes the change', async () => {
    const { order } = await cashOrder();
    const deps = adminDeps(null, { mailer: { send: () => Promise.reject(new Error('SMTP down')) } });
    const view = await changeStatus(deps, await staffMember(), order.id, { to: 'shipped', version: order.version });
    expect(view.order.deliveryStatus).toBe('shipped');
    expect((await reload(order.id)).deliveryStatus).toBe('shipped');
  });
});
