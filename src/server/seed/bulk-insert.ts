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
  const definition = cols.map((c) => `${quoteIdent(c.name)} ${c.getSQLType().replace(/^(big|small)?serial$/, '$1int')}`).join(', ');
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

/** A node-postgres client (the one a transaction holds), as far as COPY needs it. */
interface CopyClient {
  query<T>(stream: T): T;
}

/**
 * The node-postgres connection behind a Drizzle database or transaction, or null on PGlite (and
 * on a pool outside a transaction, where each statement may run on another connection).
 */
export function copyClientOf(db: Db): CopyClient | null {
  const client = (db as unknown as { session?: { client?: unknown } }).session?.client as
    { query?: unknown; connection?: unknown; release?: unknown } | undefined;
  // A pooled node-postgres client has a wire connection and a release(); PGlite's has neither.
  return client && typeof client.query === 'function' && client.connection && typeof client.release === 'function'
    ? (client as CopyClient)
    : null;
}

function copyText(value: unknown): string {
  if (value === null || value === undefined) return '\\N';
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'boolean') return value ? 't' : 'f';
  // Arrays of numbers only (products.category_ids): no element needs quoting.
  if (Array.isArray(value)) return `{${value.map(Number).join(',')}}`;
  return String(value).replace(/[\\\n\r\t]/g, (c) => (c === '\\' ? '\\\\' : c === '\n' ? '\\n' : c === '\r' ? '\\r' : '\\t'));
}

/**
 * Loads `rows` into `table`: PostgreSQL's COPY (text format, streamed, rows produced lazily so the
 * generator and the server work at the same time) when `db` is a node-postgres transaction, else
 * bulkInsert's batched JSON inserts (PGlite). Every row sets the keys of the first.
 */
export async function bulkLoad<T extends PgTable>(db: Db, table: T, rows: Iterable<T['$inferInsert']>): Promise<number> {
  const client = copyClientOf(db);
  if (!client) {
    const all = [...rows];
    await bulkInsert(db, table, all, { batchSize: 2000 });
    return all.length;
  }
  const iterator = rows[Symbol.iterator]();
  const head = iterator.next();
  if (head.done) return 0;
  const first = head.value as Record<string, unknown>;
  const columns = getTableColumns(table) as Record<string, { name: string }>;
  const keys = Object.keys(first).filter((k) => columns[k]);
  const names = keys.map((k) => quoteIdent((columns[k] as { name: string }).name)).join(', ');
  const { from: copyFrom } = await import('pg-copy-streams');
  const { Readable } = await import('node:stream');
  const { pipeline } = await import('node:stream/promises');
  let count = 0;
  const line = (row: Record<string, unknown>): string => {
    count++;
    return keys.map((k) => copyText(row[k])).join('\t') + '\n';
  };
  function* chunks(): Generator<string> {
    let chunk = line(first);
    for (let next = iterator.next(); !next.done; next = iterator.next()) {
      chunk += line(next.value as Record<string, unknown>);
      if (chunk.length > 256 * 1024) {
        yield chunk;
        chunk = '';
      }
    }
    if (chunk) yield chunk;
  }
  const target = client.query(copyFrom(`copy ${quoteIdent(getTableConfig(table).name)} (${names}) from stdin`));
  await pipeline(Readable.from(chunks()), target);
  return count;
}
