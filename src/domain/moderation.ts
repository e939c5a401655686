// Reviews moderation's rules shared by the admin API and the hide dialog
// (docs/decisions/0035-messages-reviews-audit.md#reviews-moderation).
import { z } from './zod';
import { multiLine } from './input';
import { moderationMessages as t } from './messages/moderation';

/** A hide reason: required, so the audit log always says why. */
export const HIDE_REASON_MAX = 500;

export const REVIEW_STATUSES = ['visible', 'hidden'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

export const hideReasonSchema = multiLine(
  z.string({ error: t.reasonRequired }).trim().min(1, t.reasonRequired).max(HIDE_REASON_MAX, t.reasonTooLong(HIDE_REASON_MAX)),
);

export const hideReviewSchema = z.object({ reason: hideReasonSchema });
