import { contactSchema } from '@/domain/contact';
import { contactMessages } from '@/domain/messages/contact';
import { sendContactMessage } from '@/server/contact/contact.service';
import { config } from '@/server/config';
import { ok, parseWith, readBody } from './http';
import type { Route } from './router';

export const contactRoutes: Route[] = [
  {
    method: 'POST',
    path: 'contact',
    summary: 'Contact message to the shop (JSON, URL-encoded or multipart)',
    handler: async ({ db, request, clientAddress, mailer, shopName }) => {
      const input = parseWith(contactSchema, await readBody(request));
      const { id } = await sendContactMessage({ db, mailer, shopName, shopEmail: config().SHOP_EMAIL }, input, clientAddress);
      return ok({ id }, contactMessages.sent);
    },
  },
];
