// The back office's inbox on the wire (src/domain/api/admin-inbox.ts): snake_case, instants as ISO text.
import type { z } from 'zod';
import type { inboxListItemWire, inboxMessageWire, inboxReplyWire } from '@/domain/api/admin-inbox';
import type { InboxListItem, InboxMessage, InboxReply } from './contact-inbox.service';

export function inboxMessageToWire(m: InboxMessage): z.input<typeof inboxMessageWire> {
  return {
    id: m.id,
    first_name: m.firstName,
    last_name: m.lastName,
    email: m.email,
    phone: m.phone,
    message: m.message,
    read: m.readAt !== null,
    read_at: m.readAt?.toISOString() ?? null,
    created_at: m.createdAt.toISOString(),
  };
}

export function inboxListItemToWire(m: InboxListItem): z.input<typeof inboxListItemWire> {
  return { ...inboxMessageToWire(m), reply_count: m.replyCount };
}

export function inboxReplyToWire(r: InboxReply): z.input<typeof inboxReplyWire> {
  return { id: r.id, body: r.body, sent_at: r.sentAt.toISOString(), staff_name: r.staffName };
}
