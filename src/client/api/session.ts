// Who is signed in, at the API client's border (docs/product.md#personal-parts): the wire's
// answer of GET /api/session/me becomes the browser's camelCase model here, and nowhere else.
import type { AnswerOf } from '@/domain/api/endpoint';
import type { Contract } from '@/domain/api/index';

export type MeWire = AnswerOf<Contract['session']['me']>;

export interface Me {
  /** False when the server could not be asked (offline, 503): the page keeps the look it has. */
  known: boolean;
  user: { id: number; name: string; email: string; profilePicture: string | null } | null;
  /** The shopper's own review of the page's product (asked for by the product page). */
  ownReview: { rating: number; comments: string; hidden: boolean } | null;
  /** The contact form's prefill (asked for by the contact page). */
  contact: { firstName: string; lastName: string; email: string; phone: string } | null;
}

export const UNKNOWN_ME: Me = { known: false, user: null, ownReview: null, contact: null };

export function toMe(wire: MeWire): Me {
  return {
    known: true,
    user: wire.user ? { id: wire.user.id, name: wire.user.name, email: wire.user.email, profilePicture: wire.user.profile_picture } : null,
    ownReview: wire.own_review
      ? { rating: wire.own_review.rating, comments: wire.own_review.comments, hidden: wire.own_review.hidden }
      : null,
    contact: wire.contact
      ? {
          firstName: wire.contact.first_name,
          lastName: wire.contact.last_name,
          email: wire.contact.email,
          phone: wire.contact.phone,
        }
      : null,
  };
}
