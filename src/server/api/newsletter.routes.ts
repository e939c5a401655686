import { newsletterApi } from '@/domain/api/newsletter';
import { newsletterMessages, unsubscribeTexts } from '@/domain/messages/newsletter';
import { maskEmail } from '@/domain/newsletter';
import { subscribe, unsubscribe } from '@/server/newsletter/newsletter.service';
import { route } from './router';

export const newsletterRoutes = [
  route(newsletterApi.subscribe, async ({ db, clientAddress, mailer, shopName, siteUrl }, { body }) => {
    await subscribe({ db, mailer, shopName, siteUrl }, body.email, clientAddress);
    return { data: { email: body.email }, message: newsletterMessages.subscribed };
  }),
  route(newsletterApi.unsubscribe, async ({ db, now }, { body }) => {
    const { email, outcome } = await unsubscribe(db, body.token, now());
    return {
      data: { email: maskEmail(email), outcome },
      message: outcome === 'unsubscribed' ? unsubscribeTexts.unsubscribed : unsubscribeTexts.alreadyUnsubscribed,
    };
  }),
];
