// Admin API: reviews moderation and the audit log (docs/decisions/0035-messages-reviews-audit.md#reviews-moderation,
// #audit-log). Reviews are any staff member's work; the audit log is for admins only.
import { z } from '@/domain/zod';
import { idField, singleLine, wholeNumber } from '@/domain/input';
import { hideReviewSchema, REVIEW_STATUSES } from '@/domain/moderation';
import { RATING_MAX } from '@/domain/rating';
import { defineEndpoint } from './endpoint';
import { isoDateTime, pageOf, wireId } from './wire';

const optionalText = (max: number) => singleLine(z.string().trim().max(max)).optional();
/** A UAE calendar day, yyyy-mm-dd. */
const day = z.iso.date().optional();

export const adminReviewListQuery = z.object({
  status: z.enum(REVIEW_STATUSES).optional(),
  rating: wholeNumber(1, RATING_MAX).optional(),
  product_id: idField().optional(),
  review_id: idField().optional(),
  /** Part of the product's name or the customer's name. */
  q: optionalText(100),
  page: wholeNumber(1, 100_000).default(1),
  limit: wholeNumber(1, 100).default(20),
});

export const adminReviewWire = z.strictObject({
  id: wireId,
  product: z.strictObject({ id: wireId, name: z.string() }),
  customer: z.strictObject({ id: wireId.nullable(), name: z.string() }),
  rating: z.number().int(),
  comments: z.string(),
  created_at: isoDateTime,
  updated_at: isoDateTime,
  hidden: z.boolean(),
  hidden_at: isoDateTime.nullable(),
  hidden_reason: z.string().nullable(),
  hidden_by: z.strictObject({ id: wireId, name: z.string() }).nullable(),
});

const moderationAnswer = z.strictObject({
  review: adminReviewWire,
  product: z.strictObject({ id: wireId, rating: z.number(), review_count: z.number().int() }),
});

export const adminAuditQuery = z.object({
  staff_id: idField().optional(),
  entity_type: optionalText(40),
  entity_id: optionalText(64),
  action: optionalText(60),
  from: day,
  to: day,
  /** The previous page's next_cursor: older entries. */
  after: optionalText(200),
  limit: wholeNumber(1, 100).default(50),
});

export const auditEntryWire = z.strictObject({
  id: wireId,
  created_at: isoDateTime,
  /** Null for a change made by the shop itself (a job). The e-mail is kept as written. */
  staff: z.strictObject({ id: wireId.nullable(), email: z.string().nullable(), name: z.string().nullable() }).nullable(),
  action: z.string(),
  entity_type: z.string(),
  entity_id: z.string().nullable(),
  /** The record's admin page, where it has one. */
  link: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  changes: z.array(z.strictObject({ field: z.string(), before: z.unknown(), after: z.unknown() })),
});

export const adminModerationApi = {
  reviews: defineEndpoint({
    method: 'GET',
    path: 'admin/reviews',
    summary: 'Every review, hidden ones too, newest first, with filters and search (staff)',
    auth: 'staff',
    query: adminReviewListQuery,
    answer: pageOf(adminReviewWire),
  }),
  hide: defineEndpoint({
    method: 'POST',
    path: 'admin/reviews/:id/hide',
    summary: 'Hide a review with a reason: out of the product page, its average and its count at once (staff; 409 when already hidden)',
    auth: 'staff',
    body: hideReviewSchema,
    answer: moderationAnswer,
  }),
  unhide: defineEndpoint({
    method: 'POST',
    path: 'admin/reviews/:id/unhide',
    summary: 'Show a hidden review again (staff; 409 when it is not hidden)',
    auth: 'staff',
    answer: moderationAnswer,
  }),
  audit: defineEndpoint({
    method: 'GET',
    path: 'admin/audit',
    summary: 'The audit log, newest first, with filters; keyset paging through next_cursor (admins only)',
    auth: 'admin',
    query: adminAuditQuery,
    answer: z.strictObject({ data: z.array(auditEntryWire), next_cursor: z.string().nullable() }),
  }),
};
