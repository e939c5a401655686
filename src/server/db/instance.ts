// The application's one database handle, opened on first use and closed on shutdown.
import path from 'node:path';
import { config } from '@/server/config';
import { onShutdown } from '@/server/lifecycle';
import { openDatabase, type DatabaseHandle, type Db } from './client';

let handle: Promise<DatabaseHandle> | undefined;

export function databaseHandle(): Promise<DatabaseHandle> {
  const { DATABASE_URL, DATA_DIR, DB_CONNECT_TIMEOUT_MS, DB_STATEMENT_TIMEOUT_MS } = config();
  if (!handle) {
    const opening = openDatabase({
      url: DATABASE_URL,
      dataDir: path.resolve(DATA_DIR, 'pglite'),
      timeouts: { connectMs: DB_CONNECT_TIMEOUT_MS, statementMs: DB_STATEMENT_TIMEOUT_MS },
    });
    handle = opening;
    // PGlite that failed to open (its folder unreadable) is tried again by the next request.
    opening.catch(() => {
      if (handle === opening) handle = undefined;
    });
    onShutdown('database', closeDatabase, 10);
  }
  return handle;
}

export async function getDb(): Promise<Db> {
  return (await databaseHandle()).db;
}

export async function closeDatabase(): Promise<void> {
  if (!handle) return;
  const opening = handle;
  handle = undefined;
  const h = await opening.catch(() => undefined);
  await h?.close();
}
