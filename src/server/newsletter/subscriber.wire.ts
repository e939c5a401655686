// Subscribers on the wire (src/domain/api/admin-inbox.ts) and as CSV rows.
import type { z } from 'zod';
import type { subscriberWire } from '@/domain/api/admin-inbox';
import type { Subscriber } from './newsletter.service';

export function subscriberToWire(s: Subscriber): z.input<typeof subscriberWire> {
  return {
    id: s.id,
    email: s.email,
    subscribed: s.unsubscribedAt === null,
    created_at: s.createdAt.toISOString(),
    unsubscribed_at: s.unsubscribedAt?.toISOString() ?? null,
  };
}

export const SUBSCRIBER_CSV_COLUMNS = ['id', 'email', 'status', 'signed_up_at', 'unsubscribed_at'];

export function subscriberCsvRow(s: Subscriber): unknown[] {
  return [
    s.id,
    s.email,
    s.unsubscribedAt ? 'unsubscribed' : 'subscribed',
    s.createdAt.toISOString(),
    s.unsubscribedAt?.toISOString() ?? '',
  ];
}
