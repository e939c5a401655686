// Sliding-window rate limits kept in the database, so every app instance shares them (D9;
// docs/decisions/0014-client-address-and-sliding-limits.md).
import { sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { rateLimits } from '@/server/db/schema/accounts';
import { TooManyRequestsError } from '@/server/errors';
import { config } from '@/server/config';
import { addressSubject } from '@/server/client-address';

export interface RateLimitRule {
  /** What is limited, e.g. 'newsletter:ip'. */
  name: string;
  limit: number;
  windowSeconds: number;
}

/**
 * Counts one attempt for `subject` under `rule`, or throws TooManyRequestsError when `limit`
 * attempts were already counted in the `windowSeconds` before `now` (a window that slides with
 * each attempt, so no burst of twice the limit across a clock edge). A client address is counted
 * by addressSubject (IPv6 per /64). One atomic upsert decides: concurrent requests, from any
 * instance, cannot both take the last place. A refused attempt is not counted, so Retry-After
 * is the moment the oldest counted attempt leaves the window.
 */
export async function consumeRateLimit(db: Db, rule: RateLimitRule, subject: string, message: string, now = new Date()): Promise<void> {
  const key = `${rule.name}:${addressSubject(subject)}`.slice(0, 200);
  const limit = rule.limit * config().RATE_LIMIT_SCALE;
  const at = sql`${now.toISOString()}::timestamptz`;
  const windowStart = sql`${new Date(now.getTime() - rule.windowSeconds * 1000).toISOString()}::timestamptz`;
  const inWindow = sql`from unnest(${rateLimits.attempts}) as a(t) where a.t > ${windowStart}`;
  const counted = await db
    .insert(rateLimits)
    .values({ key, attempts: sql`array[${at}]` })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: { attempts: sql`array(select a.t ${inWindow} order by a.t) || ${at}` },
      setWhere: sql`(select count(*) ${inWindow}) < ${limit}`,
    })
    .returning({ key: rateLimits.key });
  if (counted.length > 0) return;
  // Refused: a place frees when the limit-th newest counted attempt leaves the window.
  const [row] = await db
    .select({ freesAt: sql<string | null>`(select a.t ${inWindow} order by a.t desc offset ${limit - 1} limit 1)` })
    .from(rateLimits)
    .where(sql`${rateLimits.key} = ${key}`);
  const freesAt = row?.freesAt ? new Date(row.freesAt).getTime() + rule.windowSeconds * 1000 : now.getTime();
  throw new TooManyRequestsError(message, Math.max(1, Math.ceil((freesAt - now.getTime()) / 1000)));
}
