// Multi-row inserts that scale to hundreds of thousands of rows: each batch travels as one JSON
// parameter and is expanded by json_to_recordset on the server. Compared with one bind
// parameter per value this avoids the 65,535-parameter ceiling and most of the per-value cost,
// on PGlite and on PostgreSQL alike.
import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';

function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

function toJsonValue(value: unknown): unknown {
  if (value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  return value;
}

/**
 * Inserts `rows` in batches of `batchSize`. Every row must set the same keys (a key left out is
 * taken from the first row's key set and stored as NULL, not as the column default).
 * With `returning`, gives back those columns (by database name) of every inserted row.
 */
export async function bulkInsert<T extends PgTable>(
  db: Db,
  table: T,
  rows: Array<T['$inferInsert']>,
  options: { batchSize?: number; returning?: string[] } = {},
): Promise<Array<Record<string, unknown>>> {
  const first = rows[0];
  if (!first) return [];
  const columns = getTableColumns(table) as Record<string, { name: string; getSQLType(): string }>;
  const keys = Object.keys(first).filter((k) => columns[k]);
  const cols = keys.map((k) => columns[k] as { name: string; getSQLType(): string });
  const tableName = quoteIdent(getTableConfig(table).name);
  const names = cols.map((c) => quoteIdent(c.name)).join(', ');
  const definition = cols.map((c) => `${quoteIdent(c.name)} ${c.getSQLType()}`).join(', ');
  const returning = options.returning?.length ? ` returning ${options.returning.map(quoteIdent).join(', ')}` : '';
  const batchSize = options.batchSize ?? 2000;
  const out: Array<Record<string, unknown>> = [];
  for (let i = 0; i < rows.length; i += batchSize) {
    const batch = rows.slice(i, i + batchSize).map((row) => {
      const record: Record<string, unknown> = {};
      keys.forEach((k, j) => {
        record[(cols[j] as { name: string }).name] = toJsonValue((row as Record<string, unknown>)[k]);
      });
      return record;
    });
    const statement: SQL = sql`${sql.raw(`insert into ${tableName} (${names}) select ${names} from json_to_recordset(`)}${JSON.stringify(batch)}${sql.raw(`::json) as x(${definition})${returning}`)}`;
    const result = (await db.execute(statement)) as unknown as { rows?: Array<Record<string, unknown>> };
    if (returning && result.rows) out.push(...result.rows);
  }
  return out;
}
