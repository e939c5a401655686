// Admin API: reviews moderation (any staff member) and the audit log (admins only).
import { adminModerationApi } from '@/domain/api/admin-moderation';
import { moderationMessages as t } from '@/domain/messages/moderation';
import { pageJson } from '@/server/catalog/catalog.wire';
import { hideReview, listReviewsForModeration, unhideReview } from '@/server/reviews/review-moderation.service';
import { adminReviewJson, moderationJson } from '@/server/reviews/review-moderation.wire';
import { listAuditLog } from '@/server/audit/audit-log.service';
import { auditEntryJson } from '@/server/audit/audit.wire';
import { route } from './router';

export const adminModerationRoutes = [
  route(adminModerationApi.reviews, async ({ db }, { query }) => {
    const page = await listReviewsForModeration(db, {
      status: query.status,
      rating: query.rating,
      productId: query.product_id,
      reviewId: query.review_id,
      search: query.q,
      page: query.page,
      perPage: query.limit,
    });
    return { data: pageJson(page, adminReviewJson), message: t.reviews };
  }),
  route(adminModerationApi.hide, async ({ db }, { params, body, staff }) => {
    return { data: moderationJson(await hideReview(db, staff, Number(params.id), body.reason)), message: t.hidden };
  }),
  route(adminModerationApi.unhide, async ({ db }, { params, staff }) => {
    return { data: moderationJson(await unhideReview(db, staff, Number(params.id))), message: t.unhidden };
  }),
  route(adminModerationApi.audit, async ({ db }, { query }) => {
    const page = await listAuditLog(db, {
      staffId: query.staff_id,
      entityType: query.entity_type || undefined,
      entityId: query.entity_id || undefined,
      action: query.action || undefined,
      from: query.from,
      to: query.to,
      after: query.after || undefined,
      limit: query.limit,
    });
    return { data: { data: page.items.map(auditEntryJson), next_cursor: page.nextCursor }, message: t.audit };
  }),
];
