// The admin inbox API: staff only (a customer and a guest are refused before anything is read or
// changed), the message list, opening marks read, read/unread, the reply mailed through the real
// SMTP catcher, the subscriber list and its CSV export.
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { adminInboxApi } from '@/domain/api/admin-inbox';
import { adminInboxTexts } from '@/domain/messages/admin-inbox';
import { contactMessages, contactReplies, subscribers } from '@/server/db/schema/shopping';
import { auditLog } from '@/server/db/schema/staff';
import { useFreshDatabase } from '../../../tests/db';
import { insertContactMessage } from '../../../tests/factories';
import { callApi, callEndpoint } from '../../../tests/api';
import { signedInCustomer } from '../../../tests/shopping';
import { signedInStaff } from '../../../tests/staff';
import { smtpMailer, startSmtpServer } from '../../../tests/smtp';
import { recordingMailer } from '../../../tests/accounts';

const database = useFreshDatabase();

const insertMessage = (values: Parameters<typeof insertContactMessage>[1] = {}) => insertContactMessage(database.db, values);

describe('who may call the inbox API', () => {
  it('refuses a customer (403) and a guest (401) on every endpoint, changing and mailing nothing', async () => {
    const customer = await signedInCustomer(database.db);
    const message = await insertMessage({ email: 'refused@example.ae' });
    const mailer = recordingMailer();
    const calls: [string, string, unknown][] = [
      ['GET', 'admin/messages', undefined],
      ['GET', `admin/messages/${message.id}`, undefined],
      ['POST', `admin/messages/${message.id}/read`, { read: true }],
      ['POST', `admin/messages/${message.id}/reply`, { body: 'Hi' }],
      ['GET', 'admin/subscribers', undefined],
      ['GET', 'admin/subscribers.csv', undefined],
    ];
    for (const [method, path, json] of calls) {
      const asCustomer = await callApi(database.db, path, { method, json, as: customer, deps: { mailer } });
      expect(asCustomer.status, `${method} ${path} as a customer`).toBe(403);
      const asGuest = await callApi(database.db, path, { method, json, deps: { mailer } });
      expect(asGuest.status, `${method} ${path} as a guest`).toBe(401);
    }
    const [row] = await database.db.select().from(contactMessages).where(eq(contactMessages.id, message.id));
    expect(row!.readAt).toBeNull();
    expect(mailer.sent).toEqual([]);
    expect(await database.db.select().from(contactReplies).where(eq(contactReplies.messageId, message.id))).toEqual([]);
  });
});

describe('messages', () => {
  it('lists with the unread count, opens (marks read, audited), marks unread again', async () => {
    const caller = await signedInStaff(database.db);
    const message = await insertMessage({ email: 'api.list@example.ae', firstName: 'Layla', lastName: 'Api' });
    const list = await callEndpoint(database.db, adminInboxApi.messages, { staff: caller, query: { q: 'api.list', read: 'unread' } });
    expect(list.status).toBe(200);
    expect(list.data.data.map((m) => m.id)).toEqual([message.id]);
    expect(list.data.data[0]).toMatchObject({ first_name: 'Layla', read: false, read_at: null, reply_count: 0 });
    expect(list.data.unread).toBeGreaterThanOrEqual(1);

    const opened = await callEndpoint(database.db, adminInboxApi.message, { staff: caller, params: { id: message.id } });
    expect(opened.data).toMatchObject({ message: { id: message.id, read: true }, replies: [] });
    const unread = await callEndpoint(database.db, adminInboxApi.markRead, {
      staff: caller,
      params: { id: message.id },
      body: { read: false },
    });
    expect(unread).toMatchObject({ status: 200, message: adminInboxTexts.markedUnread, data: { read: false, read_at: null } });
    const entries = await database.db
      .select({ action: auditLog.action, staffId: auditLog.staffId })
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'contact_message'), eq(auditLog.entityId, String(message.id))))
      .orderBy(auditLog.id);
    expect(entries).toEqual([
      { action: 'contact_message.read', staffId: caller.staff.id },
      { action: 'contact_message.unread', staffId: caller.staff.id },
    ]);
  });

  it('answers 404 for a message that is not there and 422 for a bad filter or body', async () => {
    const caller = await signedInStaff(database.db);
    expect((await callEndpoint(database.db, adminInboxApi.message, { staff: caller, params: { id: 999_999 } })).status).toBe(404);
    expect((await callApi(database.db, 'admin/messages?read=maybe', { staff: caller })).status).toBe(422);
    const message = await insertMessage();
    const empty = await callEndpoint(database.db, adminInboxApi.reply, {
      staff: caller,
      params: { id: message.id },
      body: { body: '   ' },
    });
    expect(empty.status).toBe(422);
    expect(empty.fields).toEqual({ body: [adminInboxTexts.replyRequired] });
    const long = await callEndpoint(database.db, adminInboxApi.reply, {
      staff: caller,
      params: { id: message.id },
      body: { body: 'x'.repeat(5001) },
    });
    expect(long.fields).toEqual({ body: [adminInboxTexts.replyTooLong(5000)] });
    const control = await callApi(database.db, `admin/messages/${message.id}/reply`, { staff: caller, json: { body: 'Hi\u0000there' } });
    expect(control.status).toBe(422);
  });

  it('replies by mail through the real SMTP catcher with the original quoted, and shows the reply on the message', async () => {
    const smtp = await startSmtpServer();
    try {
      const mailer = smtpMailer(smtp);
      const caller = await signedInStaff(database.db);
      const message = await insertMessage({ email: 'api.reply@example.ae', message: 'Is the FG-30S in stock?' });
      const reply = await callEndpoint(database.db, adminInboxApi.reply, {
        staff: caller,
        params: { id: message.id },
        body: { body: 'Yes, two left.\nDelivery tomorrow.' },
        deps: { mailer },
      });
      expect(reply).toMatchObject({
        status: 200,
        message: adminInboxTexts.replySent,
        data: { body: 'Yes, two left.\nDelivery tomorrow.', staff_name: caller.staff.name },
      });
      const mail = smtp.lastTo('api.reply@example.ae');
      expect(mail.parsed.subject).toBe('Re: your message to Safe Buddy');
      expect(mail.parsed.text).toContain('Yes, two left.\nDelivery tomorrow.\n\nOn ');
      expect(mail.parsed.text).toContain('Reem Ali wrote:\n> Is the FG-30S in stock?');
      const opened = await callEndpoint(database.db, adminInboxApi.message, { staff: caller, params: { id: message.id } });
      expect(opened.data.replies).toMatchObject([{ id: reply.data.id, staff_name: caller.staff.name }]);
      const list = await callEndpoint(database.db, adminInboxApi.messages, { staff: caller, query: { q: 'api.reply' } });
      expect(list.data.data[0]).toMatchObject({ reply_count: 1, read: true });
    } finally {
      await smtp.close();
    }
  });
});

describe('subscribers', () => {
  it('lists subscribed ones by default with both counts, and unsubscribed ones on request', async () => {
    const caller = await signedInStaff(database.db);
    await database.db
      .insert(subscribers)
      .values([{ email: 'api.sub.a@example.ae' }, { email: 'api.sub.b@example.ae', unsubscribedAt: new Date('2026-11-01T00:00:00Z') }]);
    const live = await callEndpoint(database.db, adminInboxApi.subscribers, { staff: caller, query: { q: 'api.sub.' } });
    expect(live.data.data.map((s) => [s.email, s.subscribed])).toEqual([['api.sub.a@example.ae', true]]);
    expect(live.data.subscribed).toBeGreaterThanOrEqual(1);
    expect(live.data.unsubscribed).toBeGreaterThanOrEqual(1);
    const gone = await callEndpoint(database.db, adminInboxApi.subscribers, {
      staff: caller,
      query: { q: 'api.sub.', status: 'unsubscribed' },
    });
    expect(gone.data.data).toMatchObject([
      { email: 'api.sub.b@example.ae', subscribed: false, unsubscribed_at: '2026-11-01T00:00:00.000Z' },
    ]);
  });

  it('exports the selected subscribers as a CSV download, formulas neutralised', async () => {
    const caller = await signedInStaff(database.db);
    await database.db.insert(subscribers).values([
      { email: 'csv.one@example.ae', createdAt: new Date('2026-10-01T08:00:00Z') },
      { email: '=cmd|csv@example.ae', createdAt: new Date('2026-10-02T08:00:00Z') },
      { email: 'csv.gone@example.ae', createdAt: new Date('2026-10-03T08:00:00Z'), unsubscribedAt: new Date('2026-10-04T08:00:00Z') },
    ]);
    const r = await callApi(database.db, 'admin/subscribers.csv?status=all&q=csv', { staff: caller });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(r.headers.get('content-disposition')).toMatch(/^attachment; filename="subscribers-all-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = r.text
      .replace(/^\ufeff/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe('id,email,status,signed_up_at,unsubscribed_at');
    expect(lines.slice(1).map((line) => line.split(',').slice(1))).toEqual([
      ['csv.one@example.ae', 'subscribed', '2026-10-01T08:00:00.000Z', ''],
      ["'=cmd|csv@example.ae", 'subscribed', '2026-10-02T08:00:00.000Z', ''],
      ['csv.gone@example.ae', 'unsubscribed', '2026-10-03T08:00:00.000Z', '2026-10-04T08:00:00.000Z'],
    ]);
    const live = await callApi(database.db, 'admin/subscribers.csv?q=csv', { staff: caller });
    expect(live.text).not.toContain('csv.gone@example.ae');
  });
});
