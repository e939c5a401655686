// The mail outbox (docs/decisions/0040-mail-outbox.md): each mail a change causes is written here in
// the change's own transaction, and a background sender (src/server/mail/outbox.ts) delivers it after
// the commit, retrying with backoff. The row holds the rendered mail, so a sender needs no other data.
import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';

/** What the row carries: the mail as rendered when it was queued (the Mail of src/server/mail/mailer.ts). */
export interface QueuedMailBody {
  subject: string;
  text: string;
  html: string;
  replyTo?: string;
  headers?: Record<string, string>;
  summary: string;
  /** Tax documents attached as PDFs, rendered when sent (docs/decisions/0051-tax-invoices.md#the-mail). */
  taxDocuments?: { type: 'invoice' | 'credit_note'; id: number }[];
}

export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Which mail, e.g. order_confirmation (for logs and the stuck-mail query; never personal). */
    kind: varchar('kind', { length: 40 }).notNull(),
    recipient: text('recipient').notNull(),
    body: jsonb('body').$type<QueuedMailBody>().notNull(),
    attempts: integer('attempts').notNull().default(0),
    /** When a sender may take the row next: now when queued, pushed ahead while one sends it (its lease), then by the backoff. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** The last failure's kind and SMTP code only (e.g. "ECONNREFUSED", "EENVELOPE 550"), never an address. */
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [
    // The sender's claim reads the due unsent rows in order; sent rows are not in the index.
    index('mail_outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.sentAt} is null`),
    // The pruning of old sent rows.
    index('mail_outbox_sent_idx')
      .on(t.sentAt)
      .where(sql`${t.sentAt} is not null`),
  ],
);
