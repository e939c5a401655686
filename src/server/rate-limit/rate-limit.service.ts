// Sliding-window rate limits kept in the database, so every app instance shares them (docs/decisions/0007-rate-limits.md;
// docs/decisions/0014-client-address-and-sliding-limits.md).
import { sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
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
  const inWindow = sql`from unnest(rate_limits.attempts) as a(t) where a.t > ${windowStart}`;
  // One statement: the upsert counts the attempt only while fewer than `limit` are in the window
  // (the conflicting row is locked, so racing attempts queue); the select reads, from before the
  // upsert, when a place frees if it refused: when the limit-th newest counted attempt leaves.
  const result = (await db.execute(sql`
    with counted as (
      insert into rate_limits (key, attempts) values (${key}, array[${at}])
      on conflict (key) do update set attempts = array(select a.t ${inWindow} order by a.t) || ${at}
      where (select count(*) ${inWindow}) < ${limit}
      returning key
    )
    select exists (select 1 from counted) as counted,
      (select a.t ${inWindow} order by a.t desc offset ${limit - 1} limit 1) as frees_at
    from (select 1) as one left join rate_limits on rate_limits.key = ${key}`)) as unknown as {
    rows: { counted: boolean; frees_at: string | Date | null }[];
  };
  const [row] = result.rows;
  if (row?.counted) return;
  const freesAt = row?.frees_at ? new Date(row.frees_at).getTime() + rule.windowSeconds * 1000 : now.getTime();
  throw new TooManyRequestsError(message, Math.max(1, Math.ceil((freesAt - now.getTime()) / 1000)));
}
