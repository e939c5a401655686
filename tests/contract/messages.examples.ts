// The newsletter and the contact form: the two ways a visitor writes to the shop.
import type { Contract } from '@/domain/api/index';
import { contactMessages, subscribers } from '@/server/db/schema/shopping';
import type { Examples, World } from './world';

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

async function exampleMessage(db: World['db'], email: string): Promise<number> {
  const [row] = await db
    .insert(contactMessages)
    .values({ firstName: 'Amal', lastName: 'Haddad', email, phone: '0501234567', message: 'Do you deliver to Al Ain?' })
    .returning({ id: contactMessages.id });
  return row!.id;
}

export const adminInboxExamples: Examples<Contract['adminInbox']> = {
  messages: () => ({ query: { read: 'unread', q: 'amal' } }),
  message: async ({ db }) => ({ params: { id: await exampleMessage(db, 'open.example@example.ae') } }),
  markRead: async ({ db }) => ({ params: { id: await exampleMessage(db, 'read.example@example.ae') }, body: { read: true } }),
  reply: async ({ db }) => ({
    params: { id: await exampleMessage(db, 'reply.example@example.ae') },
    body: { body: 'Yes, we deliver to Al Ain.' },
  }),
  subscribers: () => ({ query: { status: 'all', q: 'example' } }),
  subscribersCsv: () => ({ query: { status: 'subscribed' } }),
};
