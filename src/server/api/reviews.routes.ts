// Reviews: the list anyone may read, and the signed-in customer's own review.
import { reviewsApi } from '@/domain/api/reviews';
import { reviewMessages } from '@/domain/messages/reviews';
import { productExists } from '@/server/catalog/catalog.service';
import { pageJson } from '@/server/catalog/catalog.wire';
import { listReviews, saveReview } from '@/server/reviews/review.service';
import { reviewJson } from '@/server/reviews/review.wire';
import { NotFoundError } from '@/server/errors';
import { cacheTags } from '@/server/cache/tags';
import { route } from './router';

export const reviewRoutes = [
  route(reviewsApi.list, async ({ db }, { query }) => {
    if (!(await productExists(db, query.product_id))) throw new NotFoundError('Product not found');
    return {
      data: pageJson(await listReviews(db, query.product_id, query.page, query.limit), reviewJson),
      message: 'Reviews',
      cacheTags: [cacheTags.product(query.product_id)],
    };
  }),
  route(reviewsApi.add, async ({ db, clientAddress }, { body, user }) => {
    const saved = await saveReview(db, user, body, clientAddress);
    return {
      data: {
        review: reviewJson(saved.review),
        created: saved.created,
        hidden: saved.hidden,
        product: { id: body.product_id, rating: saved.product.rating, review_count: saved.product.reviewCount },
      },
      message: saved.hidden ? reviewMessages.savedHidden : reviewMessages.added,
      status: saved.created ? 201 : 200,
    };
  }),
];
