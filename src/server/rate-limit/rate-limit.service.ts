// Fixed-window rate limits kept in the database, so every app instance shares them (D9).
import { sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { rateLimits } from '@/server/db/schema/accounts';
import { TooManyRequestsError } from '@/server/errors';
import { config } from '@/server/config';

export interface RateLimitRule {
  /** What is limited, e.g. 'newsletter:ip'. */
  name: string;
  limit: number;
  windowSeconds: number;
}

/**
 * Counts one attempt for `subject` under `rule`; throws TooManyRequestsError once the limit
 * is passed within the window. One atomic upsert: concurrent requests cannot both slip through.
 */
export async function consumeRateLimit(db: Db, rule: RateLimitRule, subject: string, message: string, now = new Date()): Promise<void> {
  const key = `${rule.name}:${subject}`.slice(0, 200);
  const windowStart = new Date(Math.floor(now.getTime() / (rule.windowSeconds * 1000)) * rule.windowSeconds * 1000);
  const [row] = await db
    .insert(rateLimits)
    .values({ key, windowStart, count: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.windowStart} = ${windowStart.toISOString()}::timestamptz then ${rateLimits.count} + 1 else 1 end`,
        windowStart,
      },
    })
    .returning({ count: rateLimits.count });
  if ((row?.count ?? 0) > rule.limit * config().RATE_LIMIT_SCALE) {
    const retryAfter = Math.max(1, Math.ceil((windowStart.getTime() + rule.windowSeconds * 1000 - now.getTime()) / 1000));
    throw new TooManyRequestsError(message, retryAfter);
  }
}
