// The API when the database fails (docs/decisions/0015-database-faults-and-operations.md): 503 with
// Retry-After and the catalog's words, nothing of the driver's internals, one log line with the
// fault's kind; the health check reads a real table and says 503 when it cannot.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { freshDatabase, type TestDatabase } from '../../../tests/db';
import { openDatabase, type DatabaseHandle, type Db } from '@/server/db/client';
import { errorTexts } from '@/domain/messages/errors';
import { api } from './index';
import { closedPort } from '../../../tests/faults';

async function call(db: Db, path: string, init?: RequestInit) {
  const response = await api.handle(new Request(`http://localhost/api/${path}`, init), { db });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    text,
    body: JSON.parse(text) as { success: boolean; message: string; data?: Record<string, unknown> },
  };
}

let logged: string[] = [];
afterEach(() => {
  vi.restoreAllMocks();
  logged = [];
});
function captureLogs() {
  const keep = (...args: unknown[]) => void logged.push(args.map(String).join(' '));
  vi.spyOn(console, 'error').mockImplementation(keep);
  vi.spyOn(console, 'log').mockImplementation(keep);
}

describe('with the database down', () => {
  let down: DatabaseHandle;
  beforeAll(async () => {
    down = await openDatabase({ url: `postgres://shop:s3cret-pass@127.0.0.1:${await closedPort()}/shop`, timeouts: { connectMs: 500 } });
  });
  afterAll(async () => {
    await down?.close();
  });

  it('a catalog request answers 503 with Retry-After, in the catalog words, without internals, logged once', async () => {
    captureLogs();
    const r = await call(down.db, 'products/all-product-list?search=someone%40example.com');
    expect(r.status).toBe(503);
    expect(r.headers.get('retry-after')).toBe('30');
    expect(r.body).toMatchObject({ success: false, message: errorTexts.unavailable.api, data: { retry_after: 30 } });
    expect(r.text).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|select|postgres/i);
    const lines = logged.filter((line) => line.includes('database is unavailable'));
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({ level: 'warn', method: 'GET', path: '/api/products/all-product-list', fault: 'network' });
    expect(logged.join('\n')).not.toMatch(/someone@example\.com|s3cret-pass|select /);
  });

  it('health answers 503, uncached', async () => {
    captureLogs();
    const r = await call(down.db, 'health');
    expect(r.status).toBe(503);
    expect(r.headers.get('cache-control')).toBe('no-store');
    expect(r.headers.get('retry-after')).toBe('30');
    expect(r.body).toMatchObject({ success: false, message: errorTexts.health.down, data: { status: 'unavailable' } });
  });
});

describe('with the tables gone', () => {
  let handle: TestDatabase;
  beforeAll(async () => {
    handle = await freshDatabase();
  });
  afterAll(async () => {
    await handle?.dispose();
  });

  it('health is healthy first, then 503 once the products table is gone', async () => {
    expect((await call(handle.db, 'health')).status).toBe(200);
    captureLogs();
    await handle.db.execute(sql`drop table products cascade`);
    const r = await call(handle.db, 'health');
    expect(r.status).toBe(503);
    expect(r.headers.get('cache-control')).toBe('no-store');
    expect(r.body.success).toBe(false);
  });
});

describe('an error that is not the database', () => {
  it('stays a 500', async () => {
    captureLogs();
    const broken = new Proxy(
      {},
      {
        get: () => {
          throw new TypeError('a bug');
        },
      },
    ) as Db;
    const r = await call(broken, 'products/all-product-list');
    expect(r.status).toBe(500);
    expect(r.headers.get('retry-after')).toBeNull();
  });
});
