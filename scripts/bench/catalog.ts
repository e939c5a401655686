// A large catalog for the benchmarks (filters, search, the harness): built once, reused while its
// product count matches. PostgreSQL by URL (the database is created when missing), or PGlite in
// a data directory. Building is `npm run seed -- --products N`'s work (src/server/seed), followed
// by VACUUM ANALYZE so the planner and index-only scans see the new rows.
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/client';
import { seedCatalog, wipeCatalog } from '../../src/server/seed/seed.service';

export interface Catalog {
  handle: DatabaseHandle;
  /** False when an existing catalog of the right size was reused. */
  built: boolean;
  /** Time to build (seed, vacuum), in ms; 0 when reused. */
  buildMs: number;
}

const LONG = { statementMs: 3_600_000, connectMs: 10_000 };

async function createDatabaseIfMissing(url: string): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.replace(/^\//, ''));
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`benchmark database names are lower case letters, digits and _ (got ${name})`);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`create database "${name}"`);
  } finally {
    await client.end();
  }
}

async function publishedCount(handle: DatabaseHandle): Promise<number> {
  const result = (await handle.db.execute(sql`select count(*)::int as n from products`)) as unknown as { rows: Array<{ n: number }> };
  return Number(result.rows[0]?.n ?? 0);
}

/**
 * Opens a catalog of `size` products at `target` (a postgres:// URL, or a PGlite data directory),
 * building it when its product count differs, or always with `rebuild` (so that the build is timed).
 * The caller closes `handle`.
 */
export async function ensureCatalog(
  target: string,
  size: number,
  log: (line: string) => void = () => undefined,
  options: { rebuild?: boolean } = {},
): Promise<Catalog> {
  const postgres = /^postgres(ql)?:\/\//.test(target);
  if (postgres) await createDatabaseIfMissing(target);
  const handle = await openDatabase(postgres ? { url: target, timeouts: LONG } : { dataDir: target });
  await handle.migrate();
  if (!options.rebuild && (await publishedCount(handle)) === size) {
    log(`catalog: reusing ${size.toLocaleString('en-US')} products (${postgres ? 'PostgreSQL' : 'PGlite'})`);
    return { handle, built: false, buildMs: 0 };
  }
  log(`catalog: building ${size.toLocaleString('en-US')} products (${postgres ? 'PostgreSQL' : 'PGlite'})`);
  const started = performance.now();
  await wipeCatalog(handle.db);
  await seedCatalog(handle.db, { products: size, log });
  await vacuum(handle, postgres ? target : null);
  const buildMs = Math.round(performance.now() - started);
  log(`catalog: built in ${(buildMs / 1000).toFixed(1)} s`);
  return { handle, built: true, buildMs };
}

/** VACUUM cannot run in a transaction, nor under the pool's statement timeout: one plain connection. */
async function vacuum(handle: DatabaseHandle, url: string | null): Promise<void> {
  if (!url) {
    await handle.db.execute(sql`vacuum analyze products, product_categories`);
    return;
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('vacuum analyze products, product_categories');
  } finally {
    await client.end();
  }
}
