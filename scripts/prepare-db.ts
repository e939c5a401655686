// Migrates the configured database and seeds the catalog when it is empty. Exported for
// `npm start`; run alone (`npm run migrate`-like) before `astro dev`. A database that is not up
// yet is waited for with backoff, one line per attempt (docs/decisions/0015-database-faults-and-operations.md).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { config } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { describeDatabase, waitForDatabase } from '../src/server/db/wait';
import { log as jsonLog } from '../src/server/log';
import { seedIfEmpty } from '../src/server/seed/seed.service';

/** Migrations may build indexes over a large catalog: far longer than a request's statement. */
const MIGRATION_STATEMENT_TIMEOUT_MS = 10 * 60_000;

export async function prepareDatabase(log: (line: string) => void = console.log): Promise<void> {
  const { DATABASE_URL, DATA_DIR, DB_CONNECT_TIMEOUT_MS, DB_START_WAIT_MS } = config();
  const dataDir = path.resolve(DATA_DIR, 'pglite');
  const handle = await openDatabase({
    url: DATABASE_URL,
    dataDir,
    timeouts: { connectMs: DB_CONNECT_TIMEOUT_MS, statementMs: MIGRATION_STATEMENT_TIMEOUT_MS },
  });
  try {
    await waitForDatabase(async () => void (await handle.db.execute(sql`select 1`)), {
      target: describeDatabase(DATABASE_URL, dataDir),
      maxWaitMs: DB_START_WAIT_MS,
      log: (line, context) => jsonLog.warn(line, context),
    });
    await handle.migrate();
    const seeded = await seedIfEmpty(handle.db, log);
    log(seeded ? 'Seeded the catalog.' : 'Catalog already present: kept the data.');
  } finally {
    // PGlite is single-process: close before the server opens the same directory.
    await handle.close();
  }
}

/** One clear line instead of a stack trace, for the errors an operator must act on. */
export function exitWithReason(what: string, error: unknown): never {
  const reason = error instanceof Error ? error.message : String(error);
  jsonLog.error(`${what}: ${reason}`);
  process.exit(1);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await prepareDatabase().catch((error: unknown) => exitWithReason('could not prepare the database', error));
}
