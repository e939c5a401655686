// The back office's inbox of contact messages (docs/product.md#admin-messages,
// docs/decisions/0035-messages-reviews-audit.md#messages-subscribers-and-unsubscribe): the list
// with its read filter and search, one message (opening marks it read), marking it unread again,
// and replying by mail. Every change is written to the audit log in the same transaction.
import { and, asc, count, desc, eq, ilike, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { contactMessages, contactReplies } from '@/server/db/schema/shopping';
import { staffUsers } from '@/server/db/schema/staff';
import { NotFoundError } from '@/server/errors';
import type { Mail, Mailer } from '@/server/mail/mailer';
import { escapeHtml, mailLayout } from '@/server/mail/templates';
import { mailsCommitted, queueMail } from '@/server/mail/outbox';
import { consumeRateLimit } from '@/server/rate-limit/rate-limit.service';
import { recordAudit } from '@/server/audit/audit.service';
import type { StaffMember } from '@/server/staff/staff.service';
import { INBOX_PAGE_SIZE, type MessageReadFilter } from '@/domain/admin-inbox';
import { adminInboxTexts as t } from '@/domain/messages/admin-inbox';
import { oneLine } from '@/domain/text-checks';

// Each reply is a mail from the shop's address: a slip or a stolen session must not turn the inbox
// into a mass mailer. A busy afternoon answers a few dozen messages, so 30 an hour per staff
// member is room for real work and a ceiling for abuse (docs/decisions/0007-rate-limits.md).
export const CONTACT_REPLY_LIMIT_PER_STAFF = { name: 'contact-reply:staff', limit: 30, windowSeconds: 3600 };

export interface InboxMessage {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  message: string;
  readAt: Date | null;
  createdAt: Date;
}

export interface InboxListItem extends InboxMessage {
  replyCount: number;
}

export interface InboxReply {
  id: number;
  body: string;
  sentAt: Date;
  /** Null when the staff account is gone (the reply stays). */
  staffName: string | null;
}

const messageColumns = {
  id: contactMessages.id,
  firstName: contactMessages.firstName,
  lastName: contactMessages.lastName,
  email: contactMessages.email,
  phone: contactMessages.phone,
  message: contactMessages.message,
  readAt: contactMessages.readAt,
  createdAt: contactMessages.createdAt,
};

function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, '\\$&')}%`;
}

/**
 * Newest first (by id: messages are stored as they arrive, and the primary key's index gives the
 * page without sorting the table), by read state and a search over the sender's name and e-mail.
 */
export async function listContactMessages(db: Db, options: { page: number; q?: string | undefined; read: MessageReadFilter }) {
  const conditions: SQL[] = [];
  if (options.read === 'unread') conditions.push(isNull(contactMessages.readAt));
  if (options.read === 'read') conditions.push(isNotNull(contactMessages.readAt));
  if (options.q) {
    const pattern = likePattern(options.q);
    conditions.push(
      or(ilike(contactMessages.email, pattern), ilike(sql`${contactMessages.firstName} || ' ' || ${contactMessages.lastName}`, pattern))!,
    );
  }
  const where = and(...conditions);
  // The page, its total and its rows' reply counts as three small queries: a window count or a
  // per-row subquery would run over every matching row before the limit.
  const [rows, [counted]] = await Promise.all([
    db
      .select(messageColumns)
      .from(contactMessages)
      .where(where)
      .orderBy(desc(contactMessages.id))
      .limit(INBOX_PAGE_SIZE)
      .offset((options.page - 1) * INBOX_PAGE_SIZE),
    db.select({ n: count() }).from(contactMessages).where(where),
  ]);
  const ids = rows.map((r) => r.id);
  const replyCounts =
    ids.length === 0
      ? []
      : await db
          .select({ messageId: contactReplies.messageId, n: count() })
          .from(contactReplies)
          .where(inArray(contactReplies.messageId, ids))
          .groupBy(contactReplies.messageId);
  const total = counted?.n ?? 0;
  return {
    items: rows.map((row): InboxListItem => ({ ...row, replyCount: replyCounts.find((c) => c.messageId === row.id)?.n ?? 0 })),
    page: options.page,
    total,
    lastPage: Math.max(1, Math.ceil(total / INBOX_PAGE_SIZE)),
  };
}

/** Messages nobody opened yet (the dashboard and the nav's badge). */
export async function unreadMessageCount(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(contactMessages).where(isNull(contactMessages.readAt));
  return row?.n ?? 0;
}

async function repliesOf(db: Db, messageId: number): Promise<InboxReply[]> {
  return db
    .select({ id: contactReplies.id, body: contactReplies.body, sentAt: contactReplies.sentAt, staffName: staffUsers.name })
    .from(contactReplies)
    .leftJoin(staffUsers, eq(staffUsers.id, contactReplies.staffId))
    .where(eq(contactReplies.messageId, messageId))
    .orderBy(asc(contactReplies.sentAt), asc(contactReplies.id));
}

/**
 * Sets a message's read state; a change (only a change) is audited in the same transaction, so
 * opening a message already read writes nothing. Answers the message as it now is.
 */
export async function setMessageRead(db: Db, staff: StaffMember, id: number, read: boolean, now = new Date()): Promise<InboxMessage> {
  return db.transaction(async (tx) => {
    const [changed] = await tx
      .update(contactMessages)
      .set({ readAt: read ? now : null })
      .where(and(eq(contactMessages.id, id), read ? isNull(contactMessages.readAt) : isNotNull(contactMessages.readAt)))
      .returning(messageColumns);
    if (changed) {
      await recordAudit(
        tx,
        staff,
        {
          action: read ? 'contact_message.read' : 'contact_message.unread',
          entityType: 'contact_message',
          entityId: id,
          before: { read: !read },
          after: { read },
        },
        now,
      );
      return changed;
    }
    const [row] = await tx.select(messageColumns).from(contactMessages).where(eq(contactMessages.id, id));
    if (!row) throw new NotFoundError(t.messageMissing);
    return row;
  });
}

/** One message with its replies, oldest first; opening it marks it read. */
export async function openContactMessage(db: Db, staff: StaffMember, id: number, now = new Date()) {
  const message = await setMessageRead(db, staff, id, true, now);
  return { message, replies: await repliesOf(db, id) };
}

/**
 * The staff's text as plain text for a mail: line breaks made \n, control characters (which the
 * schema already refuses) dropped, trailing spaces and surplus blank lines removed.
 */
export function plainReplyText(body: string): string {
  return (
    body
      .replace(/\r\n?/g, '\n')
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g, '')
      .split('\n')
      .map((line) => line.trimEnd())
      .join('\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim()
  );
}

/** 27/11/2026, 16:05 (UAE time), as the shop writes dates. */
function mailDate(date: Date): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Dubai', dateStyle: 'short', timeStyle: 'short' }).format(date);
}

/** The reply: the staff's text, then the shopper's message quoted ('> ') under a line naming it. */
export function contactReplyMail(shopName: string, message: InboxMessage, body: string): Mail {
  const subject = `Re: your message to ${oneLine(shopName)}`;
  const sender = oneLine(`${message.firstName} ${message.lastName}`);
  const intro = `On ${mailDate(message.createdAt)}, ${sender} wrote:`;
  const original = message.message.replace(/\r\n?/g, '\n');
  const quoted = original
    .split('\n')
    .map((line) => (line === '' ? '>' : `> ${line}`))
    .join('\n');
  const paragraphs = body.split(/\n{2,}/).map((p) => escapeHtml(p).replace(/\n/g, '<br>'));
  const quote = `<blockquote style="margin:0;padding-left:12px;border-left:3px solid #d1d5db;color:#4b5563">${escapeHtml(original).replace(/\n/g, '<br>')}</blockquote>`;
  return {
    to: oneLine(message.email),
    subject,
    text: `${body}\n\n${intro}\n${quoted}\n`,
    html: mailLayout(shopName, subject, [...paragraphs, escapeHtml(intro), quote]),
    summary: `reply to contact message ${message.id}`,
  };
}

export interface ReplyDeps {
  db: Db;
  mailer: Mailer;
  shopName: string;
}

/**
 * Replies to a message by mail (to its sender, the original quoted): the reply, its audit entry,
 * the message marked read and the mail queued in the outbox, in one transaction; the mail is sent
 * after the commit, and retried while the mail server is down, so the staff member never waits
 * on it nor has to send again (docs/decisions/0040-mail-outbox.md). Counted against the staff
 * member's hourly replies before anything else.
 */
export async function replyToMessage(
  deps: ReplyDeps,
  staff: StaffMember,
  id: number,
  rawBody: string,
  now = new Date(),
): Promise<InboxReply> {
  const { db } = deps;
  const [message] = await db.select(messageColumns).from(contactMessages).where(eq(contactMessages.id, id));
  if (!message) throw new NotFoundError(t.messageMissing);
  await consumeRateLimit(db, CONTACT_REPLY_LIMIT_PER_STAFF, `staff:${staff.id}`, t.replyTooMany, now);
  const body = plainReplyText(rawBody);
  const mail = contactReplyMail(deps.shopName, message, body);
  const { reply, mailId } = await db.transaction(async (tx) => {
    const [reply] = await tx
      .insert(contactReplies)
      .values({ messageId: id, staffId: staff.id, body, sentAt: now })
      .returning({ id: contactReplies.id, body: contactReplies.body, sentAt: contactReplies.sentAt });
    await recordAudit(
      tx,
      staff,
      {
        action: 'contact_message.reply',
        entityType: 'contact_message',
        entityId: id,
        before: null,
        after: { reply_id: reply!.id, to: mail.to, subject: mail.subject, body },
      },
      now,
    );
    const [marked] = await tx
      .update(contactMessages)
      .set({ readAt: now })
      .where(and(eq(contactMessages.id, id), isNull(contactMessages.readAt)))
      .returning({ id: contactMessages.id });
    if (marked)
      await recordAudit(
        tx,
        staff,
        {
          action: 'contact_message.read',
          entityType: 'contact_message',
          entityId: id,
          before: { read: false },
          after: { read: true },
        },
        now,
      );
    return { reply: { ...reply!, staffName: staff.name }, mailId: await queueMail(tx, 'contact_reply', mail) };
  });
  await mailsCommitted(deps, [mailId]);
  return reply;
}
