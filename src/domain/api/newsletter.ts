// The newsletter sign-up in the footer (docs/product.md#footer).
import { z } from '@/domain/zod';
import { newsletterSchema } from '@/domain/newsletter';
import { defineEndpoint } from './endpoint';

export const newsletterApi = {
  subscribe: defineEndpoint({
    method: 'POST',
    path: 'subscriber/add-subscriber',
    summary: 'Newsletter sign-up (422 when already subscribed)',
    auth: 'public',
    body: newsletterSchema,
    answer: z.strictObject({ email: z.string() }),
  }),
};
