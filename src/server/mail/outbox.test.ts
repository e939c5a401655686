// The mail outbox (docs/decisions/0040-mail-outbox.md): mails are written in the transaction of the
// change that causes them (a rolled-back order leaves none), the sender sends through a real SMTP
// server and marks them sent, retries with backoff while the server fails, two senders (two
// instances: two connection pools on PostgreSQL) never send one row twice, and a checkout
// answers while the mail server is down or hangs, its mail going once the server is back.
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { mailOutbox } from '@/server/db/schema/mail';
import { orders } from '@/server/db/schema/orders';
import type { Mail, Mailer } from './mailer';
import {
  deliverDue,
  failureOf,
  LEASE_SECONDS,
  mailsCommitted,
  pruneSent,
  queueMail,
  retryDelaySeconds,
  SEND_BATCH,
  startOutboxSender,
  eventLoopBusy,
  quietMoment,
  type OutboxSender,
} from './outbox';
import { placeOrder } from '@/server/orders/order.service';
import { freshDatabase, type TestDatabase } from '../../../tests/db';
import { secondInstance } from '../../../tests/second-instance';
import { insertProduct } from '../../../tests/factories';
import { orderDeps, putInCart, shopper } from '../../../tests/checkout';
import { recordingMailer } from '../../../tests/accounts';
import { smtpMailer, startSmtpServer, type TestSmtpServer } from '../../../tests/smtp';

let handle: TestDatabase;
let db: Db;
let smtp: TestSmtpServer;
let sender: OutboxSender | undefined;

beforeAll(async () => {
  handle = await freshDatabase();
  db = handle.db;
  smtp = await startSmtpServer();
});
afterAll(async () => {
  await smtp.close();
  await handle.dispose();
});
afterEach(async () => {
  await sender?.stop();
  sender = undefined;
});

let sequence = 0;
function aMail(to = `outbox${++sequence}@example.ae`): Mail {
  return {
    to,
    subject: `Test mail ${sequence}`,
    text: `Hello ${sequence}\n`,
    html: `<p>Hello ${sequence}</p>`,
    summary: `test ${sequence}`,
  };
}

async function rowOf(id: number) {
  const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  return row!;
}

/** Seconds from the database's now to the row's next attempt. */
async function secondsToNextAttempt(id: number): Promise<number> {
  const result = (await db.execute(
    sql`select extract(epoch from (${mailOutbox.nextAttemptAt} - now()))::float8 as s from ${mailOutbox} where ${mailOutbox.id} = ${id}`,
  )) as unknown as { rows: { s: number }[] };
  return Number(result.rows[0]!.s);
}

/** Makes the row due now, as if its backoff had passed. */
const makeDue = (id: number) =>
  db
    .update(mailOutbox)
    .set({ nextAttemptAt: sql`now()` })
    .where(eq(mailOutbox.id, id));

/** An SMTP address that refuses connections (a server started and closed). */
async function deadSmtpUrl(): Promise<string> {
  const closed = await startSmtpServer();
  await closed.close();
  return closed.url;
}

/** A mailer whose SMTP server can be switched, as a server that goes down and comes back. */
function switchableMailer(first: Mailer): Mailer & { target: Mailer } {
  const mailer = { target: first, send: (mail: Mail) => mailer.target.send(mail) };
  return mailer;
}

describe('queued in the transaction of the change', () => {
  it('a rolled-back transaction leaves no mail, a committed one leaves one unsent row', async () => {
    const kept = aMail();
    const dropped = aMail();
    await expect(
      db.transaction(async (tx) => {
        await queueMail(tx, 'contact_message', dropped);
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    const id = await db.transaction((tx) => queueMail(tx, 'contact_message', kept));
    expect(await db.select().from(mailOutbox).where(eq(mailOutbox.recipient, dropped.to))).toEqual([]);
    expect(await rowOf(id)).toMatchObject({ recipient: kept.to, kind: 'contact_message', attempts: 0, sentAt: null, lastError: null });
  });

  it('a rolled-back order leaves no mail, and the woken sender sends nothing', async () => {
    const mailer = recordingMailer();
    sender = startOutboxSender({ db: async () => db, mailer });
    const s = await shopper(db);
    const p = await insertProduct(db, { quantity: 5 });
    await putInCart(db, s.user.id, p.id, 1);
    // The order's transaction runs inside an outer one that is then rolled back.
    let orderId = 0;
    await db
      .transaction(async (tx) => {
        ({
          order: { id: orderId },
        } = await placeOrder({ ...orderDeps(tx, null), mailer }, s.user, { addressId: s.address.id, paymentType: 'cash_on_delivery' }));
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    await sender.idle();
    expect(orderId).toBeGreaterThan(0);
    expect(await db.select().from(orders).where(eq(orders.id, orderId))).toEqual([]);
    expect(await db.select().from(mailOutbox).where(eq(mailOutbox.recipient, s.user.email))).toEqual([]);
    expect(mailer.to(s.user.email)).toEqual([]);
  });
});

describe('the sender', () => {
  it('sends through SMTP after the commit, marks the row sent, and gives the mail a stable Message-ID', async () => {
    const mail = { ...aMail(), replyTo: 'sender@example.ae', headers: { 'List-Unsubscribe': '<https://safebuddy.test/u/x>' } };
    const id = await db.transaction((tx) => queueMail(tx, 'newsletter_welcome', mail));
    sender = startOutboxSender({ db: async () => db, mailer: smtpMailer(smtp) });
    await mailsCommitted({ db, mailer: recordingMailer() }, [id]);
    await sender.idle();
    const received = smtp.lastTo(mail.to);
    expect(received.parsed.subject).toBe(mail.subject);
    expect(received.parsed.text).toContain(`Hello ${sequence}`);
    expect(received.parsed.headers.get('reply-to')).toContain('sender@example.ae');
    expect(received.parsed.headers.get('list-unsubscribe')).toBe('<https://safebuddy.test/u/x>');
    const row = await rowOf(id);
    expect(received.parsed.headers.get('message-id')).toBe(`<outbox-${id}-${row.createdAt.getTime()}@safebuddy.test>`);
    expect(row.sentAt).not.toBeNull();
    expect(row.attempts).toBe(1);
    // Sent once: another run finds nothing due.
    expect(await deliverDue(db, smtpMailer(smtp))).toEqual({ sent: 0, failed: 0 });
    expect(smtp.messagesTo(mail.to)).toHaveLength(1);
  });

  it('without a sender in the process, the committed rows are sent by the caller through its mailer', async () => {
    const mailer = recordingMailer();
    const mail = aMail();
    const id = await db.transaction((tx) => queueMail(tx, 'order_update', mail));
    await mailsCommitted({ db, mailer }, [id]);
    expect(mailer.to(mail.to).map((m) => m.subject)).toEqual([mail.subject]);
    expect((await rowOf(id)).sentAt).not.toBeNull();
  });

  it('retries with exponential backoff while SMTP fails, records the failure without the address, and sends once it is back', async () => {
    const mailer = switchableMailer(smtpMailer({ url: await deadSmtpUrl() }));
    const mail = aMail('backoff@example.ae');
    const id = await db.transaction((tx) => queueMail(tx, 'order_confirmation', mail));
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      expect(await deliverDue(db, mailer, { ids: [id] })).toEqual({ sent: 0, failed: 1 });
      let row = await rowOf(id);
      expect(row).toMatchObject({ attempts: 1, sentAt: null });
      expect(row.lastError).toMatch(/^E[A-Z]+/);
      expect(row.lastError).not.toContain('backoff@example.ae');
      // Not due until its backoff passed: a run now sends nothing.
      expect(await secondsToNextAttempt(id)).toBeGreaterThan(retryDelaySeconds(1) - 10);
      expect(await secondsToNextAttempt(id)).toBeLessThanOrEqual(retryDelaySeconds(1));
      expect(await deliverDue(db, mailer, { ids: [id] })).toEqual({ sent: 0, failed: 0 });

      await makeDue(id);
      expect(await deliverDue(db, mailer, { ids: [id] })).toEqual({ sent: 0, failed: 1 });
      row = await rowOf(id);
      expect(row.attempts).toBe(2);
      expect(await secondsToNextAttempt(id)).toBeGreaterThan(retryDelaySeconds(2) - 10);
      expect(await secondsToNextAttempt(id)).toBeLessThanOrEqual(retryDelaySeconds(2));
    } finally {
      errors.mockRestore();
    }

    mailer.target = smtpMailer(smtp);
    await makeDue(id);
    expect(await deliverDue(db, mailer, { ids: [id] })).toEqual({ sent: 1, failed: 0 });
    expect(smtp.messagesTo('backoff@example.ae')).toHaveLength(1);
    expect(await rowOf(id)).toMatchObject({ attempts: 3, lastError: null });
  });

  it('waits 30 s after the first failure, twice as long after each next one, at most an hour', () => {
    expect([1, 2, 3, 4, 7, 8, 20].map(retryDelaySeconds)).toEqual([30, 60, 120, 240, 1920, 3600, 3600]);
  });

  it('describes a failure by its code and SMTP reply code only', () => {
    const rejected = Object.assign(new Error('550 5.1.1 <who@example.ae>: Recipient address rejected'), {
      code: 'EENVELOPE',
      responseCode: 550,
    });
    expect(failureOf(rejected)).toBe('EENVELOPE 550');
    expect(failureOf(new TypeError('who@example.ae'))).toBe('TypeError');
  });

  it('leaves a row claimed by a sender that died mid-send until its lease ends, then sends it', async () => {
    const mail = aMail();
    const id = await db.transaction((tx) => queueMail(tx, 'order_update', mail));
    // A sender claimed it and died: attempts counted, next attempt one lease ahead.
    await db
      .update(mailOutbox)
      .set({ attempts: 1, nextAttemptAt: sql`now() + make_interval(secs => ${LEASE_SECONDS})` })
      .where(eq(mailOutbox.id, id));
    const mailer = recordingMailer();
    expect(await deliverDue(db, mailer, { ids: [id] })).toEqual({ sent: 0, failed: 0 });
    await makeDue(id); // the lease ended
    expect(await deliverDue(db, mailer, { ids: [id] })).toEqual({ sent: 1, failed: 0 });
    expect(mailer.to(mail.to)).toHaveLength(1);
  });

  it('a failure in the middle of a batch keeps the mails before it sent and gives the untried ones back, due and uncounted', async () => {
    const ids = await db.transaction(async (tx) => [
      await queueMail(tx, 'order_update', aMail()),
      await queueMail(tx, 'order_update', aMail()),
      await queueMail(tx, 'order_update', aMail()),
      await queueMail(tx, 'order_update', aMail()),
    ]);
    const delivered = recordingMailer();
    // The server accepts the first mail, then fails.
    let sends = 0;
    const failing: Mailer = {
      async send(mail) {
        if (++sends > 1) throw Object.assign(new Error('connection lost'), { code: 'ECONNECTION' });
        await delivered.send(mail);
      },
    };
    const warnings = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      expect(await deliverDue(db, failing, { ids })).toEqual({ sent: 1, failed: 1 });
    } finally {
      warnings.mockRestore();
    }
    expect(sends).toBe(2);
    const [first, second, ...untried] = await Promise.all(ids.map(rowOf));
    expect(first).toMatchObject({ attempts: 1, lastError: null });
    expect(first!.sentAt).not.toBeNull();
    expect(second).toMatchObject({ attempts: 1, sentAt: null, lastError: 'ECONNECTION' });
    expect(await secondsToNextAttempt(second!.id)).toBeGreaterThan(retryDelaySeconds(1) - 10);
    for (const row of untried) expect(row).toMatchObject({ attempts: 0, sentAt: null, lastError: null });
    for (const row of untried) expect(await secondsToNextAttempt(row.id)).toBeLessThanOrEqual(0);
    // The next run sends the untried ones (the failed one waits for its backoff), each once.
    expect(await deliverDue(db, delivered, { ids })).toEqual({ sent: 2, failed: 0 });
    expect(delivered.sent.map((m) => m.to)).toEqual([first!.recipient, ...untried.map((r) => r.recipient)]);
  });

  it(`claims at most ${SEND_BATCH} rows at once, oldest first, and sends every due row in one run`, async () => {
    const ids = await db.transaction(async (tx) => {
      const queued: number[] = [];
      for (let i = 0; i < SEND_BATCH + 5; i++) queued.push(await queueMail(tx, 'order_update', aMail(`batch${i}@example.ae`)));
      return queued;
    });
    const claimedWhileSending: number[] = [];
    const recorder = recordingMailer();
    const mailer: Mailer = {
      async send(mail) {
        // While the first mail goes, the whole first batch is claimed and the rest is not.
        if (recorder.sent.length === 0) {
          const rows = await db.select().from(mailOutbox).where(inArray(mailOutbox.id, ids));
          claimedWhileSending.push(...rows.filter((r) => r.attempts === 1).map((r) => r.id));
        }
        await recorder.send(mail);
      },
    };
    expect(await deliverDue(db, mailer, { ids })).toEqual({ sent: SEND_BATCH + 5, failed: 0 });
    expect(claimedWhileSending.sort((a, b) => a - b)).toEqual(ids.slice(0, SEND_BATCH));
    expect(recorder.sent.map((m) => m.to)).toEqual(ids.map((_, i) => `batch${i}@example.ae`));
    const rows = await db.select().from(mailOutbox).where(inArray(mailOutbox.id, ids));
    expect(rows.every((r) => r.sentAt !== null && r.attempts === 1)).toBe(true);
  });

  it('prunes sent rows older than a week, never unsent ones', async () => {
    const old = await db.transaction((tx) => queueMail(tx, 'order_update', aMail()));
    const recent = await db.transaction((tx) => queueMail(tx, 'order_update', aMail()));
    const stuck = await db.transaction((tx) => queueMail(tx, 'order_update', aMail()));
    await db
      .update(mailOutbox)
      .set({ sentAt: sql`now() - interval '8 days'` })
      .where(eq(mailOutbox.id, old));
    await db
      .update(mailOutbox)
      .set({ sentAt: sql`now() - interval '1 day'` })
      .where(eq(mailOutbox.id, recent));
    await db
      .update(mailOutbox)
      .set({ createdAt: sql`now() - interval '30 days'` })
      .where(eq(mailOutbox.id, stuck));
    expect(await pruneSent(db)).toBeGreaterThanOrEqual(1);
    const left = await db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(inArray(mailOutbox.id, [old, recent, stuck]));
    expect(left.map((r) => r.id).sort((a, b) => a - b)).toEqual([recent, stuck]);
  });
});

describe('two senders (two instances)', () => {
  it('never send one row twice, and send every row', async () => {
    const two = await secondInstance(handle);
    try {
      const ids = await db.transaction(async (tx) => {
        const queued: number[] = [];
        for (let i = 0; i < 40; i++) queued.push(await queueMail(tx, 'order_confirmation', aMail(`pair${i}@example.ae`)));
        return queued;
      });
      // Each send yields, so the two senders' claims interleave.
      const slow = () => {
        const mailer = recordingMailer();
        const record = mailer.send;
        mailer.send = async (mail) => {
          await new Promise((resolve) => setTimeout(resolve, 2));
          await record(mail);
        };
        return mailer;
      };
      const [a, b] = [slow(), slow()];
      const runs = await Promise.all([
        deliverDue(db, a, { ids }),
        deliverDue(two.db, b, { ids }),
        deliverDue(db, a, { ids }),
        deliverDue(two.db, b, { ids }),
      ]);
      const recipients = [...a.sent, ...b.sent].map((m) => m.to);
      expect(recipients).toHaveLength(40);
      expect(new Set(recipients).size).toBe(40);
      expect(runs.reduce((sum, run) => sum + run.sent, 0)).toBe(40);
      const rows = await db.select().from(mailOutbox).where(inArray(mailOutbox.id, ids));
      expect(rows.every((r) => r.sentAt !== null && r.attempts === 1)).toBe(true);
    } finally {
      await two.close();
    }
  });
});

describe('checkout while the mail server fails', () => {
  // The earlier tests' unsent rows would keep these senders busy: out of the way.
  beforeAll(async () => {
    await db
      .update(mailOutbox)
      .set({ sentAt: sql`now()` })
      .where(isNull(mailOutbox.sentAt));
  });
  const cashOrder = async (mailer: Mailer) => {
    const s = await shopper(db);
    const p = await insertProduct(db, { quantity: 5 });
    await putInCart(db, s.user.id, p.id, 1);
    const placed = await placeOrder({ ...orderDeps(db, null), mailer }, s.user, {
      addressId: s.address.id,
      paymentType: 'cash_on_delivery',
    });
    return { email: s.user.email, orderId: placed.order.id };
  };

  it('answers while SMTP is down, and the confirmation goes when it is back', async () => {
    const mailer = switchableMailer(smtpMailer({ url: await deadSmtpUrl() }));
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    sender = startOutboxSender({ db: async () => db, mailer });
    const { email, orderId } = await cashOrder(mailer);
    await sender.idle();
    errors.mockRestore();
    expect(await db.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId))).toHaveLength(1);
    const [queued] = await db.select().from(mailOutbox).where(eq(mailOutbox.recipient, email));
    expect(queued).toMatchObject({ kind: 'order_confirmation', sentAt: null, attempts: 1 });

    mailer.target = smtpMailer(smtp);
    await makeDue(queued!.id);
    sender.wake();
    await sender.idle();
    expect(smtp.lastTo(email).parsed.subject).toBe(`Safe Buddy order #${orderId} confirmed`);
    expect((await rowOf(queued!.id)).sentAt).not.toBeNull();
  });

  it('answers while the SMTP server accepts the connection and never replies', async () => {
    const accepted: net.Socket[] = [];
    const silent = net.createServer((socket) => accepted.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const url = `smtp://127.0.0.1:${(silent.address() as AddressInfo).port}`;
    const mailer = smtpMailer({ url });
    sender = startOutboxSender({ db: async () => db, mailer });
    await sender.idle();
    try {
      const { email, orderId } = await cashOrder(mailer);
      // The order is placed and answered while the sender still waits for the server's greeting.
      await vi.waitFor(() => expect(accepted.length).toBeGreaterThan(0), { timeout: 5_000 });
      expect(await db.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId))).toHaveLength(1);
      const [queued] = await db.select().from(mailOutbox).where(eq(mailOutbox.recipient, email));
      expect(queued).toMatchObject({ sentAt: null, attempts: 1 });
    } finally {
      for (const socket of accepted) socket.destroy();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
      const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
      await sender.idle();
      errors.mockRestore();
    }
  });
});

describe('mail yields to requests', () => {
  it('waits while the event loop is busy and goes at the first quiet check', async () => {
    const readings = [0.9, 0.8, 0.2, 0.1];
    let checks = 0;
    expect(await quietMoment({ busy: () => readings[checks++]!, checkMs: 1, maxMs: 60_000 })).toBe(true);
    expect(checks).toBe(3);
  });

  it('goes after its longest wait however busy, and at once when the sender stops', async () => {
    let checks = 0;
    const start = performance.now();
    expect(await quietMoment({ busy: () => (checks++, 1), checkMs: 1, maxMs: 30 })).toBe(false);
    // It kept checking until its longest wait (how many checks fit depends on the machine's load).
    expect(performance.now() - start).toBeGreaterThanOrEqual(30);
    expect(checks).toBeGreaterThanOrEqual(1);
    checks = 0;
    expect(await quietMoment({ busy: () => (checks++, 1), checkMs: 1, stopped: () => true })).toBe(false);
    expect(checks).toBe(0);
  });

  it('reads the event loop: busy while work blocks it, less so while it waits', async () => {
    const busy = eventLoopBusy();
    const until = performance.now() + 40;
    while (performance.now() < until) {
      // work that holds the loop, as a burst of requests does
    }
    const blocked = busy();
    expect(blocked).toBeGreaterThan(0.9);
    await new Promise((resolve) => setTimeout(resolve, 40));
    // Only lower: on a loaded machine the test runner's own work shares the wait.
    expect(busy()).toBeLessThan(blocked);
  });

  it("the sender's run sends only after the quiet moment", async () => {
    const mailer = recordingMailer();
    const mail = aMail();
    await db.transaction((tx) => queueMail(tx, 'order_update', mail));
    let quiet!: () => void;
    const moment = new Promise<void>((resolve) => (quiet = resolve));
    sender = startOutboxSender({ db: async () => db, mailer, quiet: () => moment });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(mailer.to(mail.to)).toEqual([]);
    quiet();
    await sender.idle();
    expect(mailer.to(mail.to)).toHaveLength(1);
  });
});
