// A second app instance on a test database: on PostgreSQL its own connection pool on the same
// database, as two servers behind a load balancer; PGlite is single-process, so there the
// "second instance" is the same handle (the test still runs its parallel requests).
import { sql } from 'drizzle-orm';
import { openDatabase, type DatabaseHandle } from '@/server/db/client';
import type { TestDatabase } from './db';

export async function secondInstance(database: TestDatabase): Promise<DatabaseHandle> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (database.kind !== 'postgres' || !adminUrl) return { ...database, close: async () => {} };
  const result = (await database.db.execute(sql`select current_database() as name`)) as unknown as { rows: { name: string }[] };
  const url = new URL(adminUrl);
  url.pathname = `/${result.rows[0]!.name}`;
  return openDatabase({ url: url.toString() });
}
