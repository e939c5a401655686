// A fresh migrated database for one test file: in-memory PGlite by default, or a new
// PostgreSQL database when TEST_DATABASE_URL is set, so the same tests prove both engines.
//
// Migrating costs every file the same work, so it is done once per vitest run
// (tests/db-setup.ts, the config's globalSetup) and each file starts from the result
// (docs/decisions/0024-fast-tests.md):
// - PGlite: the migrated data directory, dumped to a file; each file loads it (`loadDataDir`).
// - PostgreSQL: a migrated template database; each file is `create database … template …`.
// Outside vitest (scripts/bench-rate-limit.ts) nothing is prepared, and each database migrates itself.
import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import { openDatabase, type DatabaseHandle, type Db, type OpenOptions } from '@/server/db/client';

export interface TestDatabase extends DatabaseHandle {
  /** Drops what was created; call in afterAll. */
  dispose(): Promise<void>;
}

/** Set by tests/db-setup.ts: the dumped, migrated PGlite data directory (a tarball). */
export const PGLITE_SNAPSHOT_ENV = 'TEST_PGLITE_SNAPSHOT';
/** Set by tests/db-setup.ts: the migrated PostgreSQL template database's name. */
export const POSTGRES_TEMPLATE_ENV = 'TEST_POSTGRES_TEMPLATE';

/** The admin connection string with another database in its path. */
export function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs statements on the admin database (create and drop database cannot run in a transaction). */
export async function adminQuery(adminUrl: string, ...statements: string[]): Promise<void> {
  const { default: pg } = await import('pg');
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    for (const statement of statements) await admin.query(statement);
  } finally {
    await admin.end();
  }
}

export function uniqueDatabaseName(prefix: string): string {
  return `${prefix}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
}

/** `options.logger` sees every statement (a test that counts round trips). */
export async function freshDatabase(options: Pick<OpenOptions, 'logger'> = {}): Promise<TestDatabase> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) return freshPglite(options);
  const name = uniqueDatabaseName('shop_test');
  const template = process.env[POSTGRES_TEMPLATE_ENV];
  await adminQuery(adminUrl, template ? `create database "${name}" template "${template}"` : `create database "${name}"`);
  const handle = await openDatabase({ url: databaseUrl(adminUrl, name), ...options });
  if (!template) await handle.migrate();
  return {
    ...handle,
    async dispose() {
      await handle.close();
      await adminQuery(adminUrl, `drop database if exists "${name}" with (force)`);
    },
  };
}

let snapshot: Blob | undefined;

async function freshPglite(options: Pick<OpenOptions, 'logger'>): Promise<TestDatabase> {
  const file = process.env[PGLITE_SNAPSHOT_ENV];
  if (file && !snapshot) snapshot = new Blob([fs.readFileSync(file)]);
  const handle = await openDatabase({ ...options, ...(snapshot ? { loadDataDir: snapshot } : {}) });
  if (!snapshot) await handle.migrate();
  return { ...handle, dispose: () => handle.close() };
}

/** A test file's database, ready once its beforeAll has run (reading it earlier throws). */
export interface FreshDatabase {
  readonly handle: TestDatabase;
  readonly db: Db;
}

/**
 * The usual test file's setup: a fresh database before its tests (beforeAll), disposed after
 * them (afterAll). `onReady` runs in that beforeAll, for files that keep the database in their own
 * variables or fill it before their tests; `timeoutMs` replaces the hook timeout for a long one.
 */
export function useFreshDatabase(onReady?: (database: TestDatabase) => void | Promise<void>, timeoutMs?: number): FreshDatabase {
  let current: TestDatabase | undefined;
  const ready = (): TestDatabase => {
    if (!current) throw new Error('the test database is ready only once beforeAll has run');
    return current;
  };
  beforeAll(async () => {
    current = await freshDatabase();
    await onReady?.(current);
  }, timeoutMs);
  afterAll(async () => {
    await current?.dispose();
  });
  return {
    get handle() {
      return ready();
    },
    get db() {
      return ready().db;
    },
  };
}
