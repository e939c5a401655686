// Admin API: reviews moderation (any staff member) and the audit log (admins only).
import { adminModerationApi } from '@/domain/api/admin-moderation';
import { moderationMessages as t } from '@/domain/messages/moderation';
import { pageJson } from '@/server/catalog/catalog.wire';
import { hideReview, listReviewsForModeration, moderationFiltersOf, unhideReview } from '@/server/reviews/review-moderation.service';
import { adminReviewJson, moderationJson } from '@/server/reviews/review-moderation.wire';
import { auditFiltersOf, listAuditLog } from '@/server/audit/audit-log.service';
import { auditEntryJson } from '@/server/audit/audit.wire';
import { route } from './router';

export const adminModerationRoutes = [
  route(adminModerationApi.reviews, async ({ db }, { query }) => {
    const page = await listReviewsForModeration(db, moderationFiltersOf(query, query.limit));
    return { data: pageJson(page, adminReviewJson), message: t.reviews };
  }),
  route(adminModerationApi.hide, async ({ db }, { params, body, staff }) => {
    return { data: moderationJson(await hideReview(db, staff, Number(params.id), body.reason)), message: t.hidden };
  }),
  route(adminModerationApi.unhide, async ({ db }, { params, staff }) => {
    return { data: moderationJson(await unhideReview(db, staff, Number(params.id))), message: t.unhidden };
  }),
  route(adminModerationApi.audit, async ({ db }, { query }) => {
    const page = await listAuditLog(db, auditFiltersOf(query, query.limit));
    return { data: { data: page.items.map(auditEntryJson), next_cursor: page.nextCursor }, message: t.audit };
  }),
];
