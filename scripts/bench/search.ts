// Benchmark part: the live search at 100,000 products (PGlite and PostgreSQL) and 1,000,000
// (PostgreSQL), and the relevance set's recall at 5 (docs/decisions/0038-search-at-scale.md).
// Figures only; the relevance test checks behaviour. Catalogs are built once and reused:
//   PGlite     data/bench/search-100k (a data directory)
//   PostgreSQL databases bench_search_100k and bench_search_1m on the admin URL's server
// Runnable alone: npx tsx scripts/bench/search.ts [--quick] [--prefix NAME] [--only pglite,100k,1m]
//   (BENCH_POSTGRES_URL=postgres://… for another server than postgres@127.0.0.1:5432; PGLITE_ONLY=1 for none;
//   --prefix NAME: databases NAME_search_100k and NAME_search_1m instead of bench_…, e.g. copies of them;
//   --only: the catalogs to time, all three by default)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase, type DatabaseHandle, type Db } from '../../src/server/db/client';
import { seedCatalog, wipeCatalog } from '../../src/server/seed/seed.service';
import { RELEVANCE_SET, liveSearchList, scoreRelevance } from '../../src/server/search/relevance';
import { LIVE_SEARCH_LIMIT } from '../../src/features/search/live-search.logic';
import { adminQuery, databaseUrl } from '../../tests/db';
import type { BenchContext, BenchFigure, BenchPart, BenchSection } from './types';
import { percentile } from './harness';

const HUNDRED_K = 100_000;
const MILLION = 1_000_000;
/** Copies of the 100,000 catalog's generated products that make the million (9 x 99,857 + 100,000). */
const COPIES = 9;
const BUILD_TIMEOUTS = { statementMs: 30 * 60_000 };

type Rows<T> = { rows: T[] };

async function productCount(db: Db): Promise<number> {
  try {
    const result = (await db.execute(sql`select count(*)::int as n from products`)) as unknown as Rows<{ n: number }>;
    return result.rows[0]?.n ?? 0;
  } catch {
    return 0;
  }
}

/** A PGlite data directory with the 100,000 catalog, built when missing. */
async function pgliteCatalog(context: BenchContext): Promise<DatabaseHandle> {
  const dir = path.resolve('data/bench/search-100k');
  const existed = fs.existsSync(dir);
  const handle = await openDatabase({ dataDir: dir });
  await handle.migrate();
  if (!existed || (await productCount(handle.db)) < HUNDRED_K) {
    context.log(`search: building the 100,000-product PGlite catalog in ${dir}`);
    await wipeCatalog(handle.db);
    await seedCatalog(handle.db, { products: HUNDRED_K, log: (line) => context.log(`  ${line}`) });
  }
  return handle;
}

async function databaseExists(adminUrl: string, name: string): Promise<boolean> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return (await client.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1;
  } finally {
    await client.end();
  }
}

/** The 100,000 catalog on PostgreSQL, built when missing (npm run seed's generator). */
async function postgres100k(context: BenchContext, adminUrl: string, prefix: string): Promise<string> {
  const name = `${prefix}_search_100k`;
  const url = databaseUrl(adminUrl, name);
  if (!(await databaseExists(adminUrl, name))) await adminQuery(adminUrl, `create database "${name}"`);
  const handle = await openDatabase({ url, timeouts: BUILD_TIMEOUTS });
  try {
    await handle.migrate();
    if ((await productCount(handle.db)) < HUNDRED_K) {
      context.log('search: building the 100,000-product PostgreSQL catalog');
      await wipeCatalog(handle.db);
      await seedCatalog(handle.db, { products: HUNDRED_K, log: (line) => context.log(`  ${line}`) });
    }
  } finally {
    await handle.close();
  }
  return url;
}

/**
 * The million on PostgreSQL: a copy of the 100,000 catalog whose generated products are copied nine
 * times with their model and SKU suffixed (Z1 to Z9), the search indexes rebuilt after the load.
 */
async function postgres1m(context: BenchContext, adminUrl: string, from: string, prefix: string): Promise<string> {
  const name = `${prefix}_search_1m`;
  const url = databaseUrl(adminUrl, name);
  if (await databaseExists(adminUrl, name)) {
    // Migrated like the other catalogs: a reused million gains the new migrations (0014's lexicon: minutes).
    const handle = await openDatabase({ url, timeouts: BUILD_TIMEOUTS });
    let n: number;
    try {
      await handle.migrate();
      n = await productCount(handle.db);
    } finally {
      await handle.close();
    }
    if (n >= MILLION - 2_000) return url;
    await adminQuery(adminUrl, `drop database "${name}" with (force)`);
  }
  context.log('search: building the 1,000,000-product PostgreSQL catalog (a copy of the 100,000, grown)');
  const started = performance.now();
  await adminQuery(adminUrl, `create database "${name}" template "${new URL(from).pathname.slice(1)}"`);
  const handle = await openDatabase({ url, timeouts: BUILD_TIMEOUTS });
  try {
    await handle.migrate();
    await handle.db.execute(sql`drop index if exists products_search_idx`);
    await handle.db.execute(sql`drop index if exists products_name_trgm_idx`);
    await handle.db.execute(sql`
      insert into products (name, sku, brand_id, product_type, unit_price, discount, quantity, weight_kg, thumbnail_img_link,
        description, product_desc, meta_keywords, meta_title, meta_description, rating, review_count, published, created_at,
        color_group, color_name, color_hex)
      select regexp_replace(name, '(\\S+)( \\([A-Za-z]+\\))?$', '\\1Z' || g || '\\2'),
        regexp_replace(sku, '^([^-]+-[^-]+-[^-]+)', '\\1Z' || g), brand_id, product_type, unit_price, discount, quantity, weight_kg,
        thumbnail_img_link, description, product_desc, meta_keywords, meta_title, meta_description, rating, review_count, published,
        created_at - make_interval(days => g), case when color_group is null then null else color_group || 'z' || g end, color_name, color_hex
      from products, generate_series(1, ${COPIES}) as g
      where id > (select min(id) + 142 from products)
    `);
    await handle.db.execute(sql`create index products_search_idx on products using gin (search_vector)`);
    await handle.db.execute(sql`create index products_name_trgm_idx on products using gin (name gin_trgm_ops)`);
    await handle.db.execute(sql`vacuum analyze products`);
    context.log(`search: the million built in ${Math.round((performance.now() - started) / 1000)} s`);
  } finally {
    await handle.close();
  }
  return url;
}

/** Random typos of listed words (a letter dropped, doubled, swapped or replaced) and random SKUs. */
async function generatedQueries(db: Db, count: number): Promise<string[]> {
  const words = (
    (await db.execute(sql`select word from search_words where length(word) >= 5 order by word`)) as unknown as Rows<{ word: string }>
  ).rows;
  const skus = (
    (await db.execute(sql`select sku from products tablesample system (1) repeatable (7) limit ${count}`)) as unknown as Rows<{
      sku: string;
    }>
  ).rows;
  let seed = 0x5eed;
  const random = () => (seed = (seed * 1_103_515_245 + 12_345) & 0x7fff_ffff) / 0x7fff_ffff;
  const out: string[] = [];
  for (let i = 0; i < count && words.length > 0; i++) {
    const word = words[Math.floor(random() * words.length)]!.word;
    const at = 1 + Math.floor(random() * (word.length - 2));
    const edits = [
      word.slice(0, at) + word.slice(at + 1),
      word.slice(0, at) + word[at] + word.slice(at),
      word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2),
      word.slice(0, at) + 'x' + word.slice(at + 1),
    ];
    out.push(edits[i % edits.length]!);
    if (i % 2 === 0 && skus[i / 2]) out.push(skus[i / 2]!.sku.toLowerCase());
  }
  return out;
}

const ms = (n: number) => `${n.toFixed(1)} ms`;

/**
 * Counts the round trips a database handle makes: statements sent on its own (`query` of the pool or
 * of PGlite) and transactions begun (each at least three more). The machine's load does not change them.
 */
function countRoundTrips(db: Db): { statements: number; transactions: number } {
  const counts = { statements: 0, transactions: 0 };
  const client = (db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
  const query = client.query.bind(client);
  client.query = (...args: unknown[]) => {
    counts.statements++;
    return query(...args);
  };
  const transaction = db.transaction.bind(db);
  db.transaction = ((...args: Parameters<Db['transaction']>) => {
    counts.transactions++;
    return transaction(...args);
  }) as Db['transaction'];
  return counts;
}

/** The live search's call (the dropdown's list: relevance, six results), timed per query. */
async function timeQueries(
  db: Db,
  queries: string[],
): Promise<{
  p50: number;
  p95: number;
  max: number;
  cpu: { p50: number; p95: number };
  empty: number;
  slowest: string[];
  statements: number;
  transactions: number;
}> {
  const search = (text: string) => liveSearchList(db, text, LIVE_SEARCH_LIMIT);
  for (const text of queries.slice(0, 20)) await search(text);
  const timed: { text: string; ms: number }[] = [];
  const cpu: number[] = [];
  let empty = 0;
  const roundTrips = countRoundTrips(db);
  for (const text of queries) {
    const cpuBefore = process.cpuUsage();
    const started = performance.now();
    const page = await search(text);
    timed.push({ text, ms: performance.now() - started });
    const used = process.cpuUsage(cpuBefore);
    cpu.push((used.user + used.system) / 1000);
    if (page.total === 0) empty++;
  }
  const times = timed.map((t) => t.ms).sort((a, b) => a - b);
  cpu.sort((a, b) => a - b);
  const slowest = [...timed].sort((a, b) => b.ms - a.ms).slice(0, 5);
  return {
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    max: times.at(-1) ?? 0,
    cpu: { p50: percentile(cpu, 50), p95: percentile(cpu, 95) },
    empty,
    slowest: slowest.map((t) => `"${t.text}" ${ms(t.ms)}`),
    statements: roundTrips.statements / queries.length,
    transactions: roundTrips.transactions / queries.length,
  };
}

const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(' / ');

/** The catalogs a run times: all three by default. */
const CATALOGS = ['pglite', '100k', '1m'] as const;

/** Standalone options: `--prefix NAME` (the PostgreSQL databases' prefix), `--only` some catalogs. */
interface Options {
  prefix: string;
  only: ReadonlySet<(typeof CATALOGS)[number]>;
}

export const run: BenchPart = (context) => measureAll(context, { prefix: 'bench', only: new Set(CATALOGS) });

async function measureAll(context: BenchContext, options: Options): Promise<BenchSection> {
  const { prefix, only } = options;
  const figures: BenchFigure[] = [];
  const notes: string[] = [];
  const queryCount = context.quick ? 40 : 150;

  // Relevance against the hand-written catalog, as the relevance test measures it.
  const small = await openDatabase({});
  await small.migrate();
  await seedCatalog(small.db);
  const score = await scoreRelevance(small.db);
  await small.close();
  figures.push({
    figure: 'relevance set: recall at 5 (hand-written catalog)',
    value: `${(score.recallAt5 * 100).toFixed(1)}% (${score.hits} of ${score.queries})`,
  });
  figures.push({ figure: 'relevance set: queries with no result', value: String(score.zeroResults), goal: 'no more than before (29)' });

  const measure = async (label: string, db: Db, goal: string) => {
    const queries = [
      ...RELEVANCE_SET.map((q) => q.q).slice(0, context.quick ? 60 : undefined),
      ...(await generatedQueries(db, queryCount)),
    ];
    context.log(`search: ${label}, ${queries.length} live searches`);
    const loadBefore = loadAverage();
    const t = await timeQueries(db, queries);
    figures.push({ figure: `live search ${label}: p50 / p95 / max`, value: `${ms(t.p50)} / ${ms(t.p95)} / ${ms(t.max)}`, goal });
    // CPU time is steadier than wall time on a busy machine; on PGlite it is the database's too (the same process).
    figures.push({
      figure: `live search ${label}: this process's CPU per search, p50 / p95${label.includes('PGlite') ? ' (the database included)' : ' (the database apart)'}`,
      value: `${ms(t.cpu.p50)} / ${ms(t.cpu.p95)}`,
    });
    figures.push({
      figure: `live search ${label}: statements / transactions per search`,
      value: `${t.statements.toFixed(2)} / ${t.transactions.toFixed(2)}`,
    });
    notes.push(
      `${label}: ${queries.length} live searches (the relevance set's and generated typos and SKUs), ${t.empty} found nothing; slowest: ${t.slowest.join(', ')}; load average (1, 5, 15 min) ${loadBefore} before, ${loadAverage()} after.`,
    );
  };

  if (only.has('pglite')) {
    const pglite = await pgliteCatalog(context);
    try {
      await measure('100,000 products, PGlite', pglite.db, 'p95 <= 10 ms');
    } finally {
      await pglite.close();
    }
  }

  if (!context.postgresUrl) {
    notes.push('PostgreSQL figures skipped: no PostgreSQL server was given.');
  } else {
    const url100k = await postgres100k(context, context.postgresUrl, prefix);
    if (only.has('100k')) {
      const pg100k = await openDatabase({ url: url100k });
      try {
        await measure('100,000 products, PostgreSQL', pg100k.db, 'p95 <= 10 ms');
      } finally {
        await pg100k.close();
      }
    }
    if (context.quick) notes.push('1,000,000 products skipped in quick mode.');
    else if (only.has('1m')) {
      const url1m = await postgres1m(context, context.postgresUrl, url100k, prefix);
      const pg1m = await openDatabase({ url: url1m });
      try {
        await measure('1,000,000 products, PostgreSQL', pg1m.db, 'p95 <= 50 ms');
      } finally {
        await pg1m.close();
      }
    }
  }
  notes.push(
    "Each search is the live search's list call (listProducts, relevance, 6 results) in the process, without HTTP; after 20 warm-up searches.",
  );
  return { title: 'Search', figures, notes } satisfies BenchSection;
}

async function defaultPostgres(): Promise<string | null> {
  if (process.env.PGLITE_ONLY) return null;
  const url = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  try {
    await adminQuery(url, 'select 1');
    return url;
  } catch {
    return null;
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) {
  const flag = (name: string) => {
    const at = process.argv.indexOf(name);
    return at > 0 ? process.argv[at + 1] : undefined;
  };
  const only = (flag('--only') ?? CATALOGS.join(',')).split(',');
  const unknown = only.filter((name) => !(CATALOGS as readonly string[]).includes(name));
  if (unknown.length > 0) throw new Error(`--only takes ${CATALOGS.join(', ')}; not ${unknown.join(', ')}`);
  const section = await measureAll(
    { postgresUrl: await defaultPostgres(), log: (line) => console.error(line), quick: process.argv.includes('--quick') },
    { prefix: flag('--prefix') ?? 'bench', only: new Set(only as (typeof CATALOGS)[number][]) },
  );
  console.log(`\n${section.title}`);
  for (const f of section.figures) console.log(`  ${f.figure}: ${f.value}${f.goal ? `  (goal: ${f.goal})` : ''}`);
  for (const note of section.notes ?? []) console.log(`  - ${note}`);
}
