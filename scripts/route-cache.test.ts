// The route cache in the built shop (docs/decisions/0037-route-cache.md): catalog pages and API
// answers are served from memory on the second request; each kind of change shows at once (an
// order's stock on the product page, the lists and the home page; a review's rating; the staff's
// cancel giving stock back); a signed-in visit never leaves a trace for the next guest; errors are
// never cached. With PostgreSQL, two instances on one database: a change through one shows at
// once on the other (LISTEN/NOTIFY), and an instance whose channel dropped starts over empty.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { buildIfStale } from './build-if-stale';
import { openDatabase } from '../src/server/db/client';
import type { Db } from '../src/server/db/client';
import { messages } from '../src/domain/messages';
import { STAFF_COOKIE } from '../src/server/staff/staff-session';
import { SESSION_COOKIE } from '../src/server/accounts/session.service';
import { LISTENER_APPLICATION_NAME } from '../src/server/cache/listener';
import { invalidate } from '../src/server/cache/invalidate';
import { cacheTags } from '../src/server/cache/tags';
import { products } from '../src/server/db/schema/catalog';
import { freshDatabase, type TestDatabase } from '../tests/db';
import { insertProduct, type ProductRow } from '../tests/factories';
import { putInCart, shopper, type Shopper } from '../tests/checkout';
import { signedInCustomer, type Customer } from '../tests/shopping';
import { signedInStaff } from '../tests/staff';
import { startBuiltShop, stopBuiltShop, type RunningShop } from '../tests/running-shop';

beforeAll(() => buildIfStale(() => {}), 600_000);

interface World {
  product: ProductRow;
  untouched: ProductRow;
  buyer: Shopper;
  reviewer: Customer;
  staffToken: string;
}

/** One product with 10 in stock and a shopper with 2 of it in the cart, a reviewer, an admin. */
async function fill(db: Db): Promise<World> {
  const product = await insertProduct(db, { quantity: 10 });
  // Another kind of product: not among the first one's related products, so the order leaves its page alone.
  const untouched = await insertProduct(db, { quantity: 10, productType: 'home' });
  const buyer = await shopper(db);
  await putInCart(db, buyer.user.id, product.id, 2);
  const reviewer = await signedInCustomer(db);
  const { token } = await signedInStaff(db, 'admin');
  return { product, untouched, buyer, reviewer, staffToken: token };
}

async function get(shop: RunningShop, p: string, headers: Record<string, string> = {}) {
  const response = await fetch(shop.url(p), { headers: { 'accept-encoding': 'br, gzip', ...headers } });
  return { status: response.status, cache: response.headers.get('x-astro-cache'), headers: response.headers, body: await response.text() };
}

async function post(shop: RunningShop, p: string, cookie: string, body: unknown) {
  const response = await fetch(shop.url(p), {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as { data: Record<string, unknown> };
  expect(response.status, JSON.stringify(json)).toBeLessThan(300);
  return json.data;
}

/**
 * With PostgreSQL an instance caches nothing until it listens for invalidations (a moment after it
 * starts): wait until a content page is kept.
 */
async function listening(shop: RunningShop): Promise<void> {
  for (let attempt = 0; attempt < 150; attempt++) {
    if ((await get(shop, '/faq')).cache === 'HIT') return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the shop does not cache after 15 s:\n${shop.output()}`);
}

const stockText = (n: number) => messages.product.inStock(n);
const reviewCount = (html: string) => Number(/"reviewCount":(\d+)/.exec(html)?.[1] ?? 0);

/**
 * The behaviour, on one instance (`a` is `b`) or two: changes go through `a`, and `b` must show
 * them. Across instances the notification travels over PostgreSQL, so `b` is asked again until it
 * does (a few milliseconds); on one instance the first answer after the change must show it.
 */
function routeCacheBehaviour(setup: () => { a: RunningShop; b: RunningShop; world: World }) {
  const shows = async (check: () => Promise<void>) => {
    const { a, b } = setup();
    if (a === b) return check();
    await expect
      .poll(
        async () =>
          check().then(
            () => true,
            () => false,
          ),
        { timeout: 5_000, interval: 50 },
      )
      .toBe(true);
  };

  it('serves a catalog page and a catalog API answer from memory on the second request, compressed, on every instance', async () => {
    const { a, b, world } = setup();
    for (const shop of new Set([a, b])) {
      const page = `/product/${world.product.id}`;
      const first = await get(shop, page);
      expect(first.status).toBe(200);
      expect(first.body).toContain(stockText(10));
      const second = await get(shop, page);
      expect(second.cache).toBe('HIT');
      expect(second.headers.get('content-encoding')).toBe('br');
      expect(second.headers.get('cache-control')).toBe('public, no-cache');
      expect(second.headers.get('set-cookie')).toBeNull();
      expect(second.headers.get('cache-tag')).toBeNull();
      expect(second.body).toBe(first.body);
      const api = `/api/products/product-view?product_id=${world.product.id}`;
      await get(shop, api);
      expect((await get(shop, api)).cache).toBe('HIT');
      // A 304 for a browser that still holds the same copy.
      const revalidated = await fetch(shop.url(page), { headers: { 'if-none-match': second.headers.get('etag')! } });
      expect(revalidated.status).toBe(304);
    }
  });

  it('renders a signed-in visit as a guest: no Set-Cookie, no trace of the shopper for the next visitor', async () => {
    const { a, world } = setup();
    const page = `/product/${world.untouched.id}`;
    const cookie = `${SESSION_COOKIE}=${world.buyer.token}`;
    const signedIn = await get(a, page, { cookie });
    expect(signedIn.status).toBe(200);
    expect(signedIn.headers.get('set-cookie')).toBeNull();
    const guest = await get(a, page);
    expect(guest.cache).toBe('HIT');
    for (const html of [signedIn.body, guest.body]) {
      expect(html).not.toContain(world.buyer.row.email);
      expect(html).not.toContain(world.buyer.user.name);
    }
  });

  it('never caches an error or a missing product', async () => {
    const { a } = setup();
    for (const p of ['/product/2147483000', '/api/products/product-view?product_id=2147483000']) {
      const first = await get(a, p);
      expect(first.status, p).toBe(404);
      const second = await get(a, p);
      expect(second.status, p).toBe(404);
      expect(second.cache, p).toBeNull();
    }
  });

  it('an order through one instance: the product page, the API, the lists and the home page show the new stock', async () => {
    const { a, b, world } = setup();
    const page = `/product/${world.product.id}`;
    const api = `/api/products/product-view?product_id=${world.product.id}`;
    for (const p of [page, api, '/', '/top-sellings']) {
      await get(b, p);
      expect((await get(b, p)).cache, p).toBe('HIT');
    }
    const untouched = `/product/${world.untouched.id}`;
    await get(b, untouched);
    const order = await post(a, '/api/products/cash-delivery', `${SESSION_COOKIE}=${world.buyer.token}`, {
      address_id: world.buyer.address.id,
      payment_type: 'cash_on_delivery',
    });
    expect(order.order_id).toEqual(expect.any(Number));
    await shows(async () => {
      const after = await get(b, page);
      expect(after.cache).not.toBe('HIT');
      expect(after.body).toContain(stockText(8));
    });
    expect(((await get(b, api)).body.match(/"quantity":(\d+)/) ?? [])[1]).toBe('8');
    // The home page and the top sellers list (units sold moved) are rendered again; a product the order did not touch is not.
    expect((await get(b, '/')).cache).not.toBe('HIT');
    expect((await get(b, '/top-sellings')).cache).not.toBe('HIT');
    expect((await get(b, untouched)).cache).toBe('HIT');
  });

  it("the staff's cancel through one instance gives the stock back on the product page", async () => {
    const { a, b, world } = setup();
    const staffCookie = `${STAFF_COOKIE}=${world.staffToken}`;
    const orders = (await fetch(a.url('/api/admin/orders?q=&page=1&per_page=25'), { headers: { cookie: staffCookie } }).then((r) =>
      r.json(),
    )) as { data: { data: { id: number }[] } };
    const rows = orders.data.data;
    expect(rows.length).toBeGreaterThan(0);
    const id = rows[0]!.id;
    const view = (await fetch(a.url(`/api/admin/orders/${id}`), { headers: { cookie: staffCookie } }).then((r) => r.json())) as {
      data: { version: number };
    };
    const page = `/product/${world.product.id}`;
    await get(b, page);
    expect((await get(b, page)).body).toContain(stockText(8));
    await post(a, `/api/admin/orders/${id}/status`, staffCookie, { to: 'cancelled', version: view.data.version });
    await shows(async () => expect((await get(b, page)).body).toContain(stockText(10)));
  });

  it('a review through one instance: the product page shows the new rating and count', async () => {
    const { a, b, world } = setup();
    const page = `/product/${world.product.id}`;
    await get(b, page);
    const before = await get(b, page);
    expect(before.cache).toBe('HIT');
    expect(reviewCount(before.body)).toBe(0);
    await post(a, '/api/products/add-review', `${SESSION_COOKIE}=${world.reviewer.token}`, {
      product_id: world.product.id,
      rating: 4,
      comments: 'Solid and well made',
    });
    await shows(async () => expect(reviewCount((await get(b, page)).body)).toBe(1));
  });
}

describe('the route cache on one instance (PGlite)', () => {
  let shop: RunningShop;
  let world: World;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-route-cache-'));
    const handle = await openDatabase({ dataDir: path.join(dataDir, 'pglite') });
    await handle.migrate();
    world = await fill(handle.db);
    await handle.close();
    shop = await startBuiltShop({ DATA_DIR: dataDir });
  }, 120_000);
  afterAll(async () => {
    await stopBuiltShop(shop);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  routeCacheBehaviour(() => ({ a: shop, b: shop, world }));
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('the route cache on two instances of one database (PostgreSQL only)', () => {
  let database: TestDatabase;
  let a: RunningShop;
  let b: RunningShop;
  let world: World;

  beforeAll(async () => {
    database = await freshDatabase();
    world = await fill(database.db);
    const result = (await database.db.execute(sql`select current_database() as name`)) as unknown as { rows: { name: string }[] };
    const name = result.rows[0]!.name;
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${name}`;
    [a, b] = await Promise.all([startBuiltShop({ DATABASE_URL: url.toString() }), startBuiltShop({ DATABASE_URL: url.toString() })]);
    await Promise.all([listening(a), listening(b)]);
  }, 120_000);
  afterAll(async () => {
    await Promise.all([stopBuiltShop(a), stopBuiltShop(b)]);
    await database?.dispose();
  });

  routeCacheBehaviour(() => ({ a, b, world }));

  it('a change made by a third process (a script, a job) reaches both instances', async () => {
    const page = `/product/${world.untouched.id}`;
    for (const shop of [a, b]) {
      await get(shop, page);
      expect((await get(shop, page)).cache).toBe('HIT');
    }
    await database.db.update(products).set({ quantity: 3 }).where(eq(products.id, world.untouched.id));
    await invalidate(database.db, [cacheTags.product(world.untouched.id)]);
    for (const shop of [a, b])
      await expect.poll(async () => (await get(shop, page)).body.includes(stockText(3)), { timeout: 5_000, interval: 50 }).toBe(true);
  });

  it('an instance whose listening connection dropped reconnects and starts over with an empty cache', async () => {
    const page = `/product/${world.product.id}`;
    await get(a, page);
    expect((await get(a, page)).cache).toBe('HIT');
    await database.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = ${LISTENER_APPLICATION_NAME} and datname = current_database()`,
    );
    const seen: (string | null)[] = [];
    // Until it listens again the cache is bypassed; once it does, the page is rendered afresh and then kept.
    await expect
      .poll(
        async () => {
          const { cache } = await get(a, page);
          seen.push(cache);
          return seen.length >= 2 && cache === 'HIT' && seen.some((c) => c !== 'HIT');
        },
        { timeout: 15_000, interval: 100 },
      )
      .toBe(true);
    expect(a.output()).toContain('invalidation channel lost');
    await listening(b);
  });
});
