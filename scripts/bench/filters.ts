// Benchmark part: the store's lists with filters at scale (docs/decisions/0039-filters-at-scale.md).
// Random combinations of range, categories, brands, price buckets and sort, deep pages included,
// timed as the store page runs them: the list (total, page of cards) and the filter panel's counts.
// 1,000,000 products on PostgreSQL (its own database, built anew and timed unless --reuse-catalogs)
// and 100,000 on PGlite; --quick: 100,000 on PGlite only.
//   npx tsx scripts/bench/filters.ts [--quick] [--reuse-catalogs] [--postgres-only] [--database NAME]
//   (BENCH_POSTGRES_URL: admin URL, default local; NAME: the 1M database, default bench_filters_1m)
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensureCatalog } from './catalog';
import type { BenchContext, BenchFigure, BenchPart, BenchSection } from './types';
import type { Db } from '../../src/server/db/client';
import { listFacets, listProducts } from '../../src/server/catalog/catalog.service';
import { forgetCatalogCounts } from '../../src/server/catalog/catalog-counts';
import type { ProductFilter } from '../../src/domain/catalog-query';
import { PRODUCT_SORTS } from '../../src/domain/product-sorts';
import { PRICE_BUCKETS } from '../../src/domain/price-buckets';
import { LIST_DEPTH } from '../../src/domain/pager';
import { PRODUCT_PAGE_SIZE } from '../../src/domain/constants';
import { createRng, type Rng } from '../../src/server/seed/random';
import { sql } from 'drizzle-orm';
import { percentile } from './harness';
import { databaseUrl } from '../../tests/db';

const GOAL_MS = 50;

const ms = (n: number) => `${n.toFixed(1)} ms`;

interface Ids {
  brands: number[];
  categories: number[];
}

async function catalogIds(db: Db): Promise<Ids> {
  const rows = async (query: ReturnType<typeof sql>) =>
    ((await db.execute(query)) as unknown as { rows: Array<{ id: number }> }).rows.map((r) => Number(r.id));
  return {
    brands: await rows(sql`select id from brands order by id`),
    categories: await rows(sql`select distinct category_id as id from product_categories order by 1`),
  };
}

/** A shopper's filter: each facet chosen or not, a sort, and mostly the first page, sometimes a deep one. */
function randomFilter(rng: Rng, ids: Ids, deep: boolean): ProductFilter {
  const some = (items: number[]) => (rng.chance(0.45) ? rng.shuffle(items).slice(0, rng.int(1, 2)) : []);
  const filter: ProductFilter = {
    brandIds: some(ids.brands),
    categoryIds: some(ids.categories),
    priceRanges: rng.chance(0.4)
      ? rng
          .shuffle(PRICE_BUCKETS)
          .slice(0, rng.int(1, 2))
          .map(({ min, max }) => ({ min, max }))
      : [],
    sort: rng.pick(PRODUCT_SORTS.filter((s) => s !== 'relevance')),
    page: 1,
    limit: PRODUCT_PAGE_SIZE,
  };
  if (rng.chance(0.4)) filter.productType = rng.pick(['office', 'home'] as const);
  if (deep) filter.page = rng.int(2, Math.floor(LIST_DEPTH / PRODUCT_PAGE_SIZE));
  return filter;
}

interface Timings {
  list: number[];
  deep: number[];
  facets: number[];
  coldCountsMs: number;
  /** Every timed list with its filter, for the figures by shape and the slowest ones. */
  runs: { filter: ProductFilter; deep: boolean; ms: number }[];
}

async function measure(db: Db, queries: number, log: (line: string) => void): Promise<Timings> {
  const ids = await catalogIds(db);
  const rng = createRng(0xf117e5);
  // The first read of the counts (a cold instance, or after a catalog change) is its own figure.
  forgetCatalogCounts();
  let started = performance.now();
  await listFacets(db, { brandIds: [], categoryIds: [], priceRanges: [], sort: 'newest', page: 1, limit: PRODUCT_PAGE_SIZE });
  const coldCountsMs = performance.now() - started;
  for (let i = 0; i < 20; i++) await listProducts(db, randomFilter(rng, ids, i % 4 === 0));
  const t: Timings = { list: [], deep: [], facets: [], coldCountsMs, runs: [] };
  for (let i = 0; i < queries; i++) {
    const deep = i % 4 === 0;
    let filter = randomFilter(rng, ids, deep);
    started = performance.now();
    const page = await listProducts(db, filter);
    // As the store does: a page past the end shows the last one.
    if (page.items.length === 0 && page.total > 0 && filter.page > page.lastPage) {
      filter = { ...filter, page: page.lastPage };
      await listProducts(db, filter);
    }
    const listMs = performance.now() - started;
    (deep ? t.deep : t.list).push(listMs);
    t.runs.push({ filter, deep, ms: listMs });
    started = performance.now();
    await listFacets(db, filter);
    t.facets.push(performance.now() - started);
    if ((i + 1) % 100 === 0) log(`filters: ${i + 1}/${queries} lists`);
  }
  for (const list of [t.list, t.deep, t.facets]) list.sort((a, b) => a - b);
  return t;
}

/** The shapes the lists are told by: each a test on a timed list (a list can be of several shapes). */
const SHAPES: [string, (run: Timings['runs'][number]) => boolean][] = [
  ['first pages', (r) => !r.deep],
  ['deep pages', (r) => r.deep],
  ['no filter', (r) => !r.filter.productType && !r.filter.brandIds.length && !r.filter.categoryIds.length && !r.filter.priceRanges.length],
  ['range chosen', (r) => r.filter.productType !== undefined],
  ['categories chosen', (r) => r.filter.categoryIds.length > 0],
  ['categories chosen, deep page', (r) => r.filter.categoryIds.length > 0 && r.deep],
  ['brands chosen', (r) => r.filter.brandIds.length > 0],
  ['price buckets chosen', (r) => r.filter.priceRanges.length > 0],
  ...PRODUCT_SORTS.filter((s) => s !== 'relevance').map((sort): (typeof SHAPES)[number] => [`sort ${sort}`, (r) => r.filter.sort === sort]),
];

/** p50 / p95 / max of the lists of each shape. */
function byShape(label: string, t: Timings): BenchFigure[] {
  return SHAPES.map(([name, test]) => {
    const times = t.runs
      .filter(test)
      .map((r) => r.ms)
      .sort((a, b) => a - b);
    return {
      figure: `${label}: list by shape, ${name} (${times.length}): p50 / p95 / max`,
      value: `${ms(percentile(times, 50))} / ${ms(percentile(times, 95))} / ${ms(times.at(-1) ?? NaN)}`,
    };
  });
}

/** The slowest lists with their filters, for EXPLAIN. */
function slowest(t: Timings, n: number): string[] {
  return [...t.runs]
    .sort((a, b) => b.ms - a.ms)
    .slice(0, n)
    .map((r) => {
      const { productType, brandIds, categoryIds, priceRanges, sort, page } = r.filter;
      const prices = priceRanges.map((p) => `${p.min}-${p.max ?? ''}`).join(',');
      return `${ms(r.ms)}: ${JSON.stringify({ productType, brandIds, categoryIds, prices, sort, page })}`;
    });
}

function figures(label: string, t: Timings, goal: string | undefined): BenchFigure[] {
  const all = [...t.list, ...t.deep].sort((a, b) => a - b);
  const g = goal ? { goal } : {};
  return [
    {
      figure: `${label}: list p50 / p95 / max (first and deep pages)`,
      value: `${ms(percentile(all, 50))} / ${ms(percentile(all, 95))} / ${ms(all.at(-1) ?? NaN)}`,
      ...g,
    },
    {
      figure: `${label}: deep pages (2 to ${Math.floor(LIST_DEPTH / PRODUCT_PAGE_SIZE)}) p95 / max`,
      value: `${ms(percentile(t.deep, 95))} / ${ms(t.deep.at(-1) ?? NaN)}`,
      ...g,
    },
    {
      figure: `${label}: filter panel counts p50 / p95 / max`,
      value: `${ms(percentile(t.facets, 50))} / ${ms(percentile(t.facets, 95))} / ${ms(t.facets.at(-1) ?? NaN)}`,
      ...g,
    },
    { figure: `${label}: counts read cold (once a minute, or after a change)`, value: ms(t.coldCountsMs) },
    ...byShape(label, t),
  ];
}

/** The benchmarks' databases start with bench_ (docs/performance.md): they are dropped and built again at will. */
const MILLION_DATABASE = 'bench_filters_1m';

/** Standalone options: `--database NAME` (PostgreSQL, default bench_filters_1m), `--postgres-only`. */
interface Options {
  database: string;
  pglite: boolean;
}

const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(' / ');

export const run: BenchPart = (context: BenchContext) => measureAll(context, { database: MILLION_DATABASE, pglite: true });

async function measureAll(context: BenchContext, options: Options): Promise<BenchSection> {
  const queries = context.quick ? 100 : 400;
  const out: BenchFigure[] = [];
  const notes: string[] = [
    `${queries} random combinations of range, 0-2 categories, 0-2 brands, 0-2 price buckets and sort, one in four on a deep page (2 to ${Math.floor(LIST_DEPTH / PRODUCT_PAGE_SIZE)}), each timed as the store runs it (listProducts, then listFacets) after 20 warm-up lists; \`npx tsx scripts/bench/filters.ts\`.`,
  ];
  if (context.postgresUrl && !context.quick) {
    const catalog = await ensureCatalog(databaseUrl(context.postgresUrl, options.database), 1_000_000, context.log, {
      rebuild: !context.reuseCatalogs,
    });
    try {
      const loadBefore = loadAverage();
      const timings = await measure(catalog.handle.db, queries, context.log);
      notes.push(`PostgreSQL 1M: load average (1, 5, 15 min) ${loadBefore} before, ${loadAverage()} after.`);
      context.log(`PostgreSQL 1M, slowest lists:\n  ${slowest(timings, 8).join('\n  ')}`);
      if (catalog.built)
        out.push({
          figure: 'PostgreSQL: building 1,000,000 products (seed and VACUUM ANALYZE)',
          value: `${(catalog.buildMs / 1000).toFixed(1)} s`,
          goal: '< 300 s',
        });
      out.push(...figures('PostgreSQL 1M', timings, `p95 <= ${GOAL_MS} ms`));
    } finally {
      await catalog.handle.close();
    }
    notes.push(
      context.reuseCatalogs
        ? `PostgreSQL: database ${options.database}, reused when it holds 1,000,000 products (--reuse-catalogs: no build figure then), else built by \`npm run seed\`'s code.`
        : `PostgreSQL: database ${options.database}, built anew by \`npm run seed\`'s code (seedCatalog, then VACUUM ANALYZE), timed.`,
    );
  }
  if (!options.pglite) return { title: 'Filters and facet counts', figures: out, notes };
  const pglite = await ensureCatalog(path.resolve('data', 'bench', 'pglite-100k'), 100_000, context.log);
  try {
    if (pglite.built) out.push({ figure: 'PGlite: building 100,000 products', value: `${(pglite.buildMs / 1000).toFixed(1)} s` });
    const loadBefore = loadAverage();
    const timings = await measure(pglite.handle.db, queries, context.log);
    notes.push(`PGlite 100k: load average (1, 5, 15 min) ${loadBefore} before, ${loadAverage()} after.`);
    context.log(`PGlite 100k, slowest lists:\n  ${slowest(timings, 8).join('\n  ')}`);
    out.push(...figures('PGlite 100k', timings, undefined));
  } finally {
    await pglite.handle.close();
  }
  notes.push('PGlite: data/bench/pglite-100k, built when missing.');
  return { title: 'Filters and facet counts', figures: out, notes };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const named = process.argv.indexOf('--database');
  const section = await measureAll(
    {
      postgresUrl: process.env['BENCH_POSTGRES_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres',
      log: (line) => console.log(line),
      quick: process.argv.includes('--quick'),
      reuseCatalogs: process.argv.includes('--reuse-catalogs'),
    },
    {
      database: named > 0 ? (process.argv[named + 1] ?? MILLION_DATABASE) : MILLION_DATABASE,
      pglite: !process.argv.includes('--postgres-only'),
    },
  );
  console.log(`\n## ${section.title}`);
  for (const f of section.figures) console.log(`${f.figure}: ${f.value}${f.goal ? ` (goal ${f.goal})` : ''}`);
  for (const n of section.notes ?? []) console.log(`- ${n}`);
}
