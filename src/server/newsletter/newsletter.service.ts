import { and, asc, count, desc, eq, gt, ilike, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { subscribers } from '@/server/db/schema/shopping';
import { NotFoundError, ValidationError } from '@/server/errors';
import type { Mailer } from '@/server/mail/mailer';
import { newsletterMessages, unsubscribeTexts } from '@/domain/messages/newsletter';
import { INBOX_PAGE_SIZE, type SubscriberStatus } from '@/domain/admin-inbox';
import { consumeRateLimit } from '@/server/rate-limit/rate-limit.service';
import { newsletterWelcomeMail } from './newsletter-mails';
import { mailsCommitted, queueMail } from '@/server/mail/outbox';

// A person signs up once or twice; a script tries many addresses. 5 an hour per client address
// leaves room for typos and shared office connections while stopping list-bombing.
export const NEWSLETTER_LIMIT_PER_ADDRESS = { name: 'newsletter:ip', limit: 5, windowSeconds: 3600 };
// One e-mail is tried 3 times an hour at most, whatever the address: many addresses cannot probe
// whether it is subscribed, nor hammer it (docs/decisions/0014-client-address-and-sliding-limits.md).
export const NEWSLETTER_LIMIT_PER_EMAIL = { name: 'newsletter:email', limit: 3, windowSeconds: 3600 };

export interface NewsletterDeps {
  db: Db;
  mailer: Mailer;
  shopName: string;
  /** The public site (SITE_URL): the unsubscribe links point there. */
  siteUrl: string;
}

/**
 * Subscribes an (already normalised) e-mail; a second time is refused with the spec's message,
 * while an address that unsubscribed is subscribed again (same row, same token). Either way a
 * welcome mail with the unsubscribe link is queued with it and sent after the commit.
 */
export async function subscribe(deps: NewsletterDeps, email: string, clientAddress: string, now = new Date()): Promise<void> {
  const { db } = deps;
  // The address first: an address already refused does not use up the e-mail's attempts.
  await consumeRateLimit(db, NEWSLETTER_LIMIT_PER_ADDRESS, clientAddress, newsletterMessages.tooMany, now);
  await consumeRateLimit(db, NEWSLETTER_LIMIT_PER_EMAIL, email, newsletterMessages.tooMany, now);
  const mailId = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(subscribers)
      .values({ email })
      .onConflictDoUpdate({ target: subscribers.email, set: { unsubscribedAt: null }, setWhere: isNotNull(subscribers.unsubscribedAt) })
      .returning({ id: subscribers.id, token: subscribers.unsubscribeToken });
    if (!row) throw new ValidationError(newsletterMessages.alreadySubscribed, { email: [newsletterMessages.alreadySubscribed] });
    // Queued with the sign-up (docs/decisions/0040-mail-outbox.md): sent after the commit, retried if it fails.
    return queueMail(tx, 'newsletter_welcome', newsletterWelcomeMail(deps.shopName, deps.siteUrl, email, row.token));
  });
  await mailsCommitted(deps, [mailId]);
}

export interface UnsubscribeTarget {
  email: string;
  unsubscribedAt: Date | null;
}

/** The subscriber an unsubscribe link names, or null for a token nobody has. */
export async function subscriberForToken(db: Db, token: string): Promise<UnsubscribeTarget | null> {
  const [row] = await db
    .select({ email: subscribers.email, unsubscribedAt: subscribers.unsubscribedAt })
    .from(subscribers)
    .where(eq(subscribers.unsubscribeToken, token));
  return row ?? null;
}

/**
 * Unsubscribes the token's subscriber: `unsubscribed` the first time, `already` after (the first
 * date stays); an unknown token is a 404 with a message that says the link is wrong. The row is
 * kept, marked, so the back office tells a former subscriber from one who never signed up.
 */
export async function unsubscribe(
  db: Db,
  token: string,
  now = new Date(),
): Promise<{ email: string; outcome: 'unsubscribed' | 'already' }> {
  const [changed] = await db
    .update(subscribers)
    .set({ unsubscribedAt: now })
    .where(and(eq(subscribers.unsubscribeToken, token), isNull(subscribers.unsubscribedAt)))
    .returning({ email: subscribers.email });
  if (changed) return { email: changed.email, outcome: 'unsubscribed' };
  const existing = await subscriberForToken(db, token);
  if (!existing) throw new NotFoundError(unsubscribeTexts.badToken);
  return { email: existing.email, outcome: 'already' };
}

export interface Subscriber {
  id: number;
  email: string;
  createdAt: Date;
  unsubscribedAt: Date | null;
}

const subscriberColumns = {
  id: subscribers.id,
  email: subscribers.email,
  createdAt: subscribers.createdAt,
  unsubscribedAt: subscribers.unsubscribedAt,
};

function subscriberConditions(options: { q?: string | undefined; status: SubscriberStatus }): SQL | undefined {
  const conditions: SQL[] = [];
  if (options.status === 'subscribed') conditions.push(isNull(subscribers.unsubscribedAt));
  if (options.status === 'unsubscribed') conditions.push(isNotNull(subscribers.unsubscribedAt));
  if (options.q) conditions.push(ilike(subscribers.email, `%${options.q.replace(/[\\%_]/g, '\\$&')}%`));
  return and(...conditions);
}

/** The back office's list: newest sign-ups first, by status (default: subscribed) and e-mail search. */
export async function listSubscribers(db: Db, options: { page: number; q?: string | undefined; status: SubscriberStatus }) {
  const where = subscriberConditions(options);
  // By id, newest first: sign-ups are stored as they come, and the primary key's index gives the
  // page without sorting the table; the total is its own query (a window count would read every row first).
  const [items, [counted]] = await Promise.all([
    db
      .select(subscriberColumns)
      .from(subscribers)
      .where(where)
      .orderBy(desc(subscribers.id))
      .limit(INBOX_PAGE_SIZE)
      .offset((options.page - 1) * INBOX_PAGE_SIZE),
    db.select({ n: count() }).from(subscribers).where(where),
  ]);
  const total = counted?.n ?? 0;
  return { items, page: options.page, total, lastPage: Math.max(1, Math.ceil(total / INBOX_PAGE_SIZE)) };
}

/** How many addresses are subscribed and how many unsubscribed. */
export async function subscriberCounts(db: Db): Promise<{ subscribed: number; unsubscribed: number }> {
  const [row] = await db
    .select({
      subscribed: sql<number>`count(*) filter (where ${subscribers.unsubscribedAt} is null)`.mapWith(Number),
      unsubscribed: sql<number>`count(*) filter (where ${subscribers.unsubscribedAt} is not null)`.mapWith(Number),
    })
    .from(subscribers);
  return { subscribed: row?.subscribed ?? 0, unsubscribed: row?.unsubscribed ?? 0 };
}

/** Rows read per query while exporting: the export never holds the whole table in memory. */
const EXPORT_BATCH = 1000;

/**
 * Every subscriber the filter and search select, oldest first, read in batches by id (keyset), so
 * a large list streams into the CSV without a long-held cursor or an offset that slows down.
 */
export async function* subscribersForExport(
  db: Db,
  options: { q?: string | undefined; status: SubscriberStatus },
): AsyncGenerator<Subscriber> {
  let after = 0;
  for (;;) {
    const rows = await db
      .select(subscriberColumns)
      .from(subscribers)
      .where(and(subscriberConditions(options), gt(subscribers.id, after)))
      .orderBy(asc(subscribers.id))
      .limit(EXPORT_BATCH);
    yield* rows;
    if (rows.length < EXPORT_BATCH) return;
    after = rows.at(-1)!.id;
  }
}
