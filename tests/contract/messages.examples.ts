// The newsletter and the contact form: the two ways a visitor writes to the shop.
import type { Contract } from '@/domain/api/index';
import { subscribers } from '@/server/db/schema/shopping';
import type { Examples } from './world';

export const newsletterExamples: Examples<Contract['newsletter']> = {
  subscribe: () => ({ body: { email: 'contract.reader@example.ae' } }),
  unsubscribe: async ({ db }) => {
    const [row] = await db
      .insert(subscribers)
      .values({ email: 'contract.leaver@example.ae' })
      .returning({ token: subscribers.unsubscribeToken });
    return { body: { token: row!.token } };
  },
};

export const contactExamples: Examples<Contract['contact']> = {
  send: () => ({
    body: { first_name: 'Amal', last_name: 'Haddad', email: 'amal@example.ae', phone: '0501234567', message: 'Do you deliver to Al Ain?' },
  }),
};
