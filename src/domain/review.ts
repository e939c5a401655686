// The add-review payload (docs/product.md#validation). customer_id is accepted for compatibility and must be
// the session's (docs/decisions/0008-sessions.md); the writer always comes from the session.
import { z } from './zod';
import { commentProblem, ratingProblem } from './review-checks';
import { reviewFieldMessages as f } from './messages/reviews';
import { claimedCustomerId, idField } from './input';

const checked = (check: (raw: unknown) => string | null) => (value: unknown, ctx: z.RefinementCtx) => {
  const problem = check(value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
};

export const addReviewSchema = z.object({
  product_id: idField({ number: f.productIdNumber, whole: f.productIdWhole, min: f.productIdPositive }),
  customer_id: claimedCustomerId,
  rating: z
    .unknown()
    .superRefine(checked(ratingProblem))
    .transform((v) => Number(v)),
  comments: z
    .unknown()
    .superRefine(checked(commentProblem))
    .transform((v) => String(v).trim()),
});

export type AddReviewInput = z.output<typeof addReviewSchema>;
