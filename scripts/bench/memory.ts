// Benchmark part `memory` (npm run bench -- --only memory): the server's resident memory after a
// mixed load, on PostgreSQL and on PGlite (issue 14's goals: under 400 MB on PostgreSQL, under
// 600 MB on PGlite, no growth from round to round). The built shop runs as `npm start` runs it
// (production mode, its own database seeded with the default catalog); autocannon sends 50
// connections for 60 s per round, five rounds against the same process, split into four parallel
// streams as shoppers use the shop: catalog pages, search and the catalog API, the cart and
// wishlist of signed-in shoppers, and cash-on-delivery checkouts. After each round the part reads
// VmRSS (and at the end VmHWM, the peak) from /proc.
import autocannon from 'autocannon';
import { benchPort, mib } from './harness';
import {
  freshShopDatabase,
  inspectorMemory,
  memoryAfterGc,
  prepareShop,
  processMemory,
  startMailSink,
  startShop,
  type PreparedShop,
  type Shopper,
} from './shop';
import type { BenchContext, BenchFigure, BenchSection } from './types';

const GOAL_MIB = { postgres: 400, pglite: 600 } as const;
/** Shoppers per signed-in stream: enough that no two connections share a cart at once. */
const SHOPPERS_PER_STREAM = 40;

interface Stream {
  name: string;
  connections: number;
  requests: autocannon.Request[];
}

const SEARCHES = [
  'fire saf',
  'shreder',
  'vault door',
  'filing cabinet',
  'laminat',
  'currency counter',
  'safe 50',
  'whiteboard',
  'mobile shelv',
  'burglary',
];

/** Round-robin over a pool of shoppers, one per request pipeline (kept in autocannon's per-pipeline context). */
function shopperPicker(pool: Shopper[]): (context: object) => Shopper {
  let next = 0;
  return (context) => {
    const held = context as { shopper?: Shopper };
    held.shopper ??= pool[next++ % pool.length]!;
    return held.shopper;
  };
}

function json(shopper: Shopper, body: unknown): Pick<autocannon.Request, 'headers' | 'body' | 'method'> {
  return {
    method: 'POST',
    headers: { authorization: `Bearer ${shopper.token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  };
}

function bearerGet(shopper: Shopper, path: string): Pick<autocannon.Request, 'headers' | 'method' | 'path'> {
  return { method: 'GET', path, headers: { authorization: `Bearer ${shopper.token}` } };
}

/** The four streams of the mixed load, 50 connections in all. */
export function mixedLoad(prepared: PreparedShop): Stream[] {
  const products = prepared.productIds.slice(0, 20);
  if (products.length === 0) throw new Error('the seeded catalog has no product in stock');
  if (prepared.shoppers.length < 2 * SHOPPERS_PER_STREAM) throw new Error(`the load needs ${2 * SHOPPERS_PER_STREAM} shoppers`);
  const product = (n: number) => products[n % products.length]!;
  const lights = prepared.lightProductIds.slice(0, 20);
  if (lights.length === 0) throw new Error('the seeded catalog has no product under 20 kg');
  const light = (n: number) => lights[n % lights.length]!;
  const pick = (context: object) => (context as { product: number }).product;
  const cartShopper = shopperPicker(prepared.shoppers.slice(0, SHOPPERS_PER_STREAM));
  const checkoutShopper = shopperPicker(prepared.shoppers.slice(SHOPPERS_PER_STREAM, 2 * SHOPPERS_PER_STREAM));
  let turn = 0;
  const get = (path: string): autocannon.Request => ({ method: 'GET', path, headers: { 'accept-encoding': 'br, gzip' } });
  return [
    {
      name: 'pages',
      connections: 20,
      requests: [
        get('/'),
        get('/store'),
        get('/store?product-type=office&price=1000-10000'),
        get(`/product/${product(0)}`),
        get(`/product/${product(7)}`),
        get('/top-sellings'),
        get('/new-arrival'),
        get('/faq'),
      ],
    },
    {
      name: 'search and catalog API',
      connections: 15,
      requests: [
        {
          method: 'GET',
          setupRequest: (req) => ({
            ...req,
            path: `/api/products/all-product-list?search=${encodeURIComponent(SEARCHES[turn++ % SEARCHES.length]!)}&limit=12`,
          }),
        },
        { method: 'GET', setupRequest: (req) => ({ ...req, path: `/store?q=${encodeURIComponent(SEARCHES[turn++ % SEARCHES.length]!)}` }) },
        get('/api/products/all-product-list?page=1&limit=12'),
        { method: 'GET', setupRequest: (req) => ({ ...req, path: `/api/products/product-view?product_id=${product(turn++)}` }) },
        get('/api/category/filter-category'),
      ],
    },
    {
      // Each pipeline: one shopper adds a product, reads the cart, takes it out again; the same
      // with the wishlist. The cart and wishlist stay small, as a shopper's do.
      name: 'cart and wishlist (signed in)',
      connections: 10,
      requests: [
        {
          setupRequest: (req, context) => {
            (context as { product?: number }).product = product(turn++);
            return { ...req, path: '/api/products/add-cart', ...json(cartShopper(context), { product_id: pick(context), quantity: 1 }) };
          },
        },
        { setupRequest: (req, context) => ({ ...req, ...bearerGet(cartShopper(context), '/api/products/cart-list') }) },
        {
          setupRequest: (req, context) => ({
            ...req,
            path: '/api/products/productwise-cart-delete',
            ...json(cartShopper(context), { product_id: pick(context) }),
          }),
        },
        {
          setupRequest: (req, context) => ({
            ...req,
            path: '/api/products/add-wishlist',
            ...json(cartShopper(context), { product_id: pick(context) }),
          }),
        },
        { setupRequest: (req, context) => ({ ...req, ...bearerGet(cartShopper(context), '/api/products/wishlist') }) },
        {
          setupRequest: (req, context) => ({
            ...req,
            path: '/api/products/remove-wishlist',
            ...json(cartShopper(context), { product_id: pick(context) }),
          }),
        },
      ],
    },
    {
      // Each pipeline: a shopper puts one light product in the cart and places the order.
      name: 'checkout (cash on delivery)',
      connections: 5,
      requests: [
        {
          setupRequest: (req, context) => ({
            ...req,
            path: '/api/products/add-cart',
            ...json(checkoutShopper(context), { product_id: light(turn++), quantity: 1 }),
          }),
        },
        {
          setupRequest: (req, context) => {
            const shopper = checkoutShopper(context);
            return {
              ...req,
              path: '/api/products/cash-delivery',
              ...json(shopper, { address_id: shopper.addressId, payment_type: 'cash_on_delivery' }),
            };
          },
        },
      ],
    },
  ];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The largest RSS seen during a round, and what the process was made of at the sample nearest to it. */
interface PeakSample {
  rss: number;
  heapTotal: number;
  external: number;
  arrayBuffers: number;
}

/**
 * While `work` runs: VmRSS from /proc every 200 ms (cheap) and `process.memoryUsage()` through the
 * inspector every 2 s (V8's heap, and `external`: buffers and WebAssembly memory). RSS above heap and
 * external is native memory: code, malloc (compression, the database driver), threads.
 */
async function samplePeak<T>(pid: number, inspector: string, work: Promise<T>): Promise<{ result: T; peak: PeakSample }> {
  let peak: PeakSample = { rss: 0, heapTotal: 0, external: 0, arrayBuffers: 0 };
  let last = { heapTotal: 0, external: 0, arrayBuffers: 0 };
  let done = false;
  const rssTimer = setInterval(() => {
    try {
      const { rss } = processMemory(pid);
      if (rss > peak.rss) peak = { rss, ...last };
    } catch {
      // the process ended: the round reports it
    }
  }, 200);
  const usage = (async () => {
    while (!done) {
      const m = await inspectorMemory(inspector, { collectGarbage: false }).catch(() => null);
      if (m) last = { heapTotal: m.heapTotal, external: m.external, arrayBuffers: m.arrayBuffers };
      await sleep(2_000);
    }
  })();
  try {
    return { result: await work, peak };
  } finally {
    done = true;
    clearInterval(rssTimer);
    await usage;
  }
}

interface RoundResult {
  peak: PeakSample;
  rss: number;
  /** After a full garbage collection (through the inspector): V8's heap in use, and buffers and WebAssembly memory outside it. */
  heapUsed: number;
  external: number;
  requests: number;
  /** Answers by status code (autocannon counts an answer after the round's end as none). */
  statuses: Map<number, number>;
  /** Timeouts (no answer within 30 s) and connection errors. */
  errors: number;
  byStream: string[];
}

async function loadRound(
  base: string,
  streams: Stream[],
  seconds: number,
): Promise<Omit<RoundResult, 'peak' | 'rss' | 'heapUsed' | 'external'>> {
  const results = await Promise.all(
    streams.map((s) => autocannon({ url: base, connections: s.connections, duration: seconds, requests: s.requests, timeout: 30 })),
  );
  const totals = { requests: 0, statuses: new Map<number, number>(), errors: 0, byStream: [] as string[] };
  results.forEach((r, i) => {
    const stats = (r as { statusCodeStats?: Record<string, { count: number }> }).statusCodeStats ?? {};
    for (const [code, { count }] of Object.entries(stats))
      totals.statuses.set(Number(code), (totals.statuses.get(Number(code)) ?? 0) + count);
    totals.requests += r.requests.total;
    totals.errors += r.errors;
    totals.byStream.push(
      `${streams[i]!.name}: ${r.requests.total} answers (${statusText(stats)}), ${r.errors} errors, latency p50 ${r.latency.p50} ms p99 ${r.latency.p99} ms`,
    );
  });
  return totals;
}

function statusText(stats: Record<string, { count: number }> | Map<number, number>): string {
  const entries = stats instanceof Map ? [...stats] : Object.entries(stats).map(([code, { count }]) => [Number(code), count] as const);
  return entries.length === 0
    ? 'none'
    : entries
        .sort(([a], [b]) => a - b)
        .map(([code, count]) => `${code}: ${count}`)
        .join(', ');
}

const signed = (bytes: number) => {
  const whole = Math.round(bytes / 2 ** 20);
  return `${whole < 0 ? '-' : '+'}${Math.abs(whole)} MiB`;
};

async function measureEngine(
  engine: 'postgres' | 'pglite',
  adminUrl: string | null,
  context: BenchContext,
  plan: { rounds: number; seconds: number },
): Promise<BenchFigure[]> {
  const label = engine === 'postgres' ? 'PostgreSQL' : 'PGlite';
  const database = await freshShopDatabase('memory', engine === 'postgres' ? adminUrl : null);
  const mail = await startMailSink();
  try {
    context.log(`${label}: seeding the default catalog and ${2 * SHOPPERS_PER_STREAM} shoppers`);
    const prepared = await prepareShop(database, { shoppers: 2 * SHOPPERS_PER_STREAM, plentifulStock: true });
    const shop = await startShop(database, {
      port: benchPort(engine === 'postgres' ? 'memory-postgres' : 'memory-pglite'),
      smtpUrl: mail.url,
      inspect: true,
    });
    try {
      const idle = processMemory(shop.pid).rss;
      const streams = mixedLoad(prepared);
      const rounds: RoundResult[] = [];
      for (let round = 1; round <= plan.rounds; round++) {
        const { result: load, peak: sampled } = await samplePeak(shop.pid, shop.inspector!, loadRound(shop.base, streams, plan.seconds));
        // Let the requests' tail and the mails after them finish before reading.
        await sleep(2_000);
        const rss = processMemory(shop.pid).rss;
        const { heapUsed, external } = await memoryAfterGc(shop.inspector!);
        rounds.push({ ...load, peak: sampled, rss, heapUsed, external });
        context.log(
          `${label} round ${round}/${plan.rounds}: RSS ${mib(rss)}, after GC heap ${mib(heapUsed)} external ${mib(external)}; ${load.byStream.join('; ')}`,
        );
      }
      const { peak } = processMemory(shop.pid);
      const goal = `< ${GOAL_MIB[engine]} MiB`;
      // The first round warms up (code, pools, caches); growth counts from the second, or from the
      // first when there are only two rounds (--quick).
      const from = rounds.length >= 3 ? 2 : 1;
      const second = rounds[from - 1]!;
      const last = rounds[rounds.length - 1]!;
      const totalRequests = rounds.reduce((n, r) => n + r.requests, 0);
      const statuses = new Map<number, number>();
      for (const r of rounds) for (const [code, count] of r.statuses) statuses.set(code, (statuses.get(code) ?? 0) + count);
      const seconds = plan.rounds * plan.seconds;
      return [
        { figure: `${label}: RSS idle, before the load`, value: mib(idle) },
        { figure: `${label}: RSS after each round`, value: rounds.map((r) => mib(r.rss)).join(', '), goal },
        { figure: `${label}: peak RSS (VmHWM)`, value: mib(peak), goal },
        {
          figure: `${label}: highest RSS sampled in each round: V8 heap total / external (of it array buffers) / the rest (native: code, malloc, threads)`,
          value: rounds
            .map(
              (r) =>
                `${mib(r.peak.rss)}: ${mib(r.peak.heapTotal)} / ${mib(r.peak.external)} (${mib(r.peak.arrayBuffers)}) / ${mib(r.peak.rss - r.peak.heapTotal - r.peak.external)}`,
            )
            .join('; '),
        },
        {
          figure: `${label}: after a full GC, V8 heap used / external (buffers, WebAssembly) after each round`,
          value: rounds.map((r) => `${mib(r.heapUsed)} / ${mib(r.external)}`).join(', '),
        },
        {
          figure: `${label}: growth from round ${from} to round ${rounds.length}`,
          value:
            rounds.length >= 2
              ? `RSS ${signed(last.rss - second.rss)}, heap after GC ${signed(last.heapUsed - second.heapUsed)}`
              : 'one round only',
          goal: 'about 0 (no leak)',
        },
        {
          figure: `${label}: answers in ${seconds} s (rate), by status; errors`,
          value: `${totalRequests} (${Math.round(totalRequests / seconds)}/s), ${statusText(statuses)}; ${rounds.reduce((n, r) => n + r.errors, 0)} errors (timeouts after 30 s included)`,
        },
      ];
    } finally {
      await shop.stop();
    }
  } finally {
    await mail.close();
    await database.remove();
  }
}

export async function run(context: BenchContext): Promise<BenchSection> {
  const plan = context.quick ? { rounds: 2, seconds: 10 } : { rounds: 5, seconds: 60 };
  const figures: BenchFigure[] = [];
  const notes = [
    `The built shop started as \`npm start\` starts it (production mode, mail to a local SMTP sink), on its own database with the default catalog, stock raised so checkouts never run out, and ${2 * SHOPPERS_PER_STREAM} signed-in shoppers with a default address.`,
    `Each round: autocannon, 50 connections for ${plan.seconds} s in four parallel streams: 20 on catalog pages (home, store with and without filters, products, lists, FAQ), 15 on search and the catalog API, 10 signed-in shoppers adding a product to the cart and the wishlist, reading them and taking it out again, 5 placing cash-on-delivery orders (a product under 20 kg in the cart, then the order). ${plan.rounds} rounds against the same server process; RSS is VmRSS from /proc two seconds after each round, the peak VmHWM; then a full garbage collection through the server's inspector (\`--inspect\` on a random local port) and \`process.memoryUsage()\`: what stays after a collection is what the process holds on to, so the leak check reads the heap after GC as well as RSS. During each round VmRSS is sampled every 200 ms and \`process.memoryUsage()\` (without a collection) every 2 s, to say what the highest RSS was made of (docs/decisions/0043-memory-bounds.md).`,
  ];
  if (context.postgresUrl) figures.push(...(await measureEngine('postgres', context.postgresUrl, context, plan)));
  else notes.push('No PostgreSQL server: the PostgreSQL figures were skipped.');
  figures.push(...(await measureEngine('pglite', null, context, plan)));
  return { title: 'Memory', figures, notes };
}
