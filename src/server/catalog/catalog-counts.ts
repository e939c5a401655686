// The catalog's counts by everything a list filters on (docs/decisions/0039-filters-at-scale.md#counts):
// one row per (range, brand, set of categories, price bucket) with its number of published products,
// kept in the catalog_counts table by triggers in the transaction of every catalog change. A few
// thousand rows at most, whatever the catalog's size, so the total and the filter panel's counts of
// any filter without a search are sums over them, in microseconds, and exact.
//
// A large catalog (1,000 products or more) keeps the rows in memory: until the route cache's
// invalidation names what they count (the lists, a category, a brand, everything), or for at most
// 60 seconds (a change made without an invalidation), after which the kept ones are served while
// one fresh read runs. A small shop reads them on every call, so every change shows at once.
import { sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import type { ProductFilter } from '@/domain/catalog-query';
import type { ProductType } from '@/domain/constants';
import { PRICE_BUCKETS } from '@/domain/price-buckets';
import { log } from '@/server/log';
import { onLocalInvalidation } from '@/server/cache/registry';
import { ALL_TAG, cacheTags } from '@/server/cache/tags';

export interface CountCell {
  productType: ProductType;
  brandId: number | null;
  /** The product's categories, ascending (empty: none). */
  categoryIds: number[];
  /** Index into PRICE_BUCKETS of the product's shelf price. */
  bucket: number;
  n: number;
}

export interface CountCube {
  cells: CountCell[];
  /** Published products. */
  total: number;
}

/** From this many published products on, the counts are kept between requests. */
export const KEEP_COUNTS_FROM = 1_000;
const FRESH_MS = 60_000;

interface State {
  cube?: CountCube;
  readAt: number;
  /** The generation the kept cube was read in: a later one (an invalidation) makes it stale. */
  generation: number;
  reading?: Promise<CountCube>;
}
const states = new WeakMap<Db, State>();
/** Bumped by every invalidation of what the counts count, for every database at once. */
let generation = 0;

async function readCube(db: Db): Promise<CountCube> {
  const result = (await db.execute(sql`
    select product_type as "productType", brand_id as "brandId", category_ids as "categoryIds", bucket, n
    from catalog_counts where n > 0`)) as unknown as { rows: Array<Record<string, unknown>> };
  const cells = result.rows.map((r) => ({
    productType: r['productType'] as ProductType,
    brandId: r['brandId'] === null ? null : Number(r['brandId']),
    categoryIds: (r['categoryIds'] as unknown[]).map(Number),
    bucket: Number(r['bucket']),
    n: Number(r['n']),
  }));
  return { cells, total: cells.reduce((sum, c) => sum + c.n, 0) };
}

function startRead(db: Db, state: State): Promise<CountCube> {
  const started = generation;
  state.reading ??= readCube(db)
    .then((cube) => {
      // A read that overlapped an invalidation may have missed the change: served once, not kept.
      if (cube.total >= KEEP_COUNTS_FROM && started === generation) {
        state.cube = cube;
        state.readAt = Date.now();
        state.generation = started;
      } else delete state.cube;
      return cube;
    })
    .finally(() => delete state.reading);
  return state.reading;
}

/** The counts: kept ones (refreshed behind the scenes once a minute old) or read now. */
export async function countCube(db: Db): Promise<CountCube> {
  let state = states.get(db);
  if (!state) states.set(db, (state = { readAt: 0, generation }));
  if (state.cube && state.generation === generation) {
    if (Date.now() - state.readAt > FRESH_MS && !state.reading) {
      startRead(db, state).catch((error: unknown) =>
        log.error('catalog counts refresh failed', { error: error instanceof Error ? error.message : String(error) }),
      );
    }
    return state.cube;
  }
  return startRead(db, state);
}

/** Drops the kept counts of every database: the next list reads them fresh (after a catalog change). */
export function forgetCatalogCounts(): void {
  generation += 1;
}

/** Whether an invalidation with these tags may change the counts (docs/decisions/0037-route-cache.md#tags). */
export function tagsChangeCounts(tags: readonly string[]): boolean {
  return tags.some(
    (tag) => tag === ALL_TAG || tag === cacheTags.lists || tag.startsWith(cacheTags.category('')) || tag.startsWith(cacheTags.brand('')),
  );
}

// Every invalidation of the route cache, this instance's own or another's by NOTIFY, reaches here.
onLocalInvalidation((tags) => {
  if (tagsChangeCounts(tags)) forgetCatalogCounts();
});

/**
 * The price buckets a filter's price ranges name, or null when a range is not one of the buckets
 * (the API takes any range): such a filter is counted in the database.
 */
export function bucketsOf(filter: Pick<ProductFilter, 'priceRanges'>): Set<number> | null {
  const chosen = new Set<number>();
  for (const range of filter.priceRanges) {
    const i = PRICE_BUCKETS.findIndex((b) => b.min === range.min && b.max === range.max);
    if (i < 0) return null;
    chosen.add(i);
  }
  return chosen;
}

type Dimension = 'productType' | 'brand' | 'category' | 'price';

/** Whether a cell passes every chosen filter but the one of `skip`. */
function passes(cell: CountCell, filter: ProductFilter, buckets: Set<number>, skip?: Dimension): boolean {
  if (skip !== 'productType' && filter.productType && cell.productType !== filter.productType) return false;
  if (skip !== 'brand' && filter.brandIds.length > 0 && (cell.brandId === null || !filter.brandIds.includes(cell.brandId))) return false;
  if (skip !== 'category' && filter.categoryIds.length > 0 && !cell.categoryIds.some((id) => filter.categoryIds.includes(id))) return false;
  if (skip !== 'price' && buckets.size > 0 && !buckets.has(cell.bucket)) return false;
  return true;
}

/** How many published products match the filter (its search aside). */
export function cubeTotal(cube: CountCube, filter: ProductFilter, buckets: Set<number>): number {
  let n = 0;
  for (const cell of cube.cells) if (passes(cell, filter, buckets)) n += cell.n;
  return n;
}

export interface CubeFacets {
  productTypes: Map<ProductType, number>;
  brands: Map<number, number>;
  categories: Map<number, number>;
  /** By index into PRICE_BUCKETS. */
  priceBuckets: number[];
}

/** Each facet's counts under the other facets' choices (docs/product.md#store-and-product-lists). */
export function cubeFacets(cube: CountCube, filter: ProductFilter, buckets: Set<number>): CubeFacets {
  const out: CubeFacets = {
    productTypes: new Map(),
    brands: new Map(),
    categories: new Map(),
    priceBuckets: PRICE_BUCKETS.map(() => 0),
  };
  const add = <K>(map: Map<K, number>, key: K, n: number) => map.set(key, (map.get(key) ?? 0) + n);
  for (const cell of cube.cells) {
    if (passes(cell, filter, buckets, 'productType')) add(out.productTypes, cell.productType, cell.n);
    if (cell.brandId !== null && passes(cell, filter, buckets, 'brand')) add(out.brands, cell.brandId, cell.n);
    if (passes(cell, filter, buckets, 'category')) for (const id of cell.categoryIds) add(out.categories, id, cell.n);
    if (passes(cell, filter, buckets, 'price')) out.priceBuckets[cell.bucket] = (out.priceBuckets[cell.bucket] ?? 0) + cell.n;
  }
  return out;
}

/** How many products of each price bucket (by index into PRICE_BUCKETS) match the whole filter. */
export function cubeByBucket(cube: CountCube, filter: ProductFilter, buckets: Set<number>): number[] {
  const out = PRICE_BUCKETS.map(() => 0);
  for (const cell of cube.cells) if (passes(cell, filter, buckets)) out[cell.bucket] = (out[cell.bucket] ?? 0) + cell.n;
  return out;
}
