// A hung database must fail a request quickly, not hold it (docs/decisions/0015-database-faults-and-operations.md).
// The hung server is a TCP listener started here that accepts connections and never answers; the
// lock wait needs a real PostgreSQL with two app instances (TEST_DATABASE_URL). PGlite runs in
// the process with one connection: nothing there can hang on the network or on another
// connection's lock, so the lock test runs on PostgreSQL only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase, type DatabaseHandle } from './client';
import { databaseFaultKind, isDatabaseUnavailable } from './faults';
import { freshDatabase, type TestDatabase } from '../../../tests/db';
import { closedPort, hungDatabase } from '../../../tests/faults';
import { PGLITE_SHARED_BUFFERS } from '../memory-bounds';

async function failure(run: () => Promise<unknown>): Promise<unknown> {
  try {
    await run();
  } catch (error) {
    return error;
  }
  throw new Error('expected the query to fail');
}

describe('a PostgreSQL that accepts connections and never answers', () => {
  let hung: Awaited<ReturnType<typeof hungDatabase>>;
  let handle: DatabaseHandle;

  beforeAll(async () => {
    hung = await hungDatabase();
    handle = await openDatabase({
      url: `postgres://shop:secret@127.0.0.1:${hung.port}/shop`,
      timeouts: { connectMs: 300, statementMs: 500 },
    });
  });
  afterAll(async () => {
    await handle?.close().catch(() => {});
    await hung?.close();
  });

  it('fails the query with a connection timeout that is recognised as unavailable', { timeout: 10_000 }, async () => {
    const error = await failure(() => handle.db.execute(sql`select 1`));
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(databaseFaultKind(error)).toBe('timeout');
  });

  it('fails every waiting request too, not only the first ones (the pool does not fill up for good)', { timeout: 10_000 }, async () => {
    const results = await Promise.allSettled(Array.from({ length: 25 }, () => handle.db.execute(sql`select 1`)));
    expect(results.every((r) => r.status === 'rejected' && isDatabaseUnavailable(r.reason))).toBe(true);
  });
});

describe('a port where nothing listens', () => {
  it('fails at once as a network fault', { timeout: 10_000 }, async () => {
    const port = await closedPort();
    const handle = await openDatabase({ url: `postgres://shop:secret@127.0.0.1:${port}/shop` });
    const error = await failure(() => handle.db.execute(sql`select 1`));
    await handle.close();
    expect(databaseFaultKind(error)).toBe('network');
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('a table locked by another app instance (PostgreSQL)', () => {
  let first: TestDatabase;
  let second: DatabaseHandle;

  beforeAll(async () => {
    first = await freshDatabase();
    const url = new URL(process.env.TEST_DATABASE_URL!);
    const name = ((await first.db.execute(sql`select current_database() as name`)) as unknown as { rows: { name: string }[] }).rows[0]!
      .name;
    url.pathname = `/${name}`;
    second = await openDatabase({ url: url.toString(), timeouts: { connectMs: 2_000, statementMs: 400 } });
  });
  afterAll(async () => {
    await second?.close();
    await first?.dispose();
  });

  it('cancels the waiting statement (57014) instead of waiting for the lock', { timeout: 15_000 }, async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const holder = first.db.transaction(async (tx) => {
      await tx.execute(sql`lock table products in access exclusive mode`);
      locked();
      await held;
    });
    await isLocked;
    const error = await failure(() => second.db.execute(sql`select id from products limit 1`));
    release();
    await holder;
    expect(databaseFaultKind(error)).toBe('timeout');
    expect((error as { cause?: { code?: string } }).cause?.code).toBe('57014');
    // Once the lock is gone the same instance reads again.
    await expect(second.db.execute(sql`select id from products limit 1`)).resolves.toBeDefined();
  });
});

describe.skipIf(!!process.env.TEST_DATABASE_URL)('PGlite', () => {
  it('opens with the buffer cache of memory-bounds.ts, PGlite’s own start parameters kept', { timeout: 120_000 }, async () => {
    const database = await freshDatabase();
    try {
      const shown = (await database.db.execute(
        sql`select current_setting('shared_buffers') as shared_buffers, current_setting('search_path') as search_path, current_setting('max_worker_processes') as workers`,
      )) as unknown as { rows: Array<{ shared_buffers: string; search_path: string; workers: string }> };
      expect(shown.rows[0]).toEqual({ shared_buffers: PGLITE_SHARED_BUFFERS, search_path: 'public', workers: '0' });
    } finally {
      await database.dispose();
    }
  });
});
