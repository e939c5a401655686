// A fresh migrated database for one test file: in-memory PGlite by default, or a new
// PostgreSQL database when TEST_DATABASE_URL is set, so the same tests prove both engines.
import { randomBytes } from 'node:crypto';
import { openDatabase, type DatabaseHandle } from '@/server/db/client';

export interface TestDatabase extends DatabaseHandle {
  /** Drops what was created; call in afterAll. */
  dispose(): Promise<void>;
}

export async function freshDatabase(): Promise<TestDatabase> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const handle = await openDatabase({});
    await handle.migrate();
    return { ...handle, dispose: () => handle.close() };
  }
  const { default: pg } = await import('pg');
  const name = `shop_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ url: url.toString() });
  await handle.migrate();
  return {
    ...handle,
    async dispose() {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists "${name}" with (force)`);
      await cleanup.end();
    },
  };
}
