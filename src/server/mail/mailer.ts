// Mail through nodemailer (docs/decisions/0021-email.md): real SMTP when SMTP_URL is set; otherwise, outside production,
// a development outbox that writes each message to DATA_DIR/outbox/ and logs a one-line summary.
import fs from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import nodemailer from 'nodemailer';
import { log } from '@/server/log';

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
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

export function createMailer(options: { smtpUrl?: string | undefined; from: string; outboxDir: string; production: boolean }): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
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
