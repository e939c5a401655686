// Benchmark part `memory` (npm run bench -- --only memory): the server's resident memory after a
// mixed load, on PostgreSQL and on PGlite (issue 14's goals: under 400 MB on PostgreSQL, under
// 600 MB on PGlite, no growth from round to round). The built shop runs as `npm start` runs it
// (production mode, its own database seeded with the default catalog); autocannon sends 50
// connections for 60 s per round, five rounds against the same process, split into four parallel
// streams as shoppers use the shop: catalog pages, search and the catalog API, the cart and
// wishlist of signed-in shoppers, and cash-on-delivery checkouts. After each round the part reads
// VmRSS (and at the end VmHWM, the peak) from /proc.
import autocannon from 'autocannon';
import { mib } from './harness';
import { freshShopDatabase, prepareShop, processMemory, startMailSink, startShop, type PreparedShop, type Shopper } from './shop';
import type { BenchContext, BenchFigure, BenchSection } from './types';

const PORTS = { postgres: 4418, pglite: 4428 } as const;
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

interface RoundResult {
  rss: number;
  requests: number;
  non2xx: number;
  errors: number;
  byStream: string[];
}

async function loadRound(base: string, streams: Stream[], seconds: number): Promise<Omit<RoundResult, 'rss'>> {
  const results = await Promise.all(
    streams.map((s) => autocannon({ url: base, connections: s.connections, duration: seconds, requests: s.requests, timeout: 30 })),
  );
  const totals = { requests: 0, non2xx: 0, errors: 0, byStream: [] as string[] };
  results.forEach((r, i) => {
    const requests = r.requests.total;
    totals.requests += requests;
    totals.non2xx += r.non2xx;
    totals.errors += r.errors + r.timeouts;
    totals.byStream.push(`${streams[i]!.name}: ${requests} requests, ${r.non2xx} non-2xx, ${r.errors + r.timeouts} errors`);
  });
  return totals;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

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
    const shop = await startShop(database, { port: PORTS[engine], smtpUrl: mail.url });
    try {
      const idle = processMemory(shop.pid).rss;
      const streams = mixedLoad(prepared);
      const rounds: RoundResult[] = [];
      for (let round = 1; round <= plan.rounds; round++) {
        const load = await loadRound(shop.base, streams, plan.seconds);
        // Let the requests' tail and the mails after them finish before reading.
        await sleep(2_000);
        const rss = processMemory(shop.pid).rss;
        rounds.push({ ...load, rss });
        context.log(`${label} round ${round}/${plan.rounds}: RSS ${mib(rss)}; ${load.byStream.join('; ')}`);
      }
      const { peak } = processMemory(shop.pid);
      const goal = `< ${GOAL_MIB[engine]} MiB`;
      const second = rounds[1] ?? rounds[0]!;
      const last = rounds[rounds.length - 1]!;
      const totalRequests = rounds.reduce((n, r) => n + r.requests, 0);
      const seconds = plan.rounds * plan.seconds;
      return [
        { figure: `${label}: RSS idle, before the load`, value: mib(idle) },
        { figure: `${label}: RSS after each round`, value: rounds.map((r) => mib(r.rss)).join(', '), goal },
        { figure: `${label}: peak RSS (VmHWM)`, value: mib(peak), goal },
        {
          figure: `${label}: growth from round 2 to round ${rounds.length}`,
          value: rounds.length >= 2 ? `${last.rss - second.rss >= 0 ? '+' : ''}${mib(last.rss - second.rss)}` : 'one round only',
          goal: 'about 0 (no leak)',
        },
        {
          figure: `${label}: requests served (rate), non-2xx, errors`,
          value: `${totalRequests} (${Math.round(totalRequests / seconds)}/s), ${rounds.reduce((n, r) => n + r.non2xx, 0)}, ${rounds.reduce((n, r) => n + r.errors, 0)}`,
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
    `Each round: autocannon, 50 connections for ${plan.seconds} s in four parallel streams: 20 on catalog pages (home, store with and without filters, products, lists, FAQ), 15 on search and the catalog API, 10 signed-in shoppers adding a product to the cart and the wishlist, reading them and taking it out again, 5 placing cash-on-delivery orders (a product under 20 kg in the cart, then the order). ${plan.rounds} rounds against the same server process; RSS is VmRSS from /proc two seconds after each round, the peak VmHWM.`,
  ];
  if (context.postgresUrl) figures.push(...(await measureEngine('postgres', context.postgresUrl, context, plan)));
  else notes.push('No PostgreSQL server: the PostgreSQL figures were skipped.');
  figures.push(...(await measureEngine('pglite', null, context, plan)));
  return { title: 'Memory', figures, notes };
}
