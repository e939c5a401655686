// Reviews: the list anyone may read, and the signed-in customer's own review (docs/product.md#product-page).
import { z } from '@/domain/zod';
import { addReviewSchema } from '@/domain/review';
import { idField, wholeNumber } from '@/domain/input';
import { defineEndpoint } from './endpoint';
import { isoDateTime, pageOf, wireId } from './wire';

export const reviewListQuery = z.object({
  product_id: idField(),
  page: wholeNumber(1, 100_000).default(1),
  limit: wholeNumber(1, 50).default(10),
});

export const reviewWire = z.strictObject({
  id: wireId,
  rating: z.number().int(),
  comments: z.string(),
  created_at: isoDateTime,
  verified_purchase: z.boolean(),
  customer: z.strictObject({ name: z.string() }),
});

export const reviewsApi = {
  list: defineEndpoint({
    method: 'GET',
    path: 'products/review-list',
    summary: "A product's reviews, newest first",
    auth: 'public',
    cache: true,
    query: reviewListQuery,
    answer: pageOf(reviewWire),
  }),
  add: defineEndpoint({
    method: 'POST',
    path: 'products/add-review',
    summary: "Add the customer's review of a product (201; a second one updates the first: 200)",
    auth: 'customer',
    body: addReviewSchema,
    answer: z.strictObject({
      review: reviewWire,
      created: z.boolean(),
      /** Staff hid this review: an edit keeps it hidden, out of the list and the figures. */
      hidden: z.boolean(),
      product: z.strictObject({ id: wireId, rating: z.number(), review_count: z.number().int() }),
    }),
  }),
};
