import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createMailer } from './mailer';
import { otpMail, passwordChangedMail } from './templates';
import { otpCodeOf, outboxFiles, parseMail } from '../../../tests/mailbox';
import { startSmtpServer, type TestSmtpServer } from '../../../tests/smtp';

let root: string;
beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'mailer-'));
});
afterAll(() => {
  fs.rmSync(root, { recursive: true, force: true });
});

const FROM = 'Safe Buddy <no-reply@safebuddy.test>';

describe('development outbox (no SMTP_URL, not production)', () => {
  it('writes each message as an .eml file with the subject, recipient and code', async () => {
    const outboxDir = path.join(root, 'outbox-one', 'nested');
    const mailer = createMailer({ from: FROM, outboxDir, production: false });
    expect(fs.existsSync(outboxDir)).toBe(false); // created on the first mail
    await mailer.send(otpMail('Safe Buddy', 'layla@example.ae', '0427', 'register'));
    const files = outboxFiles(outboxDir);
    expect(files).toHaveLength(1);
    expect(path.basename(files[0]!)).toMatch(/^\d{14}-\d{6}-[0-9a-f]{6}\.eml$/);
    const raw = fs.readFileSync(files[0]!, 'utf8');
    const mail = parseMail(raw);
    expect(mail.subject).toBe('Your Safe Buddy sign-up code');
    expect(mail.to).toContain('layla@example.ae');
    expect(mail.from).toContain('no-reply@safebuddy.test');
    expect(otpCodeOf(mail)).toBe('0427');
    // Decoded from quoted-printable: soft line breaks joined, =3D back to '='.
    expect(mail.html).toContain('letter-spacing:6px">0427</strong>');
    expect(mail.html).toContain('Your Safe Buddy sign-up code</td>');
    expect(mail.text).toContain('Enter it to finish creating your account. It works once, for 10 minutes.');
  });

  it('names files so that the newest sorts last, even within one millisecond', async () => {
    const outboxDir = path.join(root, 'outbox-order');
    const mailer = createMailer({ from: FROM, outboxDir, production: false });
    const codes = ['1111', '2222', '3333', '4444', '5555', '6666'];
    const frozen = vi.spyOn(Date, 'now').mockReturnValue(1_795_000_000_000);
    try {
      for (const code of codes) await mailer.send(otpMail('Safe Buddy', 'order@example.ae', code, 'reset'));
    } finally {
      frozen.mockRestore();
    }
    const files = outboxFiles(outboxDir);
    expect(files).toHaveLength(6);
    expect(files.map((f) => otpCodeOf(parseMail(fs.readFileSync(f, 'utf8'))))).toEqual(codes);
  });

  it('refuses to start in production without SMTP_URL (docs/decisions/0021-email.md)', () => {
    expect(() => createMailer({ from: FROM, outboxDir: path.join(root, 'never'), production: true })).toThrow(/SMTP_URL/);
    expect(() => createMailer({ smtpUrl: '', from: FROM, outboxDir: path.join(root, 'never'), production: true })).toThrow(/SMTP_URL/);
    expect(fs.existsSync(path.join(root, 'never'))).toBe(false);
  });
});

describe('SMTP (SMTP_URL set)', () => {
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    smtp = await startSmtpServer();
  });
  afterAll(async () => {
    await smtp.close();
  });

  it('delivers through the server with the sender, both parts, and writes no outbox file', async () => {
    const outboxDir = path.join(root, 'outbox-smtp');
    const mailer = createMailer({ smtpUrl: smtp.url, from: FROM, outboxDir, production: true });
    await mailer.send(passwordChangedMail('Safe Buddy', 'omar@example.ae', 'Omar <Saeed>'));
    const received = smtp.lastTo('omar@example.ae');
    expect(received.mailFrom).toBe('no-reply@safebuddy.test');
    expect(received.rcptTo).toEqual(['omar@example.ae']);
    expect(received.parsed.subject).toBe('Your Safe Buddy password was changed');
    expect(received.parsed.text).toContain('Hello Omar <Saeed>,');
    expect(received.parsed.html).toContain('Hello Omar &lt;Saeed&gt;,');
    expect(received.parsed.headers.get('content-type')).toMatch(/^multipart\/alternative/);
    expect(fs.existsSync(outboxDir)).toBe(false);
  });

  it('fails loudly when the server cannot be reached', async () => {
    const closed = await startSmtpServer();
    await closed.close();
    const mailer = createMailer({ smtpUrl: closed.url, from: FROM, outboxDir: path.join(root, 'outbox-down'), production: false });
    await expect(mailer.send(otpMail('Safe Buddy', 'x@example.ae', '1234', 'register'))).rejects.toThrow();
  });
});
