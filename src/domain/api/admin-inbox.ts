// The back office's contact messages and newsletter subscribers (docs/product.md#admin-messages,
// docs/product.md#admin-subscribers): any staff member; customers and guests are refused.
import { z } from '@/domain/zod';
import { markReadSchema, messageListSchema, replySchema, subscriberExportSchema, subscriberListSchema } from '@/domain/admin-inbox';
import { defineEndpoint } from './endpoint';
import { isoDateTime, pageOf, wireId } from './wire';

export const inboxMessageWire = z.strictObject({
  id: wireId,
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone: z.string(),
  message: z.string(),
  read: z.boolean(),
  read_at: isoDateTime.nullable(),
  created_at: isoDateTime,
});

export const inboxListItemWire = inboxMessageWire.extend({ reply_count: z.number().int() });

export const inboxReplyWire = z.strictObject({
  id: wireId,
  body: z.string(),
  sent_at: isoDateTime,
  /** Null when the staff account is gone. */
  staff_name: z.string().nullable(),
});

export const subscriberWire = z.strictObject({
  id: wireId,
  email: z.string(),
  subscribed: z.boolean(),
  created_at: isoDateTime,
  unsubscribed_at: isoDateTime.nullable(),
});

export const adminInboxApi = {
  messages: defineEndpoint({
    method: 'GET',
    path: 'admin/messages',
    summary: 'Contact messages, newest first: read filter (all, unread, read), search by name or e-mail, paging; with the unread count',
    auth: 'staff',
    query: messageListSchema,
    answer: pageOf(inboxListItemWire).extend({ unread: z.number().int() }),
  }),
  message: defineEndpoint({
    method: 'GET',
    path: 'admin/messages/:id',
    summary: 'One contact message with its replies; opening it marks it read (audited)',
    auth: 'staff',
    answer: z.strictObject({ message: inboxMessageWire, replies: z.array(inboxReplyWire) }),
  }),
  markRead: defineEndpoint({
    method: 'POST',
    path: 'admin/messages/:id/read',
    summary: 'Marks a contact message read or unread (audited when it changes)',
    auth: 'staff',
    body: markReadSchema,
    answer: inboxMessageWire,
  }),
  reply: defineEndpoint({
    method: 'POST',
    path: 'admin/messages/:id/reply',
    summary: "Replies by mail to the message's e-mail, the original quoted; stored and audited (30 an hour per staff member, 429 beyond)",
    auth: 'staff',
    body: replySchema,
    answer: inboxReplyWire,
  }),
  subscribers: defineEndpoint({
    method: 'GET',
    path: 'admin/subscribers',
    summary:
      'Newsletter subscribers, newest first: status (subscribed by default, unsubscribed, all), search by e-mail, paging; with both counts',
    auth: 'staff',
    query: subscriberListSchema,
    answer: pageOf(subscriberWire).extend({ subscribed: z.number().int(), unsubscribed: z.number().int() }),
  }),
  subscribersCsv: defineEndpoint({
    method: 'GET',
    path: 'admin/subscribers.csv',
    summary: 'The subscribers the status and search select, as a streamed CSV download (text/csv, not wrapped in an answer)',
    auth: 'staff',
    query: subscriberExportSchema,
    file: 'text/csv',
    /** The file's text: a header row, then one record per subscriber. */
    answer: z.string(),
  }),
};
