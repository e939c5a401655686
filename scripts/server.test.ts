// The built shop as it runs in production (docs/decisions/0015-database-faults-and-operations.md):
// a hung database answers 503 pages and API calls quickly; an unexpected error shows the branded
// 500 page and is logged once; the abandoned-order sweeper starts with the server, before any
// request (docs/decisions/0023-composition-root.md); security headers reach the static /_astro/ files too, with HSTS in production only;
// SIGTERM finishes the request in flight, refuses new connections, closes the database, exits 0.
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { buildIfStale } from './build-if-stale';
import { openDatabase } from '../src/server/db/client';
import { errorTexts } from '../src/domain/messages/errors';
import { freshDatabase, type TestDatabase } from '../tests/db';
import { hungDatabase } from '../tests/faults';
import { insertProduct } from '../tests/factories';
import { orderDeps, putInCart, shopper, stockOf } from '../tests/checkout';
import { ORDER_HOLD_MINUTES } from '../src/domain/checkout';
import { orders } from '../src/server/db/schema/orders';
import { placeOrder } from '../src/server/orders/order.service';
import { createTestProvider } from '../src/server/payments/test.provider';
import { startScript, stopBuiltShop, type RunningShop } from '../tests/running-shop';

const BASE_PORT = 4441;

function anAsset(): string {
  const file = fs.readdirSync('dist/client/_astro').find((name) => name.endsWith('.js'));
  if (!file) throw new Error('the build has no /_astro/ script');
  return `/_astro/${file}`;
}

const SECURITY = ['x-content-type-options', 'x-frame-options', 'referrer-policy', 'permissions-policy', 'cross-origin-opener-policy'];

beforeAll(() => buildIfStale(() => {}), 600_000);

describe('production with a database that never answers', () => {
  let hung: Awaited<ReturnType<typeof hungDatabase>>;
  let shop: RunningShop;

  beforeAll(async () => {
    hung = await hungDatabase();
    shop = await startScript(
      'tests/built-server.ts',
      BASE_PORT + 1,
      {
        NODE_ENV: 'production',
        SMTP_URL: 'smtp://127.0.0.1:1',
        DATABASE_URL: `postgres://shop:s3cret-pass@127.0.0.1:${hung.port}/shop`,
        DB_CONNECT_TIMEOUT_MS: '500',
      },
      /listening/,
    );
  }, 120_000);
  afterAll(async () => {
    await stopBuiltShop(shop);
    await hung?.close();
  });

  it('answers a page with the branded 503 page and Retry-After', async () => {
    const response = await fetch(shop.url('/'));
    const html = await response.text();
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('30');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(html).toContain('data-testid="unavailable-notice"');
    expect(html).toContain(errorTexts.unavailable.title);
    // The shop's own shell around it: header and footer.
    expect(html).toContain('id="site-header"');
    expect(html).toContain('<footer');
  });

  it('answers 503, not a 200 cut short, when a component inside the page fails (the listing of /store)', async () => {
    const response = await fetch(shop.url('/store'));
    const html = await response.text();
    expect(response.status).toBe(503);
    expect(html).toContain('data-testid="unavailable-notice"');
    expect(html).toContain('</html>');
  });

  it('answers the API and the health check with 503 JSON, no internals', async () => {
    for (const p of ['/api/health', '/api/products/all-product-list']) {
      const response = await fetch(shop.url(p));
      const text = await response.text();
      expect(response.status, p).toBe(503);
      expect(response.headers.get('retry-after'), p).toBe('30');
      expect(response.headers.get('cache-control'), p).toBe('no-store');
      expect(JSON.parse(text)).toMatchObject({ success: false });
      expect(text).not.toMatch(/timeout|127\.0\.0\.1|select/i);
    }
  });

  it('answers a signed-in API call with 503, not a 401 that would sign the customer out', async () => {
    const response = await fetch(shop.url('/api/user/user-details'), {
      headers: { cookie: 'session=a-well-formed-session-token-0123456789' },
    });
    expect(response.status).toBe(503);
  });

  it('sends the security headers and HSTS on static /_astro/ files too, and frame-ancestors on pages', async () => {
    const asset = await fetch(shop.url(anAsset()));
    expect(asset.status).toBe(200);
    for (const name of SECURITY) expect(asset.headers.get(name), name).toBeTruthy();
    expect(asset.headers.get('strict-transport-security')).toBe('max-age=63072000; includeSubDomains');
    const page = await fetch(shop.url('/faq'));
    expect(page.headers.get('strict-transport-security')).toBe('max-age=63072000; includeSubDomains');
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });

  it('never writes the password to the log', () => {
    expect(shop.output()).not.toContain('s3cret-pass');
  });
});

describe('an unexpected error in a page', () => {
  let shop: RunningShop;
  let dataDir: string;

  beforeAll(async () => {
    // A database whose products table lost a column: not a fault of availability, a bug.
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-broken-'));
    const handle = await openDatabase({ dataDir: path.join(dataDir, 'pglite') });
    await handle.migrate();
    await handle.db.execute(sql`alter table products drop column name cascade`);
    await handle.close();
    shop = await startScript('tests/built-server.ts', BASE_PORT + 2, { DATA_DIR: dataDir }, /listening/);
  }, 120_000);
  afterAll(async () => {
    await stopBuiltShop(shop);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('shows the branded 500 page in the shop shell, without Retry-After', async () => {
    const response = await fetch(shop.url('/product/1'));
    const html = await response.text();
    expect(response.status).toBe(500);
    expect(response.headers.get('retry-after')).toBeNull();
    expect(html).toContain('data-testid="server-error-notice"');
    expect(html).toContain(errorTexts.serverError.title);
    expect(html).toContain('id="site-header"');
  });

  it('logs the failure once, through the logger, with the route and method and no personal data', async () => {
    const before = shop.output().length;
    const response = await fetch(shop.url('/product/1?email=shopper%40example.com'), {
      headers: { cookie: 'session=a-well-formed-session-token-0123456789' },
    });
    expect(response.status).toBe(500);
    await response.text();
    const failures = () =>
      shop
        .output()
        .slice(before)
        .split('\n')
        .filter((line) => line.includes('page failed to render'));
    await vi.waitFor(() => expect(failures()).toHaveLength(1));
    const entry = JSON.parse(failures()[0]!) as Record<string, unknown>;
    expect(entry).toMatchObject({ level: 'error', method: 'GET', route: '/product/[id]' });
    expect(entry.error).toMatchObject({ stack: expect.stringContaining('at ') });
    // Nothing else tells of it: no second line of our own, and not Astro's raw stack either.
    const logged = shop.output().slice(before);
    expect(logged.split('\n').filter((line) => /column|products|\bat /.test(line) && !line.includes('page failed to render'))).toEqual([]);
    expect(logged).not.toMatch(/shopper@example\.com|shopper%40example|a-well-formed-session-token/);
  });
});

describe('the abandoned-order sweeper', () => {
  let shop: RunningShop;
  let dataDir: string;
  let abandoned: { orderId: number; productId: number };

  beforeAll(async () => {
    // An online order left unpaid past its hold, in the folder the shop will serve.
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-sweeper-'));
    const handle = await openDatabase({ dataDir: path.join(dataDir, 'pglite') });
    await handle.migrate();
    const s = await shopper(handle.db);
    const product = await insertProduct(handle.db, { quantity: 10 });
    await putInCart(handle.db, s.user.id, product.id, 3);
    const placedAt = new Date(Date.now() - (ORDER_HOLD_MINUTES + 5) * 60_000);
    const { order } = await placeOrder(
      orderDeps(handle.db, createTestProvider(handle.db), () => placedAt),
      s.user,
      {
        addressId: s.address.id,
        paymentType: 'online',
      },
    );
    expect((await stockOf(handle.db, product.id)).quantity).toBe(7);
    abandoned = { orderId: order.id, productId: product.id };
    await handle.close();
  }, 120_000);
  afterAll(async () => {
    await stopBuiltShop(shop);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('starts with the server and releases an abandoned order before any request arrives', { timeout: 60_000 }, async () => {
    shop = await startScript('tests/built-server.ts', BASE_PORT + 4, { DATA_DIR: dataDir }, /listening/);
    await vi.waitFor(() => expect(shop.output()).toMatch(/released the stock of abandoned orders/), { timeout: 30_000, interval: 100 });
    shop.child.kill('SIGTERM');
    expect(await shop.exited).toBe(0);
    expect(shop.output()).toMatch(/closed the abandoned-order sweeper/);

    const handle = await openDatabase({ dataDir: path.join(dataDir, 'pglite') });
    try {
      expect((await stockOf(handle.db, abandoned.productId)).quantity).toBe(10);
      const [row] = await handle.db.select().from(orders).where(eq(orders.id, abandoned.orderId));
      expect(row?.deliveryStatus).toBe('cancelled');
    } finally {
      await handle.close();
    }
  });
});

// PGlite always; PostgreSQL too when TEST_DATABASE_URL is set (the pool is what closes there).
const engines = [
  { engine: 'PGlite', port: BASE_PORT },
  ...(process.env.TEST_DATABASE_URL ? [{ engine: 'PostgreSQL', port: BASE_PORT + 3 }] : []),
];

describe.each(engines)('npm start on $engine, then SIGTERM', ({ engine, port }) => {
  let shop: RunningShop;
  let dataDir: string;
  let database: TestDatabase | undefined;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-shutdown-'));
    let url = '';
    if (engine === 'PostgreSQL') {
      database = await freshDatabase();
      const name = ((await database.db.execute(sql`select current_database() as name`)) as unknown as { rows: { name: string }[] }).rows[0]!
        .name;
      url = Object.assign(new URL(process.env.TEST_DATABASE_URL!), { pathname: `/${name}` }).toString();
    }
    shop = await startScript('scripts/start.ts', port, { DATA_DIR: dataDir, DATABASE_URL: url }, /is open at/);
  }, 180_000);
  afterAll(async () => {
    await stopBuiltShop(shop);
    await database?.dispose();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('sends the security headers on /_astro/ files, without HSTS outside production', async () => {
    const asset = await fetch(shop.url(anAsset()));
    for (const name of SECURITY) expect(asset.headers.get(name), name).toBeTruthy();
    expect(asset.headers.get('strict-transport-security')).toBeNull();
  });

  it(
    'finishes the request in flight, refuses new connections, closes idle ones and the database, and exits 0',
    { timeout: 60_000 },
    async () => {
      // An idle keep-alive connection, left open by an earlier request.
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      const idleSocket = await new Promise<net.Socket>((resolve, reject) => {
        const request = http.get(shop.url('/api/health'), { agent }, (res) => {
          res.resume();
          res.on('end', () => resolve(request.socket!));
        });
        request.on('error', reject);
      });
      const idleClosed = new Promise<void>((resolve) => idleSocket.once('close', () => resolve()));

      // A request in flight: its body arrives slowly.
      const body = JSON.stringify({ email: 'slow.sender@example.com' });
      const slow = http.request(shop.url('/api/subscriber/add-subscriber'), {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      });
      const answered = new Promise<{ status: number; connection: string | undefined; text: string }>((resolve, reject) => {
        slow.on('response', (res) => {
          let text = '';
          res.on('data', (chunk: Buffer) => (text += chunk.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, text }));
        });
        slow.on('error', reject);
      });
      slow.write(body.slice(0, 10));
      slow.flushHeaders();
      // The server has the request once a health call sent after it is answered (one process, in order).
      expect((await fetch(shop.url('/api/health'))).status).toBe(200);

      const shuttingDown = new Promise<void>((resolve) => {
        const check = () => (/waiting for 1 request in flight/.test(shop.output()) ? resolve() : setTimeout(check, 20));
        check();
      });
      shop.child.kill('SIGTERM');
      await shuttingDown;

      // No new connections...
      await expect(fetch(shop.url('/api/health'))).rejects.toThrow();
      // ...the idle keep-alive one is closed...
      await idleClosed;
      // ...and the one in flight completes.
      slow.end(body.slice(10));
      const result = await answered;
      expect(result.status, result.text).toBe(200);
      expect(result.connection).toBe('close');

      expect(await shop.exited).toBe(0);
      const output = shop.output();
      expect(output).toMatch(/closed the abandoned-order sweeper/);
      expect(output).toMatch(/closed the database/);
      expect(output).not.toMatch(/slow\.sender@example\.com/);
      agent.destroy();
    },
  );
});
