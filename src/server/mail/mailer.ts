// Mail through nodemailer (docs/decisions/0021-email.md): real SMTP when SMTP_URL is set; otherwise, outside production,
// a development outbox that writes each message to DATA_DIR/outbox/ and logs a one-line summary.
import fs from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import nodemailer from 'nodemailer';
import { log } from '@/server/log';

/**
 * A tax invoice or credit note attached to a mail as its PDF: the outbox keeps this reference and
 * the PDF is rendered from the frozen document when the mail is sent (docs/decisions/0051-tax-invoices.md#the-mail).
 */
export interface TaxDocumentRef {
  type: 'invoice' | 'credit_note';
  id: number;
}

/** A file sent with a mail. */
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Where replies go, e.g. the sender of a contact message. */
  replyTo?: string;
  /** Extra header lines, e.g. a newsletter mail's List-Unsubscribe (RFC 8058). Values must be one line. */
  headers?: Record<string, string>;
  /** What the development log line shows (OTP codes included, development only). */
  summary: string;
  /**
   * A stable key for the Message-ID (`<key@sender's domain>`): a mail the outbox sends again after a
   * crash carries the same Message-ID, so mail clients can tell the copy (docs/decisions/0040-mail-outbox.md).
   */
  messageKey?: string;
  /** Tax documents to attach (kept by the outbox as references, rendered at send time). */
  taxDocuments?: TaxDocumentRef[];
  /** The files sent with the mail (the outbox fills them from taxDocuments). */
  attachments?: MailAttachment[];
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/**
 * How long one SMTP send may take, at most: a server that does not answer fails the send within
 * about a minute, well inside the outbox's lease on a row (docs/decisions/0040-mail-outbox.md).
 */
export const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/** How long the SMTP connection stays open without a mail to send. */
export const SMTP_IDLE_MS = 30_000;

/** The sender's domain, for Message-IDs. */
function domainOf(from: string): string {
  return /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'localhost';
}

const attachmentsOf = (mail: Mail) =>
  mail.attachments?.map((a) => ({ filename: a.filename, content: a.content, contentType: a.contentType }));

export function createMailer(options: { smtpUrl?: string | undefined; from: string; outboxDir: string; production: boolean }): Mailer {
  const messageId = (mail: Mail) => (mail.messageKey ? `<${mail.messageKey}@${domainOf(options.from)}>` : undefined);
  if (options.smtpUrl) {
    // One connection kept open and reused mail after mail (closed after SMTP_IDLE_MS without a
    // mail), rather than a connection, greeting and EHLO per mail: the outbox sends its mails one
    // after another (docs/decisions/0040-mail-outbox.md#checkout-under-load).
    const transport = nodemailer.createTransport({
      url: options.smtpUrl,
      pool: true,
      maxConnections: 1,
      idleTimeout: SMTP_IDLE_MS,
      // A connection lost mid-send is tried once more on a new one, then the send fails and the
      // outbox retries it later: within SMTP_TIMEOUTS twice, well inside the outbox's lease.
      maxRequeues: 1,
      ...SMTP_TIMEOUTS,
    });
    return {
      async send(mail) {
        await transport.sendMail({
          from: options.from,
          to: mail.to,
          replyTo: mail.replyTo,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          headers: mail.headers,
          messageId: messageId(mail),
          attachments: attachmentsOf(mail),
        });
      },
    };
  }
  if (options.production) throw new Error('SMTP_URL is required in production (docs/decisions/0021-email.md)');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  let sequence = 0;
  return {
    async send(mail) {
      const info = await transport.sendMail({
        from: options.from,
        to: mail.to,
        replyTo: mail.replyTo,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        headers: mail.headers,
        messageId: messageId(mail),
        attachments: attachmentsOf(mail),
      });
      await fs.mkdir(options.outboxDir, { recursive: true });
      // Sortable names: the newest message is the last in the folder, even within one millisecond.
      sequence = (sequence + 1) % 1_000_000;
      const stamp = `${Date.now().toString().padStart(14, '0')}-${sequence.toString().padStart(6, '0')}`;
      const file = path.join(options.outboxDir, `${stamp}-${randomBytes(3).toString('hex')}.eml`);
      await fs.writeFile(file, info.message as Buffer);
      log.info('mail written to the development outbox', { to: mail.to, summary: mail.summary, file });
    },
  };
}
