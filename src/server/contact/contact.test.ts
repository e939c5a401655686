import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { api } from '@/server/api/index';
import { contactMessages as contactTable } from '@/server/db/schema/shopping';
import { contactSchema } from '@/domain/contact';
import { contactMessages } from '@/domain/messages/contact';
import { config } from '@/server/config';
import { CONTACT_LIMIT_PER_ADDRESS, CONTACT_LIMIT_PER_EMAIL, contactPrefill, sendContactMessage } from './contact.service';
import { insertUser } from '../../../tests/accounts';
import { addressFor } from '../../../tests/checkout';
import { inputMessages } from '@/domain/messages/input';
import { useFreshDatabase } from '../../../tests/db';
import { recordingMailer, type RecordingMailer } from '../../../tests/accounts';
import { smtpMailer, startSmtpServer } from '../../../tests/smtp';
import { envelopeOf } from '../../../tests/api';

const database = useFreshDatabase();
const mailer: RecordingMailer = recordingMailer();

function post(body: BodyInit, headers: Record<string, string>, clientAddress = '203.0.113.7') {
  const request = new Request('http://shop.test/api/contact', { method: 'POST', body, headers });
  return api.handle(request, { db: database.db, clientAddress, mailer, shopName: 'Safe Buddy', trustedOrigins: ['https://shop.example'] });
}
const JSON_TYPE = { 'content-type': 'application/json' };
const valid = (email: string) => ({
  first_name: ' Reem ',
  last_name: 'Ali',
  email,
  phone: '0501234567',
  message: 'Do you deliver safes to Sharjah?\nThanks',
});

describe('POST /api/contact', () => {
  it('stores the message and mails it to the shop inbox with a reply-to of the sender', async () => {
    const r = await post(JSON.stringify(valid('Reem.Ali@Example.AE')), JSON_TYPE, '198.51.100.1');
    expect(r.status).toBe(200);
    expect(await envelopeOf(r)).toMatchObject({ success: true, message: contactMessages.sent });
    const rows = await database.db.select().from(contactTable).where(eq(contactTable.email, 'reem.ali@example.ae'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ firstName: 'Reem', lastName: 'Ali', phone: '0501234567' });
    const mail = mailer.sent.at(-1)!;
    expect(mail.to).toBe(config().SHOP_EMAIL);
    expect(mail.replyTo).toBe('reem.ali@example.ae');
    expect(mail.subject).toContain('Reem Ali');
    expect(mail.text).toContain('Do you deliver safes to Sharjah?');
  });

  it('accepts multipart and URL-encoded forms, and escapes the message in the HTML mail', async () => {
    const form = new FormData();
    for (const [k, v] of Object.entries({ ...valid('multi@example.ae'), message: '<script>x</script>' })) form.append(k, v);
    expect((await post(form, {}, '198.51.100.2')).status).toBe(200);
    expect(mailer.sent.at(-1)!.html).toContain('&lt;script&gt;');
    expect(
      (await post(new URLSearchParams(valid('urlenc@example.ae')), { 'content-type': 'application/x-www-form-urlencoded' }, '198.51.100.2'))
        .status,
    ).toBe(200);
  });

  it('answers 422 with the spec message for each field, storing and mailing nothing', async () => {
    const before = mailer.sent.length;
    const empty = await post(JSON.stringify({}), JSON_TYPE, '198.51.100.3');
    expect(empty.status).toBe(422);
    expect((await envelopeOf(empty)).data).toEqual({
      first_name: [contactMessages.firstNameRequired],
      last_name: [contactMessages.lastNameRequired],
      email: [contactMessages.emailRequired],
      phone: [contactMessages.phoneDigits],
      message: [contactMessages.messageRequired],
    });
    const bad = await post(
      JSON.stringify({ ...valid('not-an-email'), first_name: '  ', phone: '05012345', message: 'x'.repeat(5001) }),
      JSON_TYPE,
      '198.51.100.3',
    );
    expect(bad.status).toBe(422);
    expect((await envelopeOf(bad)).data).toEqual({
      first_name: [contactMessages.firstNameRequired],
      email: [contactMessages.emailInvalid],
      phone: [contactMessages.phoneDigits],
      message: ['At most 5000 characters'],
    });
    expect(mailer.sent.length).toBe(before);
    expect(await database.db.select().from(contactTable).where(eq(contactTable.email, 'not-an-email'))).toHaveLength(0);
  });

  it('refuses a phone with letters or eleven digits in the schema', () => {
    expect(contactSchema.safeParse(valid('a@example.ae')).success).toBe(true);
    expect(contactSchema.safeParse({ ...valid('a@example.ae'), phone: '05012345ab' }).success).toBe(false);
    expect(contactSchema.safeParse({ ...valid('a@example.ae'), phone: '05012345678' }).success).toBe(false);
  });

  it('limits messages per client address with 429 and Retry-After', async () => {
    const address = '192.0.2.55';
    for (let i = 0; i < CONTACT_LIMIT_PER_ADDRESS.limit; i++) {
      expect((await post(JSON.stringify(valid(`bulk${i}@example.ae`)), JSON_TYPE, address)).status).toBe(200);
    }
    const blocked = await post(JSON.stringify(valid('one-more@example.ae')), JSON_TYPE, address);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await envelopeOf(blocked)).message).toBe(contactMessages.tooMany);
    expect(await database.db.select().from(contactTable).where(eq(contactTable.email, 'one-more@example.ae'))).toHaveLength(0);
    expect((await post(JSON.stringify(valid('other@example.ae')), JSON_TYPE, '192.0.2.56')).status).toBe(200);
  });

  it('limits messages per sender e-mail across client addresses, so many addresses cannot flood with one e-mail', async () => {
    for (let i = 0; i < CONTACT_LIMIT_PER_EMAIL.limit; i++) {
      expect((await post(JSON.stringify(valid('flood@example.ae')), JSON_TYPE, `203.0.113.${150 + i}`)).status).toBe(200);
    }
    const blocked = await post(JSON.stringify(valid('Flood@Example.AE')), JSON_TYPE, '203.0.113.199');
    expect(blocked.status).toBe(429);
    expect((await envelopeOf(blocked)).message).toBe(contactMessages.tooMany);
    expect(await database.db.select().from(contactTable).where(eq(contactTable.email, 'flood@example.ae'))).toHaveLength(
      CONTACT_LIMIT_PER_EMAIL.limit,
    );
    // That address may still write with another e-mail.
    expect((await post(JSON.stringify(valid('someone-else@example.ae')), JSON_TYPE, '203.0.113.199')).status).toBe(200);
  });

  it('refuses cross-site posts (docs/decisions/0008-sessions.md)', async () => {
    const r = await post(JSON.stringify(valid('x@example.ae')), { ...JSON_TYPE, 'sec-fetch-site': 'cross-site' }, '198.51.100.9');
    expect(r.status).toBe(403);
  });
});

describe('through a real SMTP server', () => {
  it("delivers the message to the shop's inbox, with the sender as reply-to and the message escaped in HTML", async () => {
    const smtp = await startSmtpServer();
    try {
      const viaSmtp = smtpMailer(smtp);
      const request = new Request('http://shop.test/api/contact', {
        method: 'POST',
        headers: JSON_TYPE,
        body: JSON.stringify({ ...valid('Sender.Smtp@Example.AE'), message: 'Is the <b>FG-30S</b> in stock?' }),
      });
      const r = await api.handle(request, { db: database.db, clientAddress: '198.51.100.77', mailer: viaSmtp, shopName: 'Safe Buddy' });
      expect(r.status).toBe(200);
      const mail = smtp.lastTo(config().SHOP_EMAIL);
      expect(mail.parsed.headers.get('reply-to')).toContain('sender.smtp@example.ae');
      expect(mail.parsed.subject).toBe('Contact message from Reem Ali');
      expect(mail.parsed.text).toContain('Is the <b>FG-30S</b> in stock?');
      expect(mail.parsed.html).toContain('Is the &lt;b&gt;FG-30S&lt;/b&gt; in stock?');
      expect(await database.db.select().from(contactTable).where(eq(contactTable.email, 'sender.smtp@example.ae'))).toHaveLength(1);
    } finally {
      await smtp.close();
    }
  });

  it("keeps CR/LF in the name, e-mail or phone from forging header lines or fields in the shop's copy (issue 10)", async () => {
    const smtp = await startSmtpServer();
    try {
      const viaSmtp = smtpMailer(smtp);
      // Straight to the service, past the schema that refuses line breaks: the mail must hold by itself.
      const input = {
        first_name: 'Reem\r\nBcc: victim@example.ae\r\nX-Injected: yes',
        last_name: 'Ali\nPhone: 0000000000',
        email: 'crlf@example.ae\r\nCc: other@example.ae',
        phone: '05\r\nFrom:',
        message: 'A real question\nover two lines',
      };
      const deps = { db: database.db, mailer: viaSmtp, shopName: 'Safe Buddy', shopEmail: config().SHOP_EMAIL };
      await sendContactMessage(deps, input, '198.51.100.78');
      const mail = smtp.lastTo(config().SHOP_EMAIL);
      const [head, ...rest] = mail.raw.split(/\r?\n\r?\n/);
      const headerNames = head!
        .split(/\r?\n/)
        .filter((line) => !/^\s/.test(line))
        .map((line) => line.split(':')[0]!.toLowerCase());
      expect(headerNames).not.toContain('bcc');
      expect(headerNames).not.toContain('cc');
      expect(headerNames).not.toContain('x-injected');
      expect(headerNames.filter((name) => name === 'from')).toHaveLength(1);
      expect(smtp.messages.at(-1)!.rcptTo).toEqual([config().SHOP_EMAIL]);
      expect(rest.join('\n')).not.toMatch(/^Bcc:/m);
      const lines = (mail.parsed.text ?? '').split(/\r?\n/);
      // One From line and one Phone line in the text, each starting as the shop's template writes it.
      expect(lines.filter((line) => line.startsWith('From:'))).toHaveLength(1);
      expect(lines.filter((line) => line.startsWith('Phone:'))).toHaveLength(1);
      expect(lines.filter((line) => /^(Bcc|Cc|X-Injected):/.test(line))).toEqual([]);
      expect(mail.parsed.subject).not.toMatch(/[\r\n]/);
      expect(mail.parsed.text).toContain('A real question\nover two lines');
    } finally {
      await smtp.close();
    }
  });

  it('refuses control characters and line breaks in the one-line fields with a field message, and NUL anywhere', async () => {
    const before = mailer.sent.length;
    const r = await post(
      JSON.stringify({ ...valid('nul@example.ae'), first_name: 'Reem\r\nBcc: x@example.ae', last_name: 'A\u0000li', message: 'ok\u0000' }),
      JSON_TYPE,
      '198.51.100.79',
    );
    expect(r.status).toBe(422);
    const body = await envelopeOf(r);
    expect(body.data.first_name).toEqual([inputMessages.singleLine]);
    expect(body.data.last_name).toEqual([inputMessages.controlCharacters]);
    expect(body.data.message).toEqual([inputMessages.controlCharacters]);
    const schema = contactSchema.safeParse({ ...valid('nul@example.ae'), first_name: 'Reem\tAli' });
    expect(schema.success).toBe(false);
    expect(contactSchema.safeParse({ ...valid('nul@example.ae'), message: 'Line one\r\n\tLine two' }).success).toBe(true);
    expect(mailer.sent.length).toBe(before);
  });
});

describe('contactPrefill', () => {
  const sessionUser = (row: { id: number; name: string; email: string }) => ({ ...row, profilePicture: null });

  it("fills the signed-in shopper's first and last name, e-mail and the default address's phone", async () => {
    const user = await insertUser(database.db, { name: '  Mona  Al Kaabi ' });
    await addressFor(database.db, user.id, { phone: '0509999999' });
    await addressFor(database.db, user.id, { phone: '0521234567', is_default_address: '1' });
    expect(await contactPrefill(database.db, sessionUser(user))).toEqual({
      first_name: 'Mona',
      last_name: 'Al Kaabi',
      email: user.email,
      phone: '0521234567',
    });
  });

  it('leaves what the account does not know empty: no address, a one-word name', async () => {
    const user = await insertUser(database.db, { name: 'Reem' });
    expect(await contactPrefill(database.db, sessionUser(user))).toEqual({
      first_name: 'Reem',
      last_name: '',
      email: user.email,
      phone: '',
    });
  });
});
