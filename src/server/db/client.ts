// One connection factory for both engines (docs/decisions/0017-stack.md): PGlite in DATA_DIR by default,
// PostgreSQL when a URL is given. The same migrations run on both.
import path from 'node:path';
import fs from 'node:fs';
import type { Logger } from 'drizzle-orm/logger';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { PGLITE_SHARED_BUFFERS } from '../memory-bounds';

export type Db = PgDatabase<PgQueryResultHKT>;

export interface DatabaseHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
  /**
   * PGlite only: its whole data directory as a tarball, gzipped unless told otherwise: for backups
   * (docs/operations.md) and the tests' migrated snapshot (tests/db.ts).
   */
  dumpDataDir?(compression?: 'gzip' | 'none'): Promise<Blob>;
  /**
   * PostgreSQL only: opens the pool's connections now, so the first burst of requests does not pay
   * for connecting (docs/decisions/0040-mail-outbox.md#checkout-under-load), then runs `onEach` in a
   * transaction on every one of them at once (docs/decisions/0040-mail-outbox.md#built-once: the
   * named statements parsed and planned, the backend's caches filled). The server calls it at start.
   */
  warm?(onEach?: (db: Db) => Promise<void>): Promise<void>;
}

const migrationsFolder = path.resolve(process.cwd(), 'drizzle');

/**
 * How long PostgreSQL may keep a request waiting (docs/decisions/0015-database-faults-and-operations.md).
 * PGlite runs inside the process: there is no connection to wait for and its queries run on the
 * event loop, so these apply to PostgreSQL only.
 */
export interface DatabaseTimeouts {
  /** Opening a connection, or waiting for a free one in the pool. */
  connectMs: number;
  /** One statement, lock waits included (server side: statement_timeout, SQLSTATE 57014). */
  statementMs: number;
}

export const DEFAULT_TIMEOUTS: DatabaseTimeouts = { connectMs: 5_000, statementMs: 15_000 };

/**
 * Settings every session of both engines runs with. A table scan under LIMIT (a search's bounded
 * candidates, docs/decisions/0038-search-at-scale.md#bounded-candidates) starts at the table's first
 * page: with synchronized scans PostgreSQL starts a large table's scan where the last one stopped,
 * so each search read other pages (cold ones, from disk) and its 500 candidates changed from run to run.
 */
const SESSION_SETTINGS = { synchronize_seqscans: 'off' } as const;

/** Connections per app instance; several instances share the server's max_connections. */
const POOL_SIZE = 10;

export interface OpenOptions {
  url?: string | undefined;
  dataDir?: string;
  timeouts?: Partial<DatabaseTimeouts>;
  /** PGlite only: start from this dumped data directory (a restore, docs/operations.md). */
  loadDataDir?: Blob;
  /** Sees every statement, transactions' included (tests count a placement's round trips: docs/decisions/0040-mail-outbox.md). */
  logger?: Logger;
  /**
   * PostgreSQL only: keep the pool's connections open once made, rather than closing one idle for
   * 10 s (pg's default), so a burst after a quiet spell does not connect anew. For the server's
   * long-lived pool (server/app.ts); a script's pool should let its process exit.
   */
  keepConnections?: boolean;
}

export async function openDatabase(options: OpenOptions): Promise<DatabaseHandle> {
  if (options.url)
    return openPostgres(options.url, { ...DEFAULT_TIMEOUTS, ...options.timeouts }, options.logger, options.keepConnections ?? false);
  return openPglite(options.dataDir, options.loadDataDir, options.logger);
}

async function openPostgres(url: string, timeouts: DatabaseTimeouts, logger: Logger | undefined, keep: boolean): Promise<DatabaseHandle> {
  const { default: pg } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  // Sums of integer fils come back as bigint/numeric text; parse them as numbers (totals stay far below 2^53).
  pg.types.setTypeParser(20, (v) => Number(v));
  pg.types.setTypeParser(1700, (v) => Number(v));
  const pool = new pg.Pool({
    connectionString: url,
    max: POOL_SIZE,
    // A kept connection is never closed for being idle (the pool keeps at least `min`).
    min: keep ? POOL_SIZE : 0,
    // A server that accepts connections and never answers (hung, half-open network) fails the
    // connection here; a full pool fails the wait for a free connection after the same time.
    connectionTimeoutMillis: timeouts.connectMs,
    // The server cancels a statement that runs or waits on a lock too long (57014) ...
    statement_timeout: timeouts.statementMs,
    // ... and the client gives up on a server that stops answering in the middle of a query.
    query_timeout: timeouts.statementMs + 1_000,
    // A transaction left open by a stuck request releases its locks.
    idle_in_transaction_session_timeout: timeouts.statementMs * 2,
    // Notices a peer that vanished (cable, crash of the host) instead of waiting for TCP's hours.
    keepAlive: true,
    options: Object.entries(SESSION_SETTINGS)
      .map(([name, value]) => `-c ${name}=${value}`)
      .join(' '),
  });
  // An idle connection that the server ends (restart, database dropped) must not crash the process.
  pool.on('error', (error) =>
    console.error(JSON.stringify({ level: 'warn', message: 'idle PostgreSQL connection failed', error: error.message })),
  );
  const db = drizzle({ client: pool, ...(logger ? { logger } : {}) }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    migrate: async () => {
      // Migrations may build indexes or fill tables from a large catalog (a million products):
      // they run on their own connection, without the requests' statement timeout.
      const migrations = new pg.Pool({ connectionString: url, max: 1, connectionTimeoutMillis: timeouts.connectMs });
      try {
        await migrate(drizzle({ client: migrations }) as never, { migrationsFolder });
      } finally {
        await migrations.end();
      }
    },
    close: () => pool.end(),
    async warm(onEach) {
      // Checked out together, so each is a connection of its own, then all given back.
      const clients = await Promise.all(Array.from({ length: POOL_SIZE - pool.totalCount }, () => pool.connect()));
      for (const client of clients) client.release();
      // At once, so each transaction holds a connection of its own.
      if (onEach) await Promise.all(Array.from({ length: POOL_SIZE }, () => db.transaction((tx) => onEach(tx as unknown as Db))));
    },
  };
}

/** dataDir undefined means in-memory (tests). */
async function openPglite(dataDir?: string, loadDataDir?: Blob, logger?: Logger): Promise<DatabaseHandle> {
  const { PGlite, types } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  if (dataDir) fs.mkdirSync(dataDir, { recursive: true });
  const client = new PGlite({
    ...(dataDir ? { dataDir } : {}),
    ...(loadDataDir ? { loadDataDir } : {}),
    extensions: { pg_trgm },
    // PGlite's defaults plus a smaller buffer cache: its WebAssembly memory never shrinks
    // (docs/decisions/0043-memory-bounds.md).
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
    parsers: { [types.INT8]: (v: string) => Number(v), [types.NUMERIC]: (v: string) => Number(v) },
  });
  await client.waitReady;
  // One session for the process: set once.
  for (const [name, value] of Object.entries(SESSION_SETTINGS)) await client.query('select set_config($1, $2, false)', [name, value]);
  const db = drizzle({ client, ...(logger ? { logger } : {}) }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: () => migrate(db as never, { migrationsFolder }),
    close: () => client.close(),
    dumpDataDir: (compression = 'gzip') => client.dumpDataDir(compression),
  };
}
