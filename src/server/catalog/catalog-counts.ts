// The catalog's counts by everything a list filters on (docs/decisions/0039-filters-at-scale.md):
// one row per (range, brand, set of categories, price bucket) with its number of published products.
// A few thousand rows at most, whatever the catalog's size, so the total and the filter panel's
// counts of any filter without a search are sums over them, in microseconds, and exact.
//
// A large catalog (1,000 products or more) keeps its counts for 60 seconds and then serves the
// kept ones while one fresh read runs; forgetCatalogCounts drops them at once (a catalog change).
// A small shop reads them on every call, so every change shows at once.
import { sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import type { ProductFilter } from '@/domain/catalog-query';
import type { ProductType } from '@/domain/constants';
import { PRICE_BUCKETS } from '@/domain/price-buckets';
import { log } from '@/server/log';

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
  reading?: Promise<CountCube>;
}
const states = new WeakMap<Db, State>();

// The price buckets cover every price without gaps, in ascending order.
const bucketCase = sql.raw(
  `case ${PRICE_BUCKETS.slice(0, -1)
    .map((b, i) => `when p.shelf_price < ${Number(b.max)} then ${i}`)
    .join(' ')} else ${PRICE_BUCKETS.length - 1} end`,
);

async function readCube(db: Db): Promise<CountCube> {
  const result = (await db.execute(sql`
    select p.product_type as "productType", p.brand_id as "brandId", coalesce(c.ids, '{}') as "categoryIds",
      ${bucketCase} as bucket, count(*)::int as n
    from products p
    left join (select product_id, array_agg(category_id order by category_id) as ids from product_categories group by product_id) c
      on c.product_id = p.id
    where p.published
    group by 1, 2, 3, 4`)) as unknown as { rows: Array<Record<string, unknown>> };
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
  state.reading ??= readCube(db)
    .then((cube) => {
      if (cube.total >= KEEP_COUNTS_FROM) {
        state.cube = cube;
        state.readAt = Date.now();
      } else delete state.cube;
      return cube;
    })
    .finally(() => delete state.reading);
  return state.reading;
}

/** The counts: kept ones (refreshed behind the scenes once a minute old) or read now. */
export async function countCube(db: Db): Promise<CountCube> {
  let state = states.get(db);
  if (!state) states.set(db, (state = { readAt: 0 }));
  if (state.cube) {
    if (Date.now() - state.readAt > FRESH_MS && !state.reading) {
      startRead(db, state).catch((error: unknown) =>
        log.error('catalog counts refresh failed', { error: error instanceof Error ? error.message : String(error) }),
      );
    }
    return state.cube;
  }
  return startRead(db, state);
}

/** Drops the kept counts of `db`: the next list reads them fresh (after a catalog change). */
export function forgetCatalogCounts(db: Db): void {
  const state = states.get(db);
  if (state) {
    delete state.cube;
    state.readAt = 0;
  }
}

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
