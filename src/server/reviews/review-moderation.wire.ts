// Moderated reviews in wire form (docs/architecture.md#the-api-contract).
import type { z } from 'zod';
import type { adminReviewWire } from '@/domain/api/admin-moderation';
import type { ModeratedReview, ModerationResult } from './review-moderation.service';

export function adminReviewJson(r: ModeratedReview): z.input<typeof adminReviewWire> {
  return {
    id: r.id,
    product: { id: r.productId, name: r.productName },
    customer: { id: r.userId, name: r.customerName },
    rating: r.rating,
    comments: r.comments,
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
    hidden: r.hiddenAt !== null,
    hidden_at: r.hiddenAt?.toISOString() ?? null,
    hidden_reason: r.hiddenReason,
    hidden_by: r.hiddenBy,
  };
}

export function moderationJson(result: ModerationResult) {
  return {
    review: adminReviewJson(result.review),
    product: { id: result.product.id, rating: result.product.rating, review_count: result.product.reviewCount },
  };
}
