// Counting a filtered list without reading past what the page needs: the back office's lists show
// "10,000+" rather than count a whole table (docs/decisions/0036-admin-order-list.md).
import { sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client';

/** Matching rows up to `cap` (cap + 1 means 'more than the cap'), read through a LIMIT. */
export async function cappedCount(db: Db, table: PgTable, where: SQL | undefined, cap: number): Promise<number> {
  const limited = db
    .select({ one: sql`1` })
    .from(table)
    .where(where)
    .limit(cap + 1)
    .as('limited');
  const [row] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(limited);
  return row?.n ?? 0;
}
