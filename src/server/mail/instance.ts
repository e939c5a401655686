// The application's mailer, built once from configuration.
import path from 'node:path';
import { config } from '@/server/config';
import { createMailer, type Mailer } from './mailer';

let mailer: Mailer | undefined;

export function getMailer(): Mailer {
  const c = config();
  mailer ??= createMailer({
    smtpUrl: c.SMTP_URL,
    from: c.MAIL_FROM,
    outboxDir: path.resolve(c.DATA_DIR, 'outbox'),
    production: c.NODE_ENV === 'production',
  });
  return mailer;
}
