// The application's one database handle, opened on first use.
import path from 'node:path';
import { config } from '@/server/config';
import { openDatabase, type DatabaseHandle, type Db } from './client';

let handle: Promise<DatabaseHandle> | undefined;

export function databaseHandle(): Promise<DatabaseHandle> {
  const { DATABASE_URL, DATA_DIR } = config();
  handle ??= openDatabase({ url: DATABASE_URL, dataDir: path.resolve(DATA_DIR, 'pglite') });
  return handle;
}

export async function getDb(): Promise<Db> {
  return (await databaseHandle()).db;
}

export async function closeDatabase(): Promise<void> {
  if (!handle) return;
  const h = await handle;
  handle = undefined;
  await h.close();
}
