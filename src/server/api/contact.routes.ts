import { contactApi } from '@/domain/api/contact';
import { contactMessages } from '@/domain/messages/contact';
import { sendContactMessage } from '@/server/contact/contact.service';
import { config } from '@/server/config';
import { route } from './router';

export const contactRoutes = [
  route(contactApi.send, async ({ db, clientAddress, mailer, shopName }, { body }) => {
    const { id } = await sendContactMessage({ db, mailer, shopName, shopEmail: config().SHOP_EMAIL }, body, clientAddress);
    return { data: { id }, message: contactMessages.sent };
  }),
];
