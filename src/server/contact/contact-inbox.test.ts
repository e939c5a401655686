// The back office's inbox: list, filter and search, opening marks read, unread again, replying
// by mail through a real SMTP server with the original quoted, stored and audited, and limited.
import { describe, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { contactReplies } from '@/server/db/schema/shopping';
import { auditLog } from '@/server/db/schema/staff';
import { mailOutbox } from '@/server/db/schema/mail';
import { NotFoundError, TooManyRequestsError } from '@/server/errors';
import { adminInboxTexts } from '@/domain/messages/admin-inbox';
import {
  CONTACT_REPLY_LIMIT_PER_STAFF,
  listContactMessages,
  openContactMessage,
  plainReplyText,
  replyToMessage,
  setMessageRead,
  unreadMessageCount,
} from './contact-inbox.service';
import { useFreshDatabase } from '../../../tests/db';
import { insertContactMessage } from '../../../tests/factories';
import { recordingMailer } from '../../../tests/accounts';
import { signedInStaff } from '../../../tests/staff';
import { smtpMailer, startSmtpServer } from '../../../tests/smtp';

const database = useFreshDatabase();

const insertMessage = (values: Parameters<typeof insertContactMessage>[1] = {}) => insertContactMessage(database.db, values);

async function auditOf(id: number) {
  return database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityType, 'contact_message'), eq(auditLog.entityId, String(id))))
    .orderBy(auditLog.id);
}

describe('the message list', () => {
  it('lists newest first, filters by read state, searches name and e-mail, and pages', async () => {
    const db = database.db;
    const old = await insertMessage({
      firstName: 'Omar',
      lastName: 'Saeed',
      email: 'omar@list.test',
      createdAt: new Date('2026-01-01T08:00:00Z'),
    });
    const mid = await insertMessage({
      firstName: 'Layla',
      lastName: 'Hassan',
      email: 'layla@list.test',
      createdAt: new Date('2026-01-02T08:00:00Z'),
      readAt: new Date('2026-01-02T09:00:00Z'),
    });
    const recent = await insertMessage({
      firstName: 'Omar',
      lastName: 'Khan',
      email: 'ok_100%@list.test',
      createdAt: new Date('2026-01-03T08:00:00Z'),
    });
    const all = await listContactMessages(db, { page: 1, q: 'list.test', read: 'all' });
    expect(all.items.map((m) => m.id)).toEqual([recent.id, mid.id, old.id]);
    expect(all).toMatchObject({ total: 3, lastPage: 1, page: 1 });
    expect((await listContactMessages(db, { page: 1, q: 'list.test', read: 'unread' })).items.map((m) => m.id)).toEqual([
      recent.id,
      old.id,
    ]);
    expect((await listContactMessages(db, { page: 1, q: 'list.test', read: 'read' })).items.map((m) => m.id)).toEqual([mid.id]);
    // By full name across first and last, case-insensitive; by e-mail; LIKE's wildcards are letters.
    expect((await listContactMessages(db, { page: 1, q: 'omar khan', read: 'all' })).items.map((m) => m.id)).toEqual([recent.id]);
    expect((await listContactMessages(db, { page: 1, q: 'LAYLA@', read: 'all' })).items.map((m) => m.id)).toEqual([mid.id]);
    expect((await listContactMessages(db, { page: 1, q: '_100%', read: 'all' })).items.map((m) => m.id)).toEqual([recent.id]);
    expect((await listContactMessages(db, { page: 1, q: 'm%s', read: 'all' })).items).toEqual([]);
    expect(await listContactMessages(db, { page: 5, q: 'list.test', read: 'all' })).toMatchObject({ items: [], total: 3 });
    expect(await unreadMessageCount(db)).toBeGreaterThanOrEqual(2);
  });
});

describe('opening and marking', () => {
  it('marks a message read when opened (audited once), and unread again on request (audited)', async () => {
    const { staff } = await signedInStaff(database.db);
    const message = await insertMessage({ email: 'open@example.ae' });
    const opened = await openContactMessage(database.db, staff, message.id, new Date('2026-11-01T10:00:00Z'));
    expect(opened.message.readAt?.toISOString()).toBe('2026-11-01T10:00:00.000Z');
    expect(opened.replies).toEqual([]);
    // Opening it again changes nothing and writes no second entry.
    await openContactMessage(database.db, staff, message.id, new Date('2026-11-01T11:00:00Z'));
    expect((await auditOf(message.id)).map((a) => a.action)).toEqual(['contact_message.read']);
    const unread = await setMessageRead(database.db, staff, message.id, false);
    expect(unread.readAt).toBeNull();
    const entries = await auditOf(message.id);
    expect(entries.map((a) => [a.action, a.before, a.after, a.staffId, a.staffEmail])).toEqual([
      ['contact_message.read', { read: false }, { read: true }, staff.id, staff.email],
      ['contact_message.unread', { read: true }, { read: false }, staff.id, staff.email],
    ]);
  });

  it('answers 404 for a message that is not there', async () => {
    const { staff } = await signedInStaff(database.db);
    await expect(openContactMessage(database.db, staff, 999_999)).rejects.toThrow(NotFoundError);
    await expect(setMessageRead(database.db, staff, 999_999, false)).rejects.toThrow(adminInboxTexts.messageMissing);
  });
});

describe('replying', () => {
  it('mails the sender through a real SMTP server with the original quoted, stores the reply, audits it and marks the message read', async () => {
    const smtp = await startSmtpServer();
    try {
      const mailer = smtpMailer(smtp);
      const { staff } = await signedInStaff(database.db);
      const message = await insertMessage({
        email: 'asker@example.ae',
        message: 'Do you deliver the <b>FG-30S</b> to Sharjah?\nThanks',
        createdAt: new Date('2026-11-20T06:30:00Z'),
      });
      const reply = await replyToMessage(
        { db: database.db, mailer, shopName: 'Safe Buddy' },
        staff,
        message.id,
        'Yes, we do <script>alert(1)</script>.  \r\n\r\n\r\n\r\nDelivery takes two days.',
      );
      expect(reply.body).toBe('Yes, we do <script>alert(1)</script>.\n\nDelivery takes two days.');
      const mail = smtp.lastTo('asker@example.ae');
      expect(mail.parsed.subject).toBe('Re: your message to Safe Buddy');
      expect(mail.parsed.text).toBe(
        'Yes, we do <script>alert(1)</script>.\n\nDelivery takes two days.\n\n' +
          'On 20/11/2026, 10:30, Reem Ali wrote:\n> Do you deliver the <b>FG-30S</b> to Sharjah?\n> Thanks\n',
      );
      expect(mail.parsed.html).toContain('Yes, we do &lt;script&gt;alert(1)&lt;/script&gt;.');
      expect(mail.parsed.html).not.toContain('<script>');
      expect(mail.parsed.html).toContain('Do you deliver the &lt;b&gt;FG-30S&lt;/b&gt; to Sharjah?');
      const stored = await database.db.select().from(contactReplies).where(eq(contactReplies.messageId, message.id));
      expect(stored).toMatchObject([{ staffId: staff.id, body: reply.body }]);
      const opened = await openContactMessage(database.db, staff, message.id);
      expect(opened.message.readAt).not.toBeNull();
      expect(opened.replies).toMatchObject([{ id: reply.id, body: reply.body, staffName: staff.name }]);
      const entries = await auditOf(message.id);
      expect(entries.map((a) => a.action)).toEqual(['contact_message.reply', 'contact_message.read']);
      expect(entries[0]!.after).toMatchObject({ reply_id: reply.id, to: 'asker@example.ae', body: reply.body });
    } finally {
      await smtp.close();
    }
  });

  it('stores the reply and keeps its mail queued when the mail server fails, so nobody has to send it again', async () => {
    const { staff } = await signedInStaff(database.db);
    const message = await insertMessage({ email: 'failing@example.ae' });
    const failing = { send: async () => Promise.reject(Object.assign(new Error('smtp down'), { code: 'ECONNREFUSED' })) };
    const warned = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await replyToMessage({ db: database.db, mailer: failing, shopName: 'Safe Buddy' }, staff, message.id, 'Hello');
    warned.mockRestore();
    expect(await database.db.select().from(contactReplies).where(eq(contactReplies.messageId, message.id))).toHaveLength(1);
    expect((await auditOf(message.id)).map((e) => e.action)).toEqual(['contact_message.reply', 'contact_message.read']);
    const [queued] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, 'failing@example.ae'));
    expect(queued).toMatchObject({ kind: 'contact_reply', sentAt: null, attempts: 1, lastError: 'ECONNREFUSED' });
  });

  it('limits replies per staff member, not for another one, and mails nothing once refused', async () => {
    const mailer = recordingMailer();
    const deps = { db: database.db, mailer, shopName: 'Safe Buddy' };
    const { staff } = await signedInStaff(database.db);
    const { staff: colleague } = await signedInStaff(database.db);
    const message = await insertMessage({ email: 'busy@example.ae' });
    const now = new Date('2026-11-27T12:00:00Z');
    for (let i = 0; i < CONTACT_REPLY_LIMIT_PER_STAFF.limit; i++) await replyToMessage(deps, staff, message.id, `Reply ${i}`, now);
    const refused = await replyToMessage(deps, staff, message.id, 'One too many', now).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(TooManyRequestsError);
    expect((refused as Error).message).toBe(adminInboxTexts.replyTooMany);
    expect(mailer.to('busy@example.ae')).toHaveLength(CONTACT_REPLY_LIMIT_PER_STAFF.limit);
    await replyToMessage(deps, colleague, message.id, 'From a colleague', now);
    expect(mailer.to('busy@example.ae')).toHaveLength(CONTACT_REPLY_LIMIT_PER_STAFF.limit + 1);
  });

  it('refuses a reply to a message that is not there before counting it', async () => {
    const { staff } = await signedInStaff(database.db);
    await expect(
      replyToMessage({ db: database.db, mailer: recordingMailer(), shopName: 'Safe Buddy' }, staff, 999_999, 'Hi'),
    ).rejects.toThrow(NotFoundError);
  });

  it('makes the text plain: line breaks as \\n, no control characters, no trailing spaces or surplus blank lines', () => {
    expect(plainReplyText('  Hi\u0007 there  \r\nLine two\r\r\r\rEnd\t\u0000 ')).toBe('Hi there\nLine two\n\nEnd');
  });
});
