// The add-review payload (spec section 5). customer_id is accepted for compatibility and must be
// the session's (D3); the writer always comes from the session.
import { z } from './zod';
import { commentProblem, ratingProblem } from './review-checks';
import { reviewFieldMessages as f } from './messages/reviews';

const checked = (check: (raw: unknown) => string | null) => (value: unknown, ctx: z.RefinementCtx) => {
  const problem = check(value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
};

export const addReviewSchema = z.object({
  product_id: z.coerce.number({ error: f.productIdNumber }).int(f.productIdWhole).positive(f.productIdPositive).max(2 ** 31 - 1),
  customer_id: z.union([z.string(), z.number()]).optional(),
  rating: z.unknown().superRefine(checked(ratingProblem)).transform((v) => Number(v)),
  comments: z.unknown().superRefine(checked(commentProblem)).transform((v) => String(v).trim()),
});

export type AddReviewInput = z.output<typeof addReviewSchema>;
