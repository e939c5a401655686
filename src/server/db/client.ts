// One connection factory for both engines (D1): PGlite in DATA_DIR by default,
// PostgreSQL when a URL is given. The same migrations run on both.
import path from 'node:path';
import fs from 'node:fs';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';

export type Db = PgDatabase<PgQueryResultHKT>;

export interface DatabaseHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = path.resolve(process.cwd(), 'drizzle');

export async function openDatabase(options: { url?: string | undefined; dataDir?: string }): Promise<DatabaseHandle> {
  if (options.url) return openPostgres(options.url);
  return openPglite(options.dataDir);
}

async function openPostgres(url: string): Promise<DatabaseHandle> {
  const { default: pg } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  // Sums of integer fils come back as bigint/numeric text; parse them as numbers (totals stay far below 2^53).
  pg.types.setTypeParser(20, (v) => Number(v));
  pg.types.setTypeParser(1700, (v) => Number(v));
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle connection that the server ends (restart, database dropped) must not crash the process.
  pool.on('error', (error) => console.error(JSON.stringify({ level: 'warn', message: 'idle PostgreSQL connection failed', error: error.message })));
  const db = drizzle({ client: pool }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    migrate: () => migrate(db as never, { migrationsFolder }),
    close: () => pool.end(),
  };
}

/** dataDir undefined means in-memory (tests). */
async function openPglite(dataDir?: string): Promise<DatabaseHandle> {
  const { PGlite, types } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  if (dataDir) fs.mkdirSync(dataDir, { recursive: true });
  const client = new PGlite({
    ...(dataDir ? { dataDir } : {}),
    extensions: { pg_trgm },
    parsers: { [types.INT8]: (v: string) => Number(v), [types.NUMERIC]: (v: string) => Number(v) },
  });
  await client.waitReady;
  const db = drizzle({ client }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: () => migrate(db as never, { migrationsFolder }),
    close: () => client.close(),
  };
}
