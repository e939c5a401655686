// The newsletter sign-up in the footer (docs/product.md#footer) and the unsubscribe link of its mails (docs/product.md#unsubscribe).
import { z } from '@/domain/zod';
import { newsletterSchema, unsubscribeSchema } from '@/domain/newsletter';
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
  unsubscribe: defineEndpoint({
    method: 'POST',
    path: 'newsletter/unsubscribe',
    summary: "Unsubscribe with a newsletter mail's token (404 for an unknown token; a second time says it is already done)",
    auth: 'public',
    body: unsubscribeSchema,
    answer: z.strictObject({ email: z.string(), outcome: z.enum(['unsubscribed', 'already']) }),
  }),
};
