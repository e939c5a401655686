import type { Db } from '@/server/db/client';
import { subscribers } from '@/server/db/schema/shopping';
import { ValidationError } from '@/server/errors';
import { newsletterMessages } from '@/domain/messages/newsletter';
import { consumeRateLimit } from '@/server/rate-limit/rate-limit.service';

// A person signs up once or twice; a script tries many addresses. 5 an hour per client address
// leaves room for typos and shared office connections while stopping list-bombing.
export const NEWSLETTER_LIMIT_PER_ADDRESS = { name: 'newsletter:ip', limit: 5, windowSeconds: 3600 };
// One e-mail is tried 3 times an hour at most, whatever the address: many addresses cannot probe
// whether it is subscribed, nor hammer it (docs/decisions/0014-client-address-and-sliding-limits.md).
export const NEWSLETTER_LIMIT_PER_EMAIL = { name: 'newsletter:email', limit: 3, windowSeconds: 3600 };

/** Subscribes an (already normalised) e-mail once; a second time is refused with the spec's message. */
export async function subscribe(db: Db, email: string, clientAddress: string, now = new Date()): Promise<void> {
  // The address first: an address already refused does not use up the e-mail's attempts.
  await consumeRateLimit(db, NEWSLETTER_LIMIT_PER_ADDRESS, clientAddress, newsletterMessages.tooMany, now);
  await consumeRateLimit(db, NEWSLETTER_LIMIT_PER_EMAIL, email, newsletterMessages.tooMany, now);
  const inserted = await db.insert(subscribers).values({ email }).onConflictDoNothing().returning({ id: subscribers.id });
  if (inserted.length === 0)
    throw new ValidationError(newsletterMessages.alreadySubscribed, { email: [newsletterMessages.alreadySubscribed] });
}
