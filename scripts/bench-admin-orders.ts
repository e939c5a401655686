// The back office's order list at 100,000 orders on PostgreSQL (docs/decisions/0036-admin-order-list.md):
// figures, not pass/fail. Target: p95 under 50 ms for each typical query.
//   npm run bench:admin-orders                      a fresh database bench_admin_orders on 127.0.0.1:5432
//   BENCH_DATABASE_URL=postgres://… npm run bench:admin-orders
//                                                   that database, migrated; orders generated when it has none
//   -- --runs 100 --orders 100000 --customers 2000  more or fewer
//   -- --explain                                    also each shape's statements as the server runs them
//                                                   (EXPLAIN ANALYZE, BUFFERS): the work, apart from the machine's load
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/server/db/client';
import { listAdminOrders, adminOrderCsvBatches } from '../src/server/admin-orders/order-list.service';
import { dashboard } from '../src/server/admin-dashboard/dashboard.service';
import { adminOrderListQuerySchema } from '../src/domain/admin-orders';
import { adminQuery, databaseUrl } from '../tests/db';

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '60' },
    orders: { type: 'string', default: '100000' },
    customers: { type: 'string', default: '2000' },
    explain: { type: 'boolean', default: false },
  },
});
const RUNS = Number(args.runs);
const ORDERS = Number(args.orders);
const CUSTOMERS = Number(args.customers);

const ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
let url = process.env.BENCH_DATABASE_URL;
if (!url) {
  await adminQuery(ADMIN_URL, 'drop database if exists bench_admin_orders with (force)', 'create database bench_admin_orders');
  url = databaseUrl(ADMIN_URL, 'bench_admin_orders');
}
const handle = await openDatabase({ url, timeouts: { statementMs: 120_000 } });
const { db } = handle;

async function generate(): Promise<void> {
  const started = performance.now();
  await db.execute(sql`
    insert into users (name, email, password_hash, email_verified_at)
    select f.first || ' ' || l.last,
           lower(f.first) || '.' || lower(l.last) || n || '@example' || (n % 7) || '.ae',
           'not-a-hash', now()
    from generate_series(1, ${CUSTOMERS}) as n,
         lateral (select (array['Aisha','Omar','Fatima','Mohammed','Layla','Yousef','Mariam','Khalid','Noura','Hamdan','Sara','Rashid','Priya','Arjun','Maria','John'])[1 + n % 16] as first) f,
         lateral (select (array['Khan','Saeed','Ali','Al Mansoori','Haddad','Nair','Fernandes','Smith','Al Nuaimi','Rahman','Qasim','Pillai','Al Shamsi'])[1 + (n / 16) % 13] as last) l`);
  await db.execute(sql`
    insert into products (name, sku, product_type, unit_price, quantity, thumbnail_img_link)
    select 'Bench product ' || n, 'BENCH-' || n, 'office', 10000 + n * 137, n % 40, '/images/products/p1.webp'
    from generate_series(1, 200) as n`);
  // Orders over the last 400 days, newest last; statuses roughly as a running shop has them.
  await db.execute(sql`
    insert into orders (user_id, shipping_address, sub_total, tax_amount, grand_total, payment_type, payment_status,
                        delivery_status, refunded_amount, created_at, updated_at)
    select u.id,
           jsonb_build_object('name', u.name, 'phone', '05' || (array['0','2','4','5','6','8'])[1 + n % 6] || lpad(((n * 7919) % 10000000)::text, 7, '0'),
                              'address_type', 'Home', 'flat_building', 'Villa ' || n, 'address', 'Street ' || (n % 90),
                              'locality', 'Area ' || (n % 50), 'land_mark', 'Mall', 'city', 'City',
                              'state', (array['Abu Dhabi','Dubai','Sharjah','Ajman','Umm Al Quwain','Ras Al Khaimah','Fujairah'])[1 + n % 7],
                              'pincode', lpad((n % 99999)::text, 5, '0')),
           t.total * 100 / 105, t.total - t.total * 100 / 105, t.total,
           case when n % 3 = 0 then 'cash_on_delivery' else 'online' end,
           s.payment, s.delivery, case when s.delivery = 'refund' then t.total else 0 end,
           now() - ((${ORDERS} - n) * (400 * 86400.0 / ${ORDERS})) * interval '1 second',
           now()
    from generate_series(1, ${ORDERS}) as n
    join users u on u.id = (select min(id) from users) + (n * 7) % ${CUSTOMERS},
    lateral (select (5000 + (n::bigint * 104729) % 2000000)::int as total) t,
    lateral (select case
               when n > ${ORDERS} - 300 then 'pending'
               when n % 50 = 0 then 'cancelled'
               when n % 97 = 0 then 'refund'
               when n > ${ORDERS} - 1500 then (array['pending','shipped','ontheway'])[1 + n % 3]
               else 'delivered' end as delivery) d,
    lateral (select d.delivery,
               case when d.delivery = 'refund' then 'refunded'
                    when d.delivery = 'delivered' then 'paid'
                    when n % 3 = 0 then 'unpaid'
                    when d.delivery = 'cancelled' then 'failed'
                    else 'paid' end as payment) s`);
  await db.execute(sql`
    insert into order_lines (order_id, product_id, name, sku, thumbnail_img_link, unit_price, quantity, line_total)
    select o.id, p.id, p.name, p.sku, p.thumbnail_img_link, o.grand_total / k.lines, 1, o.grand_total / k.lines
    from orders o,
         lateral (select 1 + o.id % 3 as lines) k,
         generate_series(1, 3) as i
    join products p on p.id = (select min(id) from products) + (i * 31) % 200
    where i <= k.lines`);
  // As a running database is: statistics gathered and the visibility map set (index-only scans).
  await db.execute(sql`vacuum analyze`);
  console.log(`generated ${ORDERS} orders for ${CUSTOMERS} customers in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

interface Statement {
  text: string;
  values: unknown[];
}
type QueryFn = (query: string | { text: string; values?: unknown[] }, values?: unknown[]) => Promise<unknown>;
const pool = (db as unknown as { $client: { query: QueryFn } }).$client;
let recording: Statement[] | null = null;
const query = pool.query.bind(pool);
pool.query = ((q, values) => {
  if (recording)
    recording.push(typeof q === 'string' ? { text: q, values: values ?? [] } : { text: q.text, values: q.values ?? values ?? [] });
  return query(q, values);
}) as QueryFn;

/**
 * What one call of a shape costs the server, apart from the machine's load: its statements, each
 * run under EXPLAIN (ANALYZE, BUFFERS) on a warm connection (the best of three), summed.
 */
async function serverWork(make: () => Record<string, unknown>): Promise<{ statements: number; ms: number; buffers: number }> {
  recording = [];
  await listAdminOrders(db, adminOrderListQuerySchema.parse(make()));
  const statements = recording;
  recording = null;
  let ms = 0;
  let buffers = 0;
  for (const { text, values } of statements) {
    let best = Infinity;
    for (let i = 0; i < 3; i++) {
      const answer = (await query({ text: `explain (analyze, buffers, format json) ${text}`, values })) as {
        rows: { 'QUERY PLAN': [{ 'Execution Time': number; Plan: { 'Shared Hit Blocks': number; 'Shared Read Blocks': number } }] }[];
      };
      const [plan] = answer.rows[0]!['QUERY PLAN'];
      best = Math.min(best, plan['Execution Time']);
      if (i === 0) buffers += plan.Plan['Shared Hit Blocks'] + plan.Plan['Shared Read Blocks'];
    }
    ms += best;
  }
  return { statements: statements.length, ms, buffers };
}

/** Rows of a raw query (the engine-neutral Db types them as unknown). */
async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

const pick = <T>(list: readonly T[], i: number): T => list[i % list.length]!;

try {
  await handle.migrate();
  const [{ n: existing } = { n: 0 }] = await rows<{ n: number }>(sql`select count(*)::int as n from orders`);
  if (existing === 0) await generate();
  else console.log(`using the ${existing} orders already in the database`);

  // Values that vary from run to run, taken from the data.
  const sample = await rows<{ id: number; email: string; name: string; phone: string }>(sql`
    select o.id, u.email, u.name, o.shipping_address ->> 'phone' as phone
    from orders o join users u on u.id = o.user_id
    order by random() limit 200`);
  const typedPhone = (p: string) => `+971 ${p.slice(1, 3)} ${p.slice(3, 6)} ${p.slice(6)}`;

  const queries: [string, (i: number) => Record<string, unknown>][] = [
    ['first page (newest)', () => ({})],
    ['filter: delivery pending', () => ({ delivery_status: 'pending' })],
    ['filter: delivered', () => ({ delivery_status: 'delivered' })],
    ['filter: payment unpaid', () => ({ payment_status: 'unpaid' })],
    ['filter: cash on delivery', () => ({ payment_type: 'cash_on_delivery' })],
    ['filter: a month', () => ({ from: '2026-06-01', to: '2026-06-30' })],
    [
      'filter: status + type + month',
      () => ({ delivery_status: 'delivered', payment_type: 'online', from: '2026-06-01', to: '2026-06-30' }),
    ],
    ['search: order id', (i) => ({ q: String(pick(sample, i).id) })],
    ['search: e-mail prefix', (i) => ({ q: pick(sample, i).email.slice(0, 12) })],
    ['search: whole e-mail', (i) => ({ q: pick(sample, i).email })],
    ['search: name part', (i) => ({ q: pick(sample, i).name.split(' ').at(-1)!.slice(0, 5) })],
    ['search: full name', (i) => ({ q: pick(sample, i).name })],
    ['search: phone as typed', (i) => ({ q: typedPhone(pick(sample, i).phone) })],
    ['search: phone part', (i) => ({ q: pick(sample, i).phone.slice(3, 9) })],
    ['sort: total, highest', () => ({ sort: 'total_desc' })],
    ['sort: oldest first', () => ({ sort: 'date_asc' })],
    ['deep page (200 x 25)', () => ({ page: 200 })],
    ['deep page, filtered, by total', () => ({ payment_status: 'paid', sort: 'total_asc', page: 100 })],
  ];

  const all: number[] = [];
  const at = (times: number[], q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
  // The figures depend on what else the machine runs: its load is printed with them.
  console.log(`\n${RUNS} runs per query (after 3 warm-up runs), ${handle.kind}, load average ${loadavg()[0]!.toFixed(1)}:\n`);
  console.log(`${'query'.padEnd(34)} ${'p50'.padStart(8)} ${'p95'.padStart(8)} ${'max'.padStart(8)}   total shown`);
  for (const [label, make] of queries) {
    for (let i = 0; i < 3; i++) await listAdminOrders(db, adminOrderListQuerySchema.parse(make(i + 1000)));
    const times: number[] = [];
    let last = '';
    for (let i = 0; i < RUNS; i++) {
      const q = adminOrderListQuerySchema.parse(make(i));
      const started = performance.now();
      const page = await listAdminOrders(db, q);
      times.push(performance.now() - started);
      last = `${page.total}${page.totalCapped ? '+' : ''}`;
    }
    all.push(...times);
    times.sort((a, b) => a - b);
    console.log(
      `${label.padEnd(34)} ${at(times, 0.5).toFixed(1).padStart(6)}ms ${at(times, 0.95).toFixed(1).padStart(6)}ms ${times.at(-1)!.toFixed(1).padStart(6)}ms   ${last}`,
    );
  }
  all.sort((a, b) => a - b);
  console.log(
    `${'overall'.padEnd(34)} ${at(all, 0.5).toFixed(1).padStart(6)}ms ${at(all, 0.95).toFixed(1).padStart(6)}ms ${all.at(-1)!.toFixed(1).padStart(6)}ms   (${all.length} calls; target p95 < 50 ms)`,
  );

  if (args.explain) {
    console.log(`\nthe server's work per call (EXPLAIN ANALYZE, best of three, warm), load average ${loadavg()[0]!.toFixed(1)}:\n`);
    console.log(`${'query'.padEnd(34)} ${'statements'.padStart(10)} ${'server'.padStart(9)} ${'buffers'.padStart(8)}`);
    for (const [label, make] of queries) {
      const work = await serverWork(() => make(7));
      console.log(
        `${label.padEnd(34)} ${String(work.statements).padStart(10)} ${work.ms.toFixed(1).padStart(7)}ms ${String(work.buffers).padStart(8)}`,
      );
    }
  }

  const dashTimes: number[] = [];
  for (let i = 0; i < 20; i++) {
    const started = performance.now();
    await dashboard(db, new Date());
    dashTimes.push(performance.now() - started);
  }
  dashTimes.sort((a, b) => a - b);
  console.log(`\ndashboard: p50 ${at(dashTimes, 0.5).toFixed(1)} ms, p95 ${at(dashTimes, 0.95).toFixed(1)} ms`);

  for (const [label, filters] of [
    ['CSV export, one month', { from: '2026-06-01', to: '2026-06-30' }],
    ['CSV export, everything', {}],
  ] as const) {
    const started = performance.now();
    let rows = 0;
    for await (const batch of adminOrderCsvBatches(db, adminOrderListQuerySchema.parse(filters))) rows += batch.length;
    console.log(`${label}: ${rows} rows in ${((performance.now() - started) / 1000).toFixed(2)} s`);
  }
} finally {
  await handle.close();
}
