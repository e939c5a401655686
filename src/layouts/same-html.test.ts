// The pages the route cache keeps are the same bytes for a guest and a signed-in shopper
// (docs/product.md#personal-parts): they never read the session, and the personal parts (user
// menu, drawer, own review, contact prefill) are filled in by the browser from
// GET /api/session/me. Proved through the built server, on PGlite or, with TEST_DATABASE_URL, on
// a PostgreSQL database of its own: a shopper with a picture, an address and a hidden review of
// the product asks every cached page with their session cookie, and a guest asks the same pages.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { products } from '@/server/db/schema/catalog';
import { freePort } from '../../tests/running-shop';
import { buildIfStale } from '../../scripts/build-if-stale';
import { openDatabase, type DatabaseHandle } from '@/server/db/client';
import { seedCatalog } from '@/server/seed/seed.service';
import { createSession } from '@/server/accounts/session.service';
import { adminQuery, databaseUrl, uniqueDatabaseName } from '../../tests/db';
import { insertUser } from '../../tests/accounts';
import { insertReview } from '../../tests/factories';
import { addressFor } from '../../tests/checkout';

const SHOPPER = { name: 'Zainab Qasimi', email: 'zainab.qasimi.same-html@example.ae', phone: '0559876543' };
const HIDDEN_REVIEW = 'Only Zainab sees this hidden remark';

let child: ChildProcess | undefined;
let exited: Promise<unknown> = Promise.resolve();
let base = '';
let token = '';
let productId = 0;
let cleanup: () => Promise<void> = async () => {};

/** The shop's data: the seeded catalog and the shopper, written before the server starts. */
async function prepare(handle: DatabaseHandle): Promise<void> {
  const { db } = handle;
  await seedCatalog(db);
  const user = await insertUser(db, { ...SHOPPER, profilePicture: '/uploads/avatars/zainab.webp' });
  token = (await createSession(db, user.id, null)).token;
  await addressFor(db, user.id, { phone: SHOPPER.phone });
  const [product] = await db.select({ id: products.id }).from(products).where(eq(products.published, true)).orderBy(products.id).limit(1);
  productId = product!.id;
  await insertReview(db, productId, { userId: user.id, customerName: SHOPPER.name, comments: HIDDEN_REVIEW, hiddenAt: new Date() });
}

beforeAll(async () => {
  buildIfStale(() => {});
  const env: Record<string, string> = {};
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const name = uniqueDatabaseName('personal_same_html');
    await adminQuery(adminUrl, `create database "${name}"`);
    const url = databaseUrl(adminUrl, name);
    const handle = await openDatabase({ url });
    await handle.migrate();
    await prepare(handle);
    await handle.close();
    env.DATABASE_URL = url;
    cleanup = () => adminQuery(adminUrl, `drop database if exists "${name}" with (force)`);
  } else {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-same-html-'));
    const handle = await openDatabase({ dataDir: path.join(dataDir, 'pglite') });
    await handle.migrate();
    await prepare(handle);
    await handle.close();
    env.DATA_DIR = dataDir;
    cleanup = async () => fs.rmSync(dataDir, { recursive: true, force: true });
  }
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  child = spawn(process.execPath, ['--import', 'tsx', 'tests/built-server.ts'], {
    env: { ...process.env, NODE_ENV: 'development', LOG_LEVEL: 'warn', HOST: '127.0.0.1', PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  exited = new Promise((resolve) => child!.on('exit', resolve));
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const check = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('listening')) resolve();
    };
    child!.stdout!.on('data', check);
    child!.stderr!.on('data', check);
    void exited.then(() => reject(new Error(`the built server exited:\n${output}`)));
  });
}, 600_000);

afterAll(async () => {
  if (child && child.exitCode === null) {
    child.kill('SIGKILL');
    await exited;
  }
  await cleanup();
});

/** The cached pages (the cache's route list): home, lists, a product, content pages and contact. */
const pages = () => [
  '/',
  '/store',
  '/store?q=safe',
  '/top-sellings',
  '/new-arrival',
  `/product/${productId}`,
  '/about',
  '/faq',
  '/contact',
  '/terms-and-conditions',
  '/privacy-policy',
  '/cancellation-policy',
  '/shopping-policy',
];

async function page(pathname: string, signedIn: boolean): Promise<{ status: number; html: string }> {
  const response = await fetch(`${base}${pathname}`, { headers: signedIn ? { cookie: `session=${token}` } : {} });
  return { status: response.status, html: await response.text() };
}

describe('the cached pages, as a guest and as a signed-in shopper', () => {
  it('the session is live: /api/session/me knows the shopper by the cookie', async () => {
    const response = await fetch(`${base}/api/session/me?product_id=${productId}&contact=1`, { headers: { cookie: `session=${token}` } });
    const body = (await response.json()) as { data: { signed_in: boolean; user: { name: string }; own_review: { comments: string } } };
    expect(response.status).toBe(200);
    expect(body.data).toMatchObject({ signed_in: true, user: { name: SHOPPER.name }, own_review: { comments: HIDDEN_REVIEW } });
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('are the same bytes, with no trace of the shopper', async () => {
    for (const pathname of pages()) {
      const guest = await page(pathname, false);
      const shopper = await page(pathname, true);
      expect(guest.status, pathname).toBe(200);
      expect(shopper.status, pathname).toBe(200);
      // Compared whole: nothing differs per request by design, so nothing is stripped.
      expect(shopper.html === guest.html, `${pathname} differs for the signed-in shopper`).toBe(true);
      for (const trace of [SHOPPER.name, 'Zainab', SHOPPER.email, SHOPPER.phone, HIDDEN_REVIEW, 'zainab.webp']) {
        expect(shopper.html, `${pathname} shows ${trace}`).not.toContain(trace);
      }
    }
  }, 120_000);

  it('still carry the guest look the browser starts from, and what the browser fills in', async () => {
    const product = await page(`/product/${productId}`, true);
    expect(product.html).toContain('data-user-menu-button');
    expect(product.html).toContain('data-open-login');
    expect(product.html).toContain(`data-me-product="${productId}"`);
    const contact = await page('/contact', true);
    expect(contact.html).toContain('data-me-contact');
  });
});
