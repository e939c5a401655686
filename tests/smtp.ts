// A real SMTP server in the test process (smtp-server on 127.0.0.1, a random port, no TLS and
// no authentication) that keeps every message it receives, raw and parsed.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { createMailer, type Mailer } from '@/server/mail/mailer';
import { parseMail, type ParsedMail } from './mailbox';

export interface ReceivedMail {
  /** The SMTP envelope. */
  mailFrom: string | null;
  rcptTo: string[];
  raw: string;
  parsed: ParsedMail;
}

export interface TestSmtpServer {
  port: number;
  url: string;
  messages: ReceivedMail[];
  /** Messages whose envelope names this recipient (trimmed, case-insensitive), oldest first. */
  messagesTo(address: string): ReceivedMail[];
  /** The newest message to a recipient; fails when there is none. */
  lastTo(address: string): ReceivedMail;
  close(): Promise<void>;
}

export async function startSmtpServer(): Promise<TestSmtpServer> {
  const messages: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    // The shop's mailer keeps its connection open between mails (src/server/mail/mailer.ts):
    // closing ends such idle connections at once rather than waiting 30 s for them.
    closeTimeout: 50,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', callback);
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        messages.push({
          mailFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : null,
          rcptTo: session.envelope.rcptTo.map((r) => r.address),
          raw,
          parsed: parseMail(raw),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;
  const messagesTo = (address: string) => {
    const wanted = address.trim().toLowerCase();
    return messages.filter((m) => m.rcptTo.some((r) => r.toLowerCase() === wanted));
  };
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    messages,
    messagesTo,
    lastTo(address) {
      const all = messagesTo(address);
      const last = all[all.length - 1];
      if (!last) throw new Error(`No mail was received for ${address}`);
      return last;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The shop's real SMTP mailer, sending to the test server (no outbox: every mail goes over SMTP). */
export function smtpMailer(smtp: Pick<TestSmtpServer, 'url'>, from = 'Safe Buddy <no-reply@safebuddy.test>'): Mailer {
  return createMailer({ smtpUrl: smtp.url, from, outboxDir: '/nonexistent', production: false });
}
