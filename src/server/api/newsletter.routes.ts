import { newsletterApi } from '@/domain/api/newsletter';
import { newsletterMessages } from '@/domain/messages/newsletter';
import { subscribe } from '@/server/newsletter/newsletter.service';
import { route } from './router';

export const newsletterRoutes = [
  route(newsletterApi.subscribe, async ({ db, clientAddress }, { body }) => {
    await subscribe(db, body.email, clientAddress);
    return { data: { email: body.email }, message: newsletterMessages.subscribed };
  }),
];
