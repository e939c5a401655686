// The personal parts of a page (docs/product.md#personal-parts): the catalog's pages are the same
// HTML for every visitor, and the browser asks this one endpoint who is signed in.
import { z } from '@/domain/zod';
import { idField } from '@/domain/input';
import { defineEndpoint } from './endpoint';
import { userWire } from './accounts';
import { reviewWire } from './reviews';

export const meQuery = z.object({
  /** The product page: the shopper's own review of this product comes along. */
  product_id: idField().optional(),
  /** The contact page: the form's prefill (name, e-mail, the first address's phone) comes along. */
  contact: z.enum(['1'], { error: 'must be 1 when given' }).optional(),
});

export const meWire = z.strictObject({
  signed_in: z.boolean(),
  /** The signed-in customer; null for a guest. */
  user: userWire.nullable(),
  /** Asked with product_id: the customer's review of it (hidden: staff hid it, only its author sees it). */
  own_review: reviewWire.extend({ hidden: z.boolean() }).nullable(),
  /** Asked with contact=1: what the contact form starts with. */
  contact: z.strictObject({ first_name: z.string(), last_name: z.string(), email: z.string(), phone: z.string() }).nullable(),
});

export const sessionApi = {
  me: defineEndpoint({
    method: 'GET',
    path: 'session/me',
    summary: 'Who is signed in, for the personal parts of the shared pages: 200 with signed_in false for a guest; never cached',
    auth: 'public',
    query: meQuery,
    answer: meWire,
  }),
};
