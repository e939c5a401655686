// Reviews in the API map: the list anyone may read, and the signed-in customer's own review.
import { z } from 'zod';
import { addReviewSchema } from '@/domain/review';
import { idField, wholeNumber } from '@/domain/input';
import { reviewMessages } from '@/domain/messages/reviews';
import { requireSelf } from '@/server/accounts/accounts.service';
import { productExists } from '@/server/catalog/catalog.service';
import { listReviews, saveReview, type ReviewView } from '@/server/reviews/review.service';
import { NotFoundError } from '@/server/errors';
import { ok, parseWith, queryObject, readBody } from './http';
import { pageJson } from '@/server/catalog/catalog.wire';
import type { Route } from './router';

export function reviewJson(r: ReviewView) {
  return {
    id: r.id,
    rating: r.rating,
    comments: r.comments,
    created_at: r.createdAt.toISOString(),
    verified_purchase: r.verifiedPurchase,
    customer: { name: r.customerName },
  };
}

const reviewListQuery = z.object({
  product_id: idField(),
  page: wholeNumber(1, 100_000).default(1),
  limit: wholeNumber(1, 50).default(10),
});

export const reviewRoutes: Route[] = [
  {
    method: 'GET',
    path: 'products/review-list',
    summary: "A product's reviews, newest first",
    query: reviewListQuery,
    handler: async ({ db, url }) => {
      const q = parseWith(reviewListQuery, queryObject(url));
      if (!(await productExists(db, q.product_id))) throw new NotFoundError('Product not found');
      return ok(pageJson(await listReviews(db, q.product_id, q.page, q.limit), reviewJson), 'Reviews');
    },
  },
  {
    method: 'POST',
    path: 'products/add-review',
    signedIn: true,
    summary: "Add the customer's review of a product (a second one updates the first)",
    handler: async (ctx) => {
      const input = parseWith(addReviewSchema, await readBody(ctx.request));
      const user = requireSelf(ctx.user, input.customer_id);
      const saved = await saveReview(ctx.db, user, input, ctx.clientAddress);
      return ok(
        {
          review: reviewJson(saved.review),
          created: saved.created,
          product: { id: input.product_id, rating: saved.product.rating, review_count: saved.product.reviewCount },
        },
        reviewMessages.added,
        saved.created ? 201 : 200,
      );
    },
  },
];
