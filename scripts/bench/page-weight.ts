// JavaScript a page loads before the first interaction: its module scripts, its islands'
// components and renderer, every chunk they import statically, and its inline scripts; gzip
// bytes per file, summed (docs/decisions/0042-page-weight.md). Chunks loaded by a dynamic
// import() (a dialog, the row actions) wait for the interaction that needs them and are not
// counted. The budget: React's runtime (the React renderer's module and its imports: react,
// react-dom, the scheduler) plus 15 KB. Guest pages are weighed on any running shop; the
// signed-in ones (checkout, payment, profile, orders) on a shop of its own with a shopper whose cart
// holds one product and who has placed one order (openSignedInShop, shared with bench/javascript.ts).
// Used by scripts/page-weight.test.ts and, as a bench part, prints the figures:
//   npx tsx scripts/bench/page-weight.ts --url http://127.0.0.1:4321   (guest pages of that shop)
//   npx tsx scripts/bench/page-weight.ts --signed-in [--port PORT]     (its own shop: every page)
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { BenchContext, BenchSection } from './types';
import { freshShopDatabase, prepareShop, startMailSink, startShop } from './shop';
import { benchPort } from './harness';

/** What a page may load beyond React's runtime before the first interaction (gzip bytes). */
export const PAGE_BUDGET_BYTES = 15 * 1024;

/** Guest pages measured: the catalog, the content pages and the cart and wishlist islands. */
export const WEIGHED_PAGES = ['/', '/store', '/store?q=shreder', '/top-sellings', '/product/1', '/cart', '/wishlist', '/contact', '/faq'];

/** Signed-in pages measured, as the shopper of openSignedInShop sees them. */
export const SIGNED_IN_PAGES = ['/cart/checkout-details', '/cart/save-address', '/checkout', '/profile', '/orders', '/order/{id}'] as const;

export interface PageJavaScript {
  /** Gzip bytes, each file compressed on its own (as the server sends it), summed. */
  gzip: number;
  raw: number;
  /** Module URLs, entries and their static imports. */
  modules: string[];
  /** The React renderer's module when the page has a React island. */
  rendererUrl: string | null;
}

const STATIC_IMPORT = /(?:\bfrom|\bimport)\s*["']([^"']+\.js)["']/g;

async function body(url: string, headers: Record<string, string> = {}): Promise<Buffer> {
  // A signed-in page that redirects (to sign in) is not the page: an error, not the sign-in page's weight.
  const response = await fetch(url, { headers, redirect: 'manual' });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return Buffer.from(await response.arrayBuffer());
}

/** Entry modules and everything they import statically, with each file's bytes (one fetch per URL). */
async function closure(entries: string[], cache: Map<string, Buffer>): Promise<string[]> {
  const seen = new Set<string>();
  const queue = [...entries];
  while (queue.length > 0) {
    const url = queue.shift()!;
    if (seen.has(url)) continue;
    seen.add(url);
    let file = cache.get(url);
    if (!file) cache.set(url, (file = await body(url)));
    for (const m of file.toString('utf8').matchAll(STATIC_IMPORT)) queue.push(new URL(m[1]!, url).toString());
  }
  return [...seen];
}

const gzipSize = (data: Buffer | string) => zlib.gzipSync(data, { level: 9 }).length;

/** The JavaScript `page` loads before any interaction, as a guest. */
export async function pageJavaScript(
  base: string,
  page: string,
  cache = new Map<string, Buffer>(),
  headers: Record<string, string> = {},
): Promise<PageJavaScript> {
  const pageUrl = new URL(page, base).toString();
  const html = (await body(pageUrl, headers)).toString('utf8');
  const entries = new Set<string>();
  let rendererUrl: string | null = null;
  for (const m of html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)) entries.add(new URL(m[1]!, pageUrl).toString());
  for (const m of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)) entries.add(new URL(m[1]!, pageUrl).toString());
  for (const m of html.matchAll(/<astro-island[^>]*>/g)) {
    // client:only / client:visible islands still load their component; client:idle too, before any
    // interaction. Only client:interact waits for one (src/client/hydrate-on-interact.ts): its
    // component and renderer are not loaded before it; its inline script is counted below.
    if (/\bclient="interact"/.test(m[0])) continue;
    const component = /component-url="([^"]+)"/.exec(m[0]);
    const renderer = /renderer-url="([^"]+)"/.exec(m[0]);
    if (component) entries.add(new URL(component[1]!, pageUrl).toString());
    if (renderer) entries.add((rendererUrl = new URL(renderer[1]!, pageUrl).toString()));
  }
  const modules = (await closure([...entries], cache)).filter((url) => url.startsWith(new URL(base).origin));
  let gzip = 0;
  let raw = 0;
  for (const url of modules) {
    gzip += gzipSize(cache.get(url)!);
    raw += cache.get(url)!.length;
  }
  for (const m of html.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*type="application\/(?:ld\+)?json")[^>]*>([\s\S]*?)<\/script>/g)) {
    if (m[1]!.trim() === '') continue;
    gzip += gzipSize(m[1]!);
    raw += Buffer.byteLength(m[1]!);
  }
  return { gzip, raw, modules, rendererUrl };
}

/** React's runtime: the React renderer's module and its static imports, gzip bytes. */
export async function reactRuntimeBytes(rendererUrl: string, cache = new Map<string, Buffer>()): Promise<number> {
  const modules = await closure([rendererUrl], cache);
  return modules.reduce((sum, url) => sum + gzipSize(cache.get(url)!), 0);
}

/** A built shop on its own PGlite with one signed-in shopper: a default address, one placed order, one card order awaiting payment, one product in the cart. */
export interface SignedInShop {
  base: string;
  /** The shopper's `cookie` header. */
  cookie: string;
  /** The placed order (cash on delivery): /order/{id}. */
  orderId: number;
  /** A product in stock under 20 kg (the cart holds one: no delivery location form). */
  productId: number;
  stop(): Promise<void>;
}

/** Starts the built shop (scripts/bench/shop.ts) with the shopper of SignedInShop; the caller stops it. */
export async function openSignedInShop(port: number): Promise<SignedInShop> {
  const database = await freshShopDatabase('page_weight', null);
  const mail = await startMailSink();
  const close = async () => {
    await mail.close();
    await database.remove();
  };
  try {
    const prepared = await prepareShop(database, { shoppers: 1 });
    const shopper = prepared.shoppers[0]!;
    const productId = prepared.lightProductIds[0];
    if (productId === undefined) throw new Error('the seeded catalog has no light product in stock');
    // Development mode for the test payment provider (production has card payment only with Stripe's
    // keys): the payment page renders the order awaiting payment. The built files are the same.
    const shop = await startShop(database, { port, smtpUrl: mail.url, env: { NODE_ENV: 'development' } });
    const stop = async () => {
      await shop.stop();
      await close();
    };
    try {
      const headers = { 'content-type': 'application/json', authorization: `Bearer ${shopper.token}` };
      const post = async (path: string, body: object) => {
        const answer = await fetch(`${shop.base}/api/${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
        const json = (await answer.json()) as { data?: { order_id?: number } };
        if (!answer.ok) throw new Error(`${path} answered ${answer.status}: ${JSON.stringify(json)}`);
        return json;
      };
      const addToCart = () => post('products/add-cart', { product_id: productId, quantity: 1 });
      await addToCart();
      const placed = await post('products/cash-delivery', { address_id: shopper.addressId, idempotency_key: `page-weight-${Date.now()}` });
      const orderId = placed.data?.order_id;
      if (typeof orderId !== 'number') throw new Error(`cash-delivery answered no order id: ${JSON.stringify(placed)}`);
      // The order emptied the cart: the checkout pages show one product again. A card order awaiting
      // payment is what the payment page shows (it keeps the cart until paid).
      await addToCart();
      await post('products/place-order', { address_id: shopper.addressId, idempotency_key: `page-weight-card-${Date.now()}` });
      return { base: shop.base, cookie: `session=${shopper.token}`, orderId, productId, stop };
    } catch (error) {
      await stop();
      throw error;
    }
  } catch (error) {
    await close().catch(() => {});
    throw error;
  }
}

/**
 * The React renderer's module as the build names it (`@astrojs/react/client.js` in the server's
 * manifest, dist/server/entry.mjs), for when no weighed page has a React island: the checkout's
 * islands and the popups opened on a click still load it. Null without a build.
 */
export function reactRendererFromBuild(base: string, dist = path.resolve(import.meta.dirname, '../../dist')): string | null {
  let manifest: string;
  try {
    manifest = fs.readFileSync(path.join(dist, 'server/entry.mjs'), 'utf8');
  } catch {
    return null;
  }
  const file = /"@astrojs\/react\/client\.js":"([^"]+)"/.exec(manifest)?.[1];
  return file ? new URL(`/${file}`, base).toString() : null;
}

type WeighedPage = { page: string } & PageJavaScript;

/**
 * Every weighed page's bytes and React's runtime, against a running shop: the guest pages, and
 * with `signedIn` (openSignedInShop's shopper) the signed-in ones too, named as in SIGNED_IN_PAGES.
 */
export async function weighPages(
  base: string,
  signedIn?: Pick<SignedInShop, 'cookie' | 'orderId'>,
): Promise<{ react: number; pages: WeighedPage[] }> {
  const cache = new Map<string, Buffer>();
  const pages: WeighedPage[] = [];
  for (const page of WEIGHED_PAGES) pages.push({ page, ...(await pageJavaScript(base, page, cache)) });
  if (signedIn) {
    for (const page of SIGNED_IN_PAGES) {
      const path = page.replace('{id}', String(signedIn.orderId));
      pages.push({ page, ...(await pageJavaScript(base, path, cache, { cookie: signedIn.cookie })) });
    }
  }
  const renderer = pages.find((p) => p.rendererUrl)?.rendererUrl ?? reactRendererFromBuild(base);
  return { react: renderer ? await reactRuntimeBytes(renderer, cache) : 0, pages };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** The bench part: the guest pages of a running shop (BENCH_URL or the given URL), or every page of a shop of its own (`signedInPort`). */
export async function run(context: BenchContext, options: { url?: string; signedInPort?: number } = {}): Promise<BenchSection> {
  let weighed: Awaited<ReturnType<typeof weighPages>>;
  if (options.signedInPort !== undefined) {
    context.log(`page weight: a shop of its own on port ${options.signedInPort}, with a signed-in shopper`);
    const shop = await openSignedInShop(options.signedInPort);
    try {
      weighed = await weighPages(shop.base, shop);
    } finally {
      await shop.stop();
    }
  } else {
    const base = options.url ?? process.env.BENCH_URL ?? 'http://127.0.0.1:4321';
    context.log(`page weight: ${base}`);
    weighed = await weighPages(base);
  }
  const { react, pages } = weighed;
  return {
    title: 'JavaScript before the first interaction (gzip)',
    figures: [
      { figure: "React's runtime (renderer, react, react-dom)", value: kb(react) },
      ...pages.map((p) => ({
        figure: `${p.page}${p.rendererUrl ? ' (React island)' : ''}`,
        value: kb(p.gzip),
        goal: `<= ${kb(react + PAGE_BUDGET_BYTES)}`,
      })),
    ],
    notes: [
      'Each module the page loads before any interaction (scripts, islands, their static imports, inline scripts), ' +
        'gzip level 9 per file, summed: guest pages with `npx tsx scripts/bench/page-weight.ts --url URL`, ' +
        'and the signed-in ones too (a shopper with one product in the cart and one order) with `--signed-in`.',
    ],
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({ options: { url: { type: 'string' }, 'signed-in': { type: 'boolean' }, port: { type: 'string' } } });
  const section = await run(
    { postgresUrl: null, quick: false, log: (line) => console.error(line) },
    values['signed-in'] ? { signedInPort: values.port ? Number(values.port) : benchPort('javascript') } : { url: values.url },
  );
  console.log(section.title);
  for (const f of section.figures) console.log(`  ${f.figure.padEnd(40)} ${f.value.padStart(9)}${f.goal ? `   (goal ${f.goal})` : ''}`);
}
