// Reviews moderation and the audit log: called as the world's admin.
import type { Contract } from '@/domain/api/index';
import { hideReview } from '@/server/reviews/review-moderation.service';
import { insertReview } from '../factories';
import type { Examples } from './world';

export const adminModerationExamples: Examples<Contract['adminModeration']> = {
  reviews: ({ admin }) => ({ staff: admin, query: { status: 'visible', q: 'a' } }),
  hide: async ({ db, admin, product }) => ({
    staff: admin,
    params: { id: (await insertReview(db, product.id)).id },
    body: { reason: 'Spam link' },
  }),
  unhide: async ({ db, admin, product }) => {
    const review = await insertReview(db, product.id);
    await hideReview(db, admin.staff, review.id, 'Off topic');
    return { staff: admin, params: { id: review.id } };
  },
  audit: ({ admin }) => ({ staff: admin, query: { entity_type: 'review', limit: 10 } }),
};
