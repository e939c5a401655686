// The back office's inbox and subscribers: what the list queries and the reply form accept
// (docs/product.md#admin-messages). Shared by the admin API's contract and the reply island.
import { z } from './zod';
import { multiLine, singleLine, wholeNumber } from './input';
import { adminInboxTexts as t } from './messages/admin-inbox';

export const MESSAGE_READ_FILTERS = ['all', 'unread', 'read'] as const;
export type MessageReadFilter = (typeof MESSAGE_READ_FILTERS)[number];

export const SUBSCRIBER_STATUSES = ['subscribed', 'unsubscribed', 'all'] as const;
export type SubscriberStatus = (typeof SUBSCRIBER_STATUSES)[number];

/** Messages and subscribers per page of the back office's lists. */
export const INBOX_PAGE_SIZE = 25;

/** A reply is a mail, not an essay; the same bound as the shopper's message. */
export const REPLY_MAX_LENGTH = 5000;

const search = singleLine(z.string().trim().max(100)).optional();

export const messageListSchema = z.object({
  page: wholeNumber(1, 100_000).default(1),
  q: search,
  read: z.enum(MESSAGE_READ_FILTERS).optional().default('all'),
});
export type MessageListQuery = z.output<typeof messageListSchema>;

export const subscriberListSchema = z.object({
  page: wholeNumber(1, 100_000).default(1),
  q: search,
  status: z.enum(SUBSCRIBER_STATUSES).optional().default('subscribed'),
});
export type SubscriberListQuery = z.output<typeof subscriberListSchema>;

/** The CSV export takes the list's filter and search, not its page. */
export const subscriberExportSchema = subscriberListSchema.omit({ page: true });

export const markReadSchema = z.object({ read: z.boolean() });

export const replySchema = z.object({
  body: multiLine(
    z.string({ error: t.replyRequired }).trim().min(1, t.replyRequired).max(REPLY_MAX_LENGTH, t.replyTooLong(REPLY_MAX_LENGTH)),
  ),
});

/** The first line of a message, cut to `max` characters, for a list row. */
export function excerpt(text: string, max = 120): string {
  const line = text.trim().split(/\r?\n/, 1)[0] ?? '';
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}
