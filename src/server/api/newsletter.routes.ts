import { newsletterSchema } from '@/domain/newsletter';
import { newsletterMessages } from '@/domain/messages/newsletter';
import { subscribe } from '@/server/newsletter/newsletter.service';
import { ok, parseWith, readBody } from './http';
import type { Route } from './router';

export const newsletterRoutes: Route[] = [
  {
    method: 'POST',
    path: 'subscriber/add-subscriber',
    summary: 'Newsletter sign-up (422 when already subscribed)',
    handler: async ({ db, request, clientAddress }) => {
      const { email } = parseWith(newsletterSchema, await readBody(request));
      await subscribe(db, email, clientAddress);
      return ok({ email }, newsletterMessages.subscribed);
    },
  },
];
