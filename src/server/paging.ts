// Pages read with `count(*) over()` carry the total on every row; a page past the end has no
// row to carry it, so the total is then counted on its own (the pager must still know the end).
import { sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '@/server/db/client';

export async function totalOf(
  db: Db,
  rows: readonly { total: number }[],
  page: number,
  from: PgTable,
  where: SQL | undefined,
): Promise<number> {
  if (rows.length > 0) return rows[0]!.total;
  if (page <= 1) return 0;
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(from)
    .where(where);
  return row?.n ?? 0;
}
