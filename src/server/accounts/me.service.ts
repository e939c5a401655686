// The personal parts of the shared pages (docs/product.md#personal-parts): the catalog's pages
// render the same HTML for every visitor, and the browser fills in who is signed in from this
// one answer. Read from the session only; a guest gets the same shape, empty.
import type { z } from 'zod';
import type { meWire } from '@/domain/api/session';
import type { Db } from '@/server/db/client';
import type { SessionUser } from '@/server/accounts/session.service';
import { userJson } from '@/server/accounts/accounts.wire';
import { findOwnReview } from '@/server/reviews/review.service';
import { reviewJson } from '@/server/reviews/review.wire';
import { contactPrefill } from '@/server/contact/contact.service';

export interface MeOptions {
  /** The product page asks for the customer's own review of this product. */
  productId?: number;
  /** The contact page asks for the form's prefill. */
  contact?: boolean;
}

/** Who is signed in, with what the asking page needs of them; a guest's answer costs no query. */
export async function whoIsSignedIn(db: Db, user: SessionUser | null, options: MeOptions = {}): Promise<z.input<typeof meWire>> {
  if (!user) return { signed_in: false, user: null, own_review: null, contact: null };
  const [ownReview, contact] = await Promise.all([
    options.productId === undefined ? null : findOwnReview(db, user.id, options.productId),
    options.contact ? contactPrefill(db, user) : null,
  ]);
  return {
    signed_in: true,
    user: userJson(user),
    own_review: ownReview ? { ...reviewJson(ownReview), hidden: ownReview.hidden } : null,
    contact,
  };
}
