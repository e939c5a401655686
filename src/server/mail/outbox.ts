// The mail outbox (docs/decisions/0040-mail-outbox.md). A change that causes a mail (an order placed or
// paid, a hold expired, a refund, a staff change to an order, a contact message or reply, a
// newsletter welcome) writes the rendered mail into mail_outbox in its own transaction, so a
// rolled-back change leaves no mail and a committed one never loses it. After the commit the
// process's sender (started with the server, src/server/jobs.ts) is woken; it also polls, retries a
// failed send with exponential backoff, and prunes old sent rows. Two senders (two instances)
// claim rows with `for update skip locked` and a lease, so one row is sent by one of them.
import { performance } from 'node:perf_hooks';
import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { mailOutbox } from '@/server/db/schema/mail';
import { onShutdown } from '@/server/lifecycle';
import { log } from '@/server/log';
import { faultContext, isDatabaseUnavailable } from '@/server/db/faults';
import type { Mail, Mailer } from './mailer';
import { taxDocumentAttachments } from '@/server/invoices/invoice-mail';

export type MailKind =
  | 'order_confirmation'
  | 'order_hold_expired'
  | 'order_refunded'
  | 'order_update'
  | 'contact_message'
  | 'contact_reply'
  | 'newsletter_welcome';

/**
 * How long a claimed row is its sender's: another sender takes it again only after this, should
 * the first one have died mid-send. Far above one send's longest run (SMTP_TIMEOUTS in mailer.ts).
 */
export const LEASE_SECONDS = 300;
/** The first retry waits this long, each next one twice as long, up to RETRY_MAX_SECONDS. */
export const RETRY_FIRST_SECONDS = 30;
export const RETRY_MAX_SECONDS = 3600;
/** Sent rows are kept this long (to see what went out), then pruned. Unsent rows are never pruned. */
export const KEEP_SENT_DAYS = 7;
/** The sender looks for due rows this often, besides being woken after each commit. */
export const POLL_MS = 10_000;
const PRUNE_EVERY_MS = 3_600_000;
/**
 * Mail yields to shoppers (docs/decisions/0040-mail-outbox.md#mail-yields-to-requests): a run
 * waits while the event loop was busy more than this share of the last QUIET_CHECK_MS, for at
 * most YIELD_MAX_MS, so a burst of orders is answered before their confirmations are sent.
 */
export const BUSY_UTILIZATION = 0.5;
export const QUIET_CHECK_MS = 25;
export const YIELD_MAX_MS = 2_000;

/** The share of time the event loop was busy since the previous call (performance.eventLoopUtilization). */
export function eventLoopBusy(): () => number {
  let last = performance.eventLoopUtilization();
  return () => {
    const since = performance.eventLoopUtilization(last);
    last = performance.eventLoopUtilization();
    return since.utilization;
  };
}

/**
 * Resolves once `busy()` reads at most BUSY_UTILIZATION after a check period, or after `maxMs`
 * however busy, or when `stopped()`; answers whether it was quiet.
 */
export async function quietMoment(
  options: { busy?: () => number; checkMs?: number; maxMs?: number; stopped?: () => boolean } = {},
): Promise<boolean> {
  const busy = options.busy ?? eventLoopBusy();
  const checkMs = options.checkMs ?? QUIET_CHECK_MS;
  const deadline = performance.now() + (options.maxMs ?? YIELD_MAX_MS);
  while (!options.stopped?.()) {
    await new Promise((resolve) => setTimeout(resolve, checkMs));
    if (busy() <= BUSY_UTILIZATION) return true;
    if (performance.now() >= deadline) return false;
  }
  return false;
}
const PRUNE_BATCH = 5_000;

/** The wait before the next try after `attempts` failed tries: 30 s, 1 min, 2 min, ... at most 1 h. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(RETRY_MAX_SECONDS, RETRY_FIRST_SECONDS * 2 ** Math.max(0, attempts - 1));
}

/**
 * The insert that queues a mail, returning its id: for a caller that runs it with other writes in
 * one statement (order placement, docs/decisions/0040-mail-outbox.md#checkout-under-load); others use queueMail.
 */
export function queueMailStatement(tx: Db, kind: MailKind, mail: Mail) {
  return tx
    .insert(mailOutbox)
    .values({
      kind,
      recipient: mail.to,
      body: {
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        summary: mail.summary,
        ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
        ...(mail.headers ? { headers: mail.headers } : {}),
        ...(mail.taxDocuments?.length ? { taxDocuments: mail.taxDocuments } : {}),
      },
    })
    .returning({ id: mailOutbox.id });
}

/** Writes a mail into the outbox; give it the transaction of the change that causes the mail. Answers the row's id. */
export async function queueMail(tx: Db, kind: MailKind, mail: Mail): Promise<number> {
  const [row] = await queueMailStatement(tx, kind, mail);
  return row!.id;
}

/**
 * What a failure is, without personal data: the error's code (or name) and the SMTP reply code,
 * never its message (an SMTP reply may quote the recipient).
 */
export function failureOf(error: unknown): string {
  const e = error as { code?: unknown; responseCode?: unknown; name?: unknown } | null;
  const code = typeof e?.code === 'string' ? e.code : error instanceof Error ? error.name : typeof error;
  return typeof e?.responseCode === 'number' ? `${code} ${e.responseCode}` : code;
}

export interface DeliveryRun {
  sent: number;
  failed: number;
}

/**
 * Rows claimed at once: one statement claims them and one marks them sent, rather than two per
 * mail (docs/decisions/0040-mail-outbox.md#checkout-under-load). A sender that dies mid-batch
 * leaves its sent rows unmarked: they go again after the lease, with the same Message-ID.
 */
export const SEND_BATCH = 20;

/**
 * Sends due rows, a batch at a time: the batch is claimed (attempts + 1, its next try pushed
 * LEASE_SECONDS ahead, so no other sender takes it), its mails sent one after another, and the
 * sent ones marked sent together; a failure sets that row's backoff, gives the rest of the batch
 * back (due again, their attempt not counted) and ends the run (the server is likely down: the
 * other rows wait for the next run). `ids` limits the run to those rows.
 */
export async function deliverDue(db: Db, mailer: Mailer, options: { ids?: number[]; limit?: number } = {}): Promise<DeliveryRun> {
  const run: DeliveryRun = { sent: 0, failed: 0 };
  const limit = options.limit ?? 100;
  while (run.sent < limit) {
    const rows = await claimDue(db, options.ids, Math.min(SEND_BATCH, limit - run.sent));
    if (rows.length === 0) break;
    const sent: number[] = [];
    let failedAt = -1;
    for (const [i, row] of rows.entries()) {
      try {
        const { taxDocuments, ...body } = row.body;
        // Attached tax documents are rendered now from their frozen copies (docs/decisions/0051-tax-invoices.md#the-mail).
        const attachments = taxDocuments?.length ? await taxDocumentAttachments(db, taxDocuments) : undefined;
        await mailer.send({
          to: row.recipient,
          ...body,
          ...(attachments ? { attachments } : {}),
          messageKey: `outbox-${row.id}-${row.createdAt.getTime()}`,
        });
        sent.push(row.id);
      } catch (error) {
        run.failed++;
        failedAt = i;
        const failure = failureOf(error);
        await db
          .update(mailOutbox)
          .set({ lastError: failure, nextAttemptAt: sql`now() + make_interval(secs => ${retryDelaySeconds(row.attempts)})` })
          .where(and(eq(mailOutbox.id, row.id), isNull(mailOutbox.sentAt)));
        log.warn('mail not sent: will retry', { mailId: row.id, kind: row.kind, attempts: row.attempts, error: failure });
        break;
      }
    }
    if (sent.length > 0)
      await db
        .update(mailOutbox)
        .set({ sentAt: sql`now()`, lastError: null })
        .where(inArray(mailOutbox.id, sent));
    run.sent += sent.length;
    if (failedAt >= 0) {
      const untried = rows.slice(failedAt + 1).map((r) => r.id);
      if (untried.length > 0)
        await db
          .update(mailOutbox)
          .set({ attempts: sql`${mailOutbox.attempts} - 1`, nextAttemptAt: sql`now()` })
          .where(and(inArray(mailOutbox.id, untried), isNull(mailOutbox.sentAt)));
      break;
    }
  }
  return run;
}

/** Claims up to `batch` due rows (of `ids`, when given) that no other sender holds; answers them oldest first. */
async function claimDue(db: Db, ids: number[] | undefined, batch: number) {
  if (ids && ids.length === 0) return [];
  const due = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(and(isNull(mailOutbox.sentAt), lte(mailOutbox.nextAttemptAt, sql`now()`), ids ? inArray(mailOutbox.id, ids) : undefined))
    .orderBy(asc(mailOutbox.nextAttemptAt), asc(mailOutbox.id))
    .limit(batch)
    .for('update', { skipLocked: true });
  const rows = await db
    .update(mailOutbox)
    .set({ attempts: sql`${mailOutbox.attempts} + 1`, nextAttemptAt: sql`now() + make_interval(secs => ${LEASE_SECONDS})` })
    .where(and(inArray(mailOutbox.id, due), isNull(mailOutbox.sentAt)))
    .returning();
  return rows.sort((a, b) => a.id - b.id);
}

/** Deletes sent rows older than KEEP_SENT_DAYS (a batch at a time); answers how many. */
export async function pruneSent(db: Db): Promise<number> {
  const old = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(sql`${mailOutbox.sentAt} < now() - make_interval(days => ${KEEP_SENT_DAYS})`)
    .limit(PRUNE_BATCH);
  const deleted = await db.delete(mailOutbox).where(inArray(mailOutbox.id, old)).returning({ id: mailOutbox.id });
  return deleted.length;
}

export interface OutboxSender {
  /** Runs now (or once more right after the run in progress). */
  wake(): void;
  /** Resolves when no run is in progress. */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The background sender: runs at once, when woken, and every POLL_MS, each run after a quiet
 * moment of the server (quietMoment); prunes hourly. While it runs it is this process's sender,
 * which mailsCommitted wakes.
 */
export function startOutboxSender(options: {
  db: () => Promise<Db>;
  mailer: Mailer;
  pollMs?: number;
  /** Waits for a moment the server is not busy (quietMoment); tests give their own. */
  quiet?: (stopped: () => boolean) => Promise<unknown>;
}): OutboxSender {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  let lastPrune = 0;
  const quiet = options.quiet ?? ((isStopped: () => boolean) => quietMoment({ stopped: isStopped }));
  const pass = async () => {
    try {
      await quiet(() => stopped);
      const db = await options.db();
      await deliverDue(db, options.mailer);
      if (Date.now() - lastPrune >= PRUNE_EVERY_MS) {
        lastPrune = Date.now();
        const pruned = await pruneSent(db);
        if (pruned > 0) log.info('pruned sent mails', { pruned });
      }
    } catch (error) {
      if (isDatabaseUnavailable(error)) log.warn('mail outbox skipped: the database is unavailable', faultContext(error));
      else log.error('mail outbox run failed', { error });
    }
  };
  const wake = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      do {
        again = false;
        await pass();
      } while (again && !stopped);
    })().finally(() => {
      running = null;
    });
  };
  const timer = setInterval(wake, options.pollMs ?? POLL_MS).unref();
  const sender: OutboxSender = {
    wake,
    idle: async () => {
      while (running) await running;
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      if (registry()[KEY] === sender) delete registry()[KEY];
      await sender.idle();
    },
  };
  registry()[KEY] = sender;
  wake();
  return sender;
}

// The process's sender lives on globalThis under a registered symbol, like the shutdown hooks
// (server/lifecycle.ts): the built server's jobs module and its pages share it.
const KEY = Symbol.for('safe-buddy.mail-outbox-sender');
const registry = () => globalThis as { [KEY]?: OutboxSender };

/** Starts the process's sender (server/jobs.ts); it stops on shutdown, before the database closes. */
export function startProcessOutboxSender(db: () => Promise<Db>, mailer: Mailer): OutboxSender {
  const existing = registry()[KEY];
  if (existing) return existing;
  const sender = startOutboxSender({ db, mailer });
  onShutdown('mail outbox sender', () => sender.stop());
  return sender;
}

/**
 * Call after the transaction that queued `ids` committed. With a sender running in this process
 * (the server) it is woken and the answer does not wait for the mail; without one (tests,
 * one-off scripts) those rows are sent now through `mailer`. Never throws: a row that fails
 * stays queued for a sender to retry.
 */
export async function mailsCommitted(deps: { db: Db; mailer: Mailer }, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  const sender = registry()[KEY];
  if (sender) {
    sender.wake();
    return;
  }
  try {
    await deliverDue(deps.db, deps.mailer, { ids: [...ids] });
  } catch (error) {
    log.error('sending queued mails failed: they stay queued', { mailIds: ids, error });
  }
}
