// Reviews in wire form, the one place for them (docs/architecture.md#the-api-contract).
import type { z } from 'zod';
import type { reviewWire } from '@/domain/api/reviews';
import type { ReviewView } from '@/server/reviews/review.service';

export function reviewJson(r: ReviewView): z.input<typeof reviewWire> {
  return {
    id: r.id,
    rating: r.rating,
    comments: r.comments,
    created_at: r.createdAt.toISOString(),
    verified_purchase: r.verifiedPurchase,
    customer: { name: r.customerName },
  };
}
