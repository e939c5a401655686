// Catalog reads for pages and the API: product lists with filters and search, product
// details, categories, brands, home page lists. Prices stay in fils here.
import { and, asc, desc, eq, gte, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import {
  brands,
  categories,
  featuredProducts,
  latestProducts,
  productCategories,
  productImages,
  products,
  seoKeywords,
  topBrands,
  topOffers,
} from '@/server/db/schema/catalog';
import {
  SEARCH_RESULTS_CAP,
  boundedMatches,
  resolveSearch as resolveProductSearch,
  runSearch,
  type ResolvedSearch,
} from '@/server/search/product-search';
import type { ProductFilter } from '@/domain/catalog-query';
import type { ProductType } from '@/domain/constants';
import { PRICE_BUCKETS } from '@/domain/price-buckets';
import { LIST_DEPTH, lastPageOf } from '@/domain/pager';
import { bucketsOf, countCube, cubeByBucket, cubeFacets, cubeTotal, type CountCube } from './catalog-counts';
import { errorForLog, log } from '@/server/log';
import { NEW_BADGE_DAYS, PRODUCT_TYPES, RELATED_PRODUCTS } from '@/domain/constants';
import { sanitizeProductHtml } from './sanitize';
import { storedPhotoOf, type StoredPhoto } from '@/domain/product-photos';
import { createMemo } from '@/server/cache';
import { onLocalInvalidation } from '@/server/cache/registry';
import { tagsChangeTaxonomy } from '@/server/cache/tags';
import { renderCataloguePdf, specsFromHtmlTable } from './catalogue-pdf';
import { fils, formatPrice, type Fils } from '@/domain/money';
import { shelfPrice as shelfPriceOf } from '@/domain/pricing';
import { homeImages, homeSlides } from '@/server/db/schema/home';
import type { HomeSlideBlock } from '@/domain/home-blocks';

export interface ProductCard {
  id: number;
  name: string;
  sku: string;
  thumbnail: string;
  unitPrice: Fils;
  /** Percent off the unit price. */
  discount: number;
  shelfPrice: Fils;
  quantity: number;
  weightKg: number;
  rating: number;
  reviewCount: number;
  brandId: number | null;
  /** The product's own colour, when it comes in colours (its colour siblings share a colour group). */
  colorName: string | null;
  colorHex: string | null;
  isNew: boolean;
  createdAt: Date;
}

export interface Page<T> {
  items: T[];
  page: number;
  perPage: number;
  total: number;
  lastPage: number;
  /** The total is a floor: a search counts at most SEARCH_RESULTS_CAP products (docs/decisions/0038-search-at-scale.md#bounded-candidates). */
  capped?: boolean;
}

const cardColumns = {
  id: products.id,
  name: products.name,
  sku: products.sku,
  thumbnail: products.thumbnailImgLink,
  unitPrice: products.unitPrice,
  discount: products.discount,
  shelfPrice: sql<Fils>`${products.shelfPrice}`.mapWith((value: unknown) => fils(Number(value))),
  quantity: products.quantity,
  weightKg: products.weightKg,
  rating: products.rating,
  reviewCount: products.reviewCount,
  brandId: products.brandId,
  colorName: products.colorName,
  colorHex: products.colorHex,
  createdAt: products.createdAt,
};

type CardRow = Omit<ProductCard, 'isNew'>;

function toCard(row: CardRow, now: Date): ProductCard {
  const ageMs = now.getTime() - new Date(row.createdAt).getTime();
  return { ...row, createdAt: new Date(row.createdAt), isNew: ageMs <= NEW_BADGE_DAYS * 86_400_000 };
}

function filterConditions(filter: ProductFilter): SQL[] {
  const conditions: SQL[] = [eq(products.published, true)];
  if (filter.productType) conditions.push(eq(products.productType, filter.productType));
  if (filter.brandIds.length > 0) conditions.push(inArray(products.brandId, filter.brandIds));
  // The product's own copy of its categories, which every list index carries
  // (docs/decisions/0039-filters-at-scale.md#indexes): checked on the index entry, no lookup per product.
  if (filter.categoryIds.length > 0) conditions.push(hasAnyCategory(filter.categoryIds));
  if (filter.priceRanges.length > 0) {
    const ranges = filter.priceRanges.map((r) =>
      r.max === null ? gte(products.shelfPrice, r.min) : and(gte(products.shelfPrice, r.min), lt(products.shelfPrice, r.max))!,
    );
    conditions.push(or(...ranges)!);
  }
  return conditions;
}

function hasAnyCategory(ids: number[]): SQL {
  return sql`${products.categoryIds} && array[${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )}]::integer[]`;
}

/**
 * The search a list applies (src/server/search/product-search.ts): the words as typed, else the
 * corrected words. Undefined: no search; null: nothing can match.
 */
async function resolveSearch(db: Db, text: string | undefined): Promise<ResolvedSearch | null | undefined> {
  if (!text) return undefined;
  return resolveProductSearch(db, text);
}

/**
 * Products matching a filter, one page of cards, with the total for the pager. Pages reach the
 * first LIST_DEPTH products of a list (docs/decisions/0039-filters-at-scale.md#paging): lastPage
 * stops there, and a page past it comes back empty, as a page past the end does.
 */
export async function listProducts(db: Db, filter: ProductFilter, now = new Date()): Promise<Page<ProductCard>> {
  if (filter.search) return listSearchResults(db, filter, now);
  const orderBy = sortOrder(filter.sort, null);
  const conditions = filterConditions(filter);
  const buckets = bucketsOf(filter);
  const cube = buckets ? await cubeOrNull(db) : null;
  const total = cube && buckets ? cubeTotal(cube, filter, buckets) : await countProducts(db, conditions, filter, 'all');
  if (total === 0) return emptyPage(filter);
  const offset = (filter.page - 1) * filter.limit;
  const lastPage = lastPageWithin(total, filter.limit);
  if (offset >= Math.min(total, LIST_DEPTH)) return { items: [], page: filter.page, perPage: filter.limit, total, lastPage };

  // The page's ids first, then the cards (docs/decisions/0039-filters-at-scale.md#indexes). With the
  // exact total known, the cheaper of two reads: walk a sort index (it carries the filtered columns)
  // until the page is reached, about (offset + limit) x catalog / total entries; or, when the filter
  // keeps few products, read all of them and sort those.
  const take = Math.min(filter.limit, LIST_DEPTH - offset);
  const window = cube && buckets ? priceWindow(cube, filter, buckets, offset, take) : null;
  const read = window ?? { conditions: [], offset, matches: total, entries: cube?.total ?? 0 };
  const within = [...conditions, ...read.conditions];
  const few =
    cube !== null && buckets !== null && fewReadEntries(cube, filter, buckets, read) < ((read.offset + take) * read.entries) / read.matches;
  const matching = db
    .select({ id: products.id })
    .from(products)
    .where(and(...within));
  const ids = (
    few
      ? await fewMatchingIds(db, within, filter.sort, take, read.offset)
      : await matching
          .orderBy(...orderBy)
          .limit(take)
          .offset(read.offset)
  ).map((r) => r.id);
  const rows = ids.length > 0 ? await db.select(cardColumns).from(products).where(inArray(products.id, ids)) : [];
  const byId = new Map(rows.map((row) => [row.id, row]));

  return {
    items: ids.flatMap((id) => {
      const row = byId.get(id);
      return row ? [toCard(row, now)] : [];
    }),
    page: filter.page,
    perPage: filter.limit,
    total,
    lastPage,
  };
}

/** A list's order: the sort chosen, then the newest first; relevance is the search's rank (none without a search). */
function sortOrder(
  sort: ProductFilter['sort'],
  rank: SQL | null,
  last: { createdAt: SQL | typeof products.createdAt; id: SQL | typeof products.id } = products,
): SQL[] {
  const orderBy: SQL[] = [];
  switch (sort) {
    case 'price_asc':
      orderBy.push(asc(products.shelfPrice));
      break;
    case 'price_desc':
      orderBy.push(desc(products.shelfPrice));
      break;
    case 'rating':
      orderBy.push(desc(products.rating), desc(products.reviewCount));
      break;
    case 'relevance':
      if (rank) orderBy.push(sql`${rank} desc`);
      break;
    case 'newest':
      break;
  }
  orderBy.push(desc(last.createdAt), desc(last.id));
  return orderBy;
}

/**
 * The index entries reading all of a filter's matches visits (docs/decisions/0039-filters-at-scale.md#indexes):
 * only an index that leads with a filtered column narrows that read, the brand index for brands
 * and a price index for price buckets (or a price sort's window); categories and the range are
 * checked on the entries, so without brands or prices the read visits every entry of the window.
 * The walk visits about (offset + limit) x entries / matches: the cheaper is chosen.
 */
function fewReadEntries(cube: CountCube, filter: ProductFilter, buckets: Set<number>, read: { entries: number }): number {
  const unfiltered: ProductFilter = { brandIds: [], categoryIds: [], priceRanges: [], sort: filter.sort, page: 1, limit: 1 };
  let entries = read.entries;
  if (filter.brandIds.length > 0) entries = Math.min(entries, cubeTotal(cube, { ...unfiltered, brandIds: filter.brandIds }, new Set()));
  if (buckets.size > 0) entries = Math.min(entries, cubeTotal(cube, unfiltered, buckets));
  return entries;
}

/**
 * For a price sort, the price buckets that hold the page's products, from the counts
 * (docs/decisions/0039-filters-at-scale.md#indexes): the walk starts at the first of them with the
 * products of the buckets before it skipped by count, so a filter whose products are all expensive
 * does not walk the whole cheap end of the catalog to reach them. Null for the other sorts.
 */
function priceWindow(cube: CountCube, filter: ProductFilter, buckets: Set<number>, offset: number, take: number) {
  if (filter.sort !== 'price_asc' && filter.sort !== 'price_desc') return null;
  const matching = cubeByBucket(cube, filter, buckets);
  const all = cubeByBucket(cube, { brandIds: [], categoryIds: [], priceRanges: [], sort: filter.sort, page: 1, limit: 1 }, new Set());
  const order = PRICE_BUCKETS.map((_, i) => i);
  if (filter.sort === 'price_desc') order.reverse();
  let skipped = 0;
  const chosen: number[] = [];
  for (const i of order) {
    const n = matching[i] ?? 0;
    if (chosen.length === 0 && skipped + n <= offset) {
      skipped += n;
      continue;
    }
    chosen.push(i);
    if (skipped + chosen.reduce((sum, b) => sum + (matching[b] ?? 0), 0) >= offset + take) break;
  }
  if (chosen.length === 0) return null;
  const low = PRICE_BUCKETS[Math.min(...chosen)]!;
  const high = PRICE_BUCKETS[Math.max(...chosen)]!;
  return {
    conditions: [gte(products.shelfPrice, low.min), ...(high.max === null ? [] : [lt(products.shelfPrice, high.max)])],
    offset: offset - skipped,
    matches: chosen.reduce((sum, b) => sum + (matching[b] ?? 0), 0),
    entries: chosen.reduce((sum, b) => sum + (all[b] ?? 0), 0),
  };
}

/**
 * A search's page (docs/decisions/0038-search-at-scale.md#bounded-candidates): ranked, sorted and
 * counted inside the bounded candidate set, never the whole catalog; the choice of the search's
 * step in the same statement (docs/decisions/0038-search-at-scale.md#one-statement-per-search).
 */
async function listSearchResults(db: Db, filter: ProductFilter, now: Date): Promise<Page<ProductCard>> {
  // No filter: the list's matches are the text's, and each step's candidates are its probe too.
  const textAlone =
    !filter.productType && filter.brandIds.length === 0 && filter.categoryIds.length === 0 && filter.priceRanges.length === 0;
  const found = await runSearch(
    db,
    filter.search ?? '',
    async (statement) => {
      const { shelfPrice, ...columns } = cardColumns;
      const counted = {
        matched: sql<number>`count(*) over ()`.as('matched'),
        position: sql<number>`row_number() over (order by ${sql.join(sortOrder(filter.sort, statement.rank), sql`, `)})`.as('position'),
      };
      const cardsOf = (more: typeof counted) => ({ ...columns, shelfPrice: sql<number>`${shelfPrice}`.as('shelf_price'), ...more });
      // By relevance without filters, the candidates come ranked: the page's few products alone are
      // read again (docs/decisions/0038-search-at-scale.md#ranked-where-read).
      const top =
        statement.ranked && filter.sort === 'relevance'
          ? db
              .select({
                id: sql<number>`id`.as('top_id'),
                matched: sql<number>`count(*) over ()`.as('top_matched'),
                position: sql<number>`row_number() over (order by ${sql.join(
                  sortOrder(filter.sort, sql`rank`, { createdAt: sql`created_at`, id: sql`id` }),
                  sql`, `,
                )})`.as('top_position'),
              })
              .from(sql`${statement.ranked} as candidates`)
              .orderBy(sql`top_position`)
              .limit(filter.limit)
              .offset((filter.page - 1) * filter.limit)
              .as('top')
          : null;
      const pageColumns = top
        ? cardsOf({ matched: sql<number>`${top.matched}`.as('matched'), position: sql<number>`${top.position}`.as('position') })
        : cardsOf(counted);
      const page = top
        ? db.select(pageColumns).from(products).innerJoin(top, eq(products.id, top.id)).as('page')
        : db
            .select(pageColumns)
            .from(products)
            .where(statement.matches(filterConditions(filter)))
            // By the position, not the sort again: the rank (ts_rank and word_similarity of every
            // candidate) is then computed once, for the window, instead of twice.
            .orderBy(sql`"position"`)
            .limit(filter.limit)
            .offset((filter.page - 1) * filter.limit)
            .as('page');
      // The page joined to the step's row: a page without products still tells the step and the version.
      const fields = Object.fromEntries(Object.keys(pageColumns).map((key) => [key, page[key as keyof typeof pageColumns]])) as {
        [K in keyof typeof pageColumns]: (typeof page)[K];
      };
      const rows = await db
        .with(...statement.ctes)
        .select({ ...fields, chosen: statement.chosen, version: statement.version })
        .from(statement.step)
        .leftJoin(page, sql`true`)
        .orderBy(page.position);
      const items = rows.flatMap(({ chosen: _chosen, version: _version, position: _position, ...row }) =>
        row.id === null
          ? []
          : [{ ...(row as Omit<CardRow, 'shelfPrice'>), shelfPrice: fils(Number(row.shelfPrice)), matched: Number(row.matched) }],
      );
      return { result: items, chosen: rows[0]?.chosen ?? null, version: rows[0]?.version };
    },
    { textAlone },
  );
  if (!found) return emptyPage(filter);
  const rows = found.result;
  // A page past the end has no row to carry the count: count the candidates alone.
  const counted =
    rows[0]?.matched ??
    (filter.page > 1
      ? ((
          await db
            .select({ n: sql<number>`count(*)`.mapWith(Number) })
            .from(products)
            .where(boundedMatches([...filterConditions(filter), found.search.where]))
        )[0]?.n ?? 0)
      : 0);
  if (counted === 0) return emptyPage(filter);
  const capped = counted > SEARCH_RESULTS_CAP;
  const total = capped ? SEARCH_RESULTS_CAP : counted;
  return {
    items: rows.slice(0, Math.max(0, total - (filter.page - 1) * filter.limit)).map(({ matched: _matched, ...row }) => toCard(row, now)),
    page: filter.page,
    perPage: filter.limit,
    total,
    lastPage: lastPageOf(total, filter.limit),
    ...(capped ? { capped } : {}),
  };
}

/**
 * The page's ids of a filter that keeps few products: all of them read first (kept apart from the
 * sort, so the planner does not walk a sort index past a whole catalog), then sorted.
 */
async function fewMatchingIds(db: Db, conditions: SQL[], sort: ProductFilter['sort'], take: number, offset: number) {
  const order =
    sort === 'price_asc'
      ? sql`shelf_price asc, `
      : sort === 'price_desc'
        ? sql`shelf_price desc, `
        : sort === 'rating'
          ? sql`rating desc, review_count desc, `
          : sql``;
  // Only the sort's columns, so the matches come from one of the list indexes alone.
  const kept = db
    .select({
      id: products.id,
      created_at: products.createdAt,
      ...(sort === 'price_asc' || sort === 'price_desc' ? { shelf_price: products.shelfPrice } : {}),
      ...(sort === 'rating' ? { rating: products.rating, review_count: products.reviewCount } : {}),
    })
    .from(products)
    .where(and(...conditions));
  const result = (await db.execute(
    sql`with kept as materialized (${kept}) select id from kept order by ${order}created_at desc, id desc limit ${take} offset ${offset}`,
  )) as unknown as { rows: Array<{ id: number }> };
  return result.rows.map((r) => ({ id: Number(r.id) }));
}

/**
 * The catalog's counts, or null when they cannot be read now (a large catalog's first read failing,
 * e.g. on a statement timeout under load): the list then counts in the database, as before.
 */
async function cubeOrNull(db: Db): Promise<CountCube | null> {
  try {
    return await countCube(db);
  } catch (error) {
    log.error('catalog counts read failed; counting in the database', { error: errorForLog(error as Error) });
    return null;
  }
}

/** The last page a pager offers: the list's last, or the one that reaches LIST_DEPTH products. */
function lastPageWithin(total: number, perPage: number): number {
  return Math.min(lastPageOf(total, perPage), Math.max(1, Math.floor(LIST_DEPTH / perPage)));
}

// Counting every match is the slow part of a list on a large catalog, and the pager only needs
// it roughly fresh: counts of 1,000 or more are kept for 30 seconds. Small ones are always exact,
// so a small shop (and every test) sees a change at once.
const LARGE = 1_000;
const memoCount = createMemo<number>({ ttlMs: 30_000, maxEntries: 500, keepIf: (n) => n >= LARGE });
// Facet counts (categories, brands) likewise, for catalogs of 1,000 products or more.
const memoFacets = createMemo<{ productCount: number }[]>({
  ttlMs: 60_000,
  maxEntries: 200,
  keepIf: (rows) => rows.reduce((sum, r) => sum + r.productCount, 0) >= LARGE,
});

function countProducts(db: Db, conditions: SQL[], filter: ProductFilter, kind: string): Promise<number> {
  const key = JSON.stringify([kind, filter.search, filter.productType, filter.brandIds, filter.categoryIds, filter.priceRanges]);
  return memoCount(db, key, async () => {
    const [row] = await db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(products)
      .where(and(...conditions));
    return row?.n ?? 0;
  });
}

function emptyPage(filter: ProductFilter): Page<ProductCard> {
  return { items: [], page: filter.page, perPage: filter.limit, total: 0, lastPage: 1 };
}

/**
 * Top sellers (docs/decisions/0019-catalog.md): products ranked by units sold, then by their place in the featured list,
 * so the featured products stand in while nothing has sold.
 */
export async function listTopSellers(db: Db, filter: ProductFilter, now = new Date()): Promise<Page<ProductCard>> {
  // Two segments, each read through its own index: products that sold (the partial top-sellers
  // index, walked in ranking order), then the featured stand-ins that have not sold yet. One query
  // with `sold or featured` had to rank every product of the catalog.
  const search = await resolveSearch(db, filter.search);
  if (search === null) return emptyPage(filter);
  const base = search ? [...filterConditions(filter), search.where] : filterConditions(filter);
  const sold = [...base, sql`${products.unitsSold} > 0`];
  const standIns = [...base, eq(products.unitsSold, 0)];
  const [soldTotal, [standInCount]] = await Promise.all([
    countProducts(db, sold, filter, `top-sold-${search?.kind ?? 'all'}`),
    db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(products)
      .innerJoin(featuredProducts, eq(featuredProducts.productId, products.id))
      .where(and(...standIns)),
  ]);
  const total = soldTotal + (standInCount?.n ?? 0);
  const offset = (filter.page - 1) * filter.limit;
  if (offset >= LIST_DEPTH)
    return { items: [], page: filter.page, perPage: filter.limit, total, lastPage: lastPageWithin(total, filter.limit) };
  const rows =
    offset < soldTotal
      ? await db
          .select(cardColumns)
          .from(products)
          .leftJoin(featuredProducts, eq(featuredProducts.productId, products.id))
          .where(and(...sold))
          .orderBy(desc(products.unitsSold), sql`${featuredProducts.position} asc nulls last`, desc(products.id))
          .limit(filter.limit)
          .offset(offset)
      : [];
  if (rows.length < filter.limit) {
    rows.push(
      ...(await db
        .select(cardColumns)
        .from(products)
        .innerJoin(featuredProducts, eq(featuredProducts.productId, products.id))
        .where(and(...standIns))
        .orderBy(asc(featuredProducts.position), desc(products.id))
        .limit(filter.limit - rows.length)
        .offset(Math.max(0, offset - soldTotal))),
    );
  }
  return {
    items: rows.map((row) => toCard(row, now)),
    page: filter.page,
    perPage: filter.limit,
    total,
    lastPage: lastPageWithin(total, filter.limit),
  };
}

/** Which products a list draws from: the whole catalog, or the top sellers' (sold or featured). */
export type ListScope = 'all' | 'top-sellers';

export interface FacetCount<Id> {
  id: Id;
  productCount: number;
}

/**
 * The filter panel's counts for the current results (docs/product.md#store-and-product-lists): each
 * facet counts the products the search and every other facet's choice leave, so a count says what
 * ticking that option would show. Options without products are left out unless chosen.
 */
export interface Facets {
  productTypes: FacetCount<ProductType>[];
  categories: (FacetCount<number> & { name: string })[];
  brands: (FacetCount<number> & { name: string })[];
  priceBuckets: FacetCount<string>[];
}

const memoListFacets = createMemo<Facets>({
  ttlMs: 60_000,
  maxEntries: 200,
  keepIf: (f) => f.productTypes.reduce((sum, t) => sum + t.productCount, 0) >= LARGE,
});

// The facets carry the categories' and brands' names: a staff edit drops them at once, here and
// (by NOTIFY) on every instance (docs/decisions/0049-categories-brands-seo.md).
onLocalInvalidation((tags) => {
  if (!tagsChangeTaxonomy(tags)) return;
  memoFacets.forget();
  memoListFacets.forget();
});

export async function listFacets(db: Db, filter: ProductFilter, scope: ListScope = 'all'): Promise<Facets> {
  const search = await resolveSearch(db, filter.search);
  if (search === null) return { productTypes: [], categories: [], brands: [], priceBuckets: [] };
  const buckets = !search && scope === 'all' ? bucketsOf(filter) : null;
  const cube = buckets ? await cubeOrNull(db) : null;
  if (cube && buckets) return facetsFromCube(db, cube, filter, buckets);
  const inScope: SQL[] = [];
  if (scope === 'top-sellers') {
    inScope.push(
      sql`(${products.unitsSold} > 0 or exists (select 1 from ${featuredProducts} where ${featuredProducts.productId} = ${products.id}))`,
    );
  }
  // With a search, each facet counts inside its own bounded candidate set, as the list does.
  const without = (change: Partial<ProductFilter>) => {
    const conditions = [...filterConditions({ ...filter, ...change }), ...inScope];
    return search ? boundedMatches([...conditions, search.where]) : and(...conditions);
  };
  const key = JSON.stringify([
    scope,
    filter.search,
    search?.kind,
    filter.productType,
    filter.brandIds,
    filter.categoryIds,
    filter.priceRanges,
  ]);

  return memoListFacets(db, key, async () => {
    const brandCounts = db
      .select({ brandId: products.brandId, n: sql<number>`count(*)`.mapWith(Number).as('n') })
      .from(products)
      .where(without({ brandIds: [] }))
      .groupBy(products.brandId)
      .as('brand_counts');
    const categoryCounts = db
      .select({ categoryId: productCategories.categoryId, n: sql<number>`count(*)`.mapWith(Number).as('n') })
      .from(productCategories)
      .innerJoin(products, eq(products.id, productCategories.productId))
      .where(without({ categoryIds: [] }))
      .groupBy(productCategories.categoryId)
      .as('category_counts');
    const chosen = (column: typeof brands.id | typeof categories.id, ids: number[]) => (ids.length > 0 ? inArray(column, ids) : sql`false`);
    const [types, cats, brandRows, [buckets]] = await Promise.all([
      db
        .select({ id: products.productType, productCount: sql<number>`count(*)`.mapWith(Number) })
        .from(products)
        .where(without({ productType: undefined }))
        .groupBy(products.productType)
        .orderBy(asc(products.productType)),
      db
        .select({ id: categories.id, name: categories.name, productCount: sql<number>`coalesce(${categoryCounts.n}, 0)`.mapWith(Number) })
        .from(categories)
        .leftJoin(categoryCounts, eq(categoryCounts.categoryId, categories.id))
        .where(or(sql`${categoryCounts.n} > 0`, chosen(categories.id, filter.categoryIds)))
        .orderBy(asc(categories.sortOrder), asc(categories.id)),
      db
        .select({ id: brands.id, name: brands.name, productCount: sql<number>`coalesce(${brandCounts.n}, 0)`.mapWith(Number) })
        .from(brands)
        .leftJoin(brandCounts, eq(brandCounts.brandId, brands.id))
        .where(or(sql`${brandCounts.n} > 0`, chosen(brands.id, filter.brandIds)))
        .orderBy(asc(brands.name), asc(brands.id)),
      db
        .select(
          Object.fromEntries(
            PRICE_BUCKETS.map((b) => [
              b.id,
              sql<number>`count(*) filter (where ${products.shelfPrice} >= ${b.min}${b.max === null ? sql`` : sql` and ${products.shelfPrice} < ${b.max}`})`.mapWith(
                Number,
              ),
            ]),
          ),
        )
        .from(products)
        .where(without({ priceRanges: [] })),
    ]);
    return {
      productTypes: types.filter((t) => t.productCount > 0 || t.id === filter.productType),
      categories: cats,
      brands: brandRows,
      priceBuckets: PRICE_BUCKETS.map((b) => ({ id: b.id, productCount: Number(buckets?.[b.id] ?? 0) })),
    };
  });
}

/** Without a search, the facets are sums over the catalog's counts (src/server/catalog/catalog-counts.ts). */
async function facetsFromCube(db: Db, cube: CountCube, filter: ProductFilter, buckets: Set<number>): Promise<Facets> {
  const [categoryRows, brandRows] = await Promise.all([
    db.select({ id: categories.id, name: categories.name }).from(categories).orderBy(asc(categories.sortOrder), asc(categories.id)),
    db.select({ id: brands.id, name: brands.name }).from(brands).orderBy(asc(brands.name), asc(brands.id)),
  ]);
  const counts = cubeFacets(cube, filter, buckets);
  const shown = <T extends { id: number }>(rows: T[], map: Map<number, number>, chosen: number[]) =>
    rows.map((r) => ({ ...r, productCount: map.get(r.id) ?? 0 })).filter((r) => r.productCount > 0 || chosen.includes(r.id));
  return {
    productTypes: [...PRODUCT_TYPES]
      .sort()
      .map((id) => ({ id, productCount: counts.productTypes.get(id) ?? 0 }))
      .filter((t) => t.productCount > 0 || t.id === filter.productType),
    categories: shown(categoryRows, counts.categories, filter.categoryIds),
    brands: shown(brandRows, counts.brands, filter.brandIds),
    priceBuckets: PRICE_BUCKETS.map((b, i) => ({ id: b.id, productCount: counts.priceBuckets[i] ?? 0 })),
  };
}

/** New arrivals: the newest products first. */
export function listNewArrivals(db: Db, filter: ProductFilter, now = new Date()): Promise<Page<ProductCard>> {
  return listProducts(db, { ...filter, sort: 'newest' }, now);
}

/** The curated "Latest products" list of the home page, in its order. */
export async function listLatestPicks(db: Db, limit: number, now = new Date()): Promise<ProductCard[]> {
  const rows = await db
    .select(cardColumns)
    .from(latestProducts)
    .innerJoin(products, eq(products.id, latestProducts.productId))
    .where(eq(products.published, true))
    .orderBy(asc(latestProducts.position))
    .limit(limit);
  return rows.map((row) => toCard(row, now));
}

export interface ProductDetail extends ProductCard {
  description: string;
  productDesc: string;
  pdfLink: string | null;
  videoLink: string | null;
  productType: 'office' | 'home';
  metaTitle: string | null;
  metaDescription: string | null;
  metaKeywords: string | null;
  metaImg: string | null;
  gallery: string[];
  /** gallery[i]'s uploaded photo with its variants, or null for a drawn picture (docs/decisions/0046-product-photos.md). */
  galleryPhotos: (StoredPhoto | null)[];
  categories: { id: number; name: string }[];
  brand: { id: number; name: string; logo: string } | null;
  colors: { productId: number; hex: string; name: string | null }[];
}

/** One published product with everything its page shows; descriptions sanitised (docs/decisions/0019-catalog.md). */
export async function getProductDetail(db: Db, id: number, now = new Date()): Promise<ProductDetail | null> {
  const [row] = await db
    .select({
      ...cardColumns,
      description: products.description,
      productDesc: products.productDesc,
      pdfLink: products.pdfLink,
      videoLink: products.videoLink,
      productType: products.productType,
      colorGroup: products.colorGroup,
      metaTitle: products.metaTitle,
      metaDescription: products.metaDescription,
      metaKeywords: products.metaKeywords,
      metaImg: products.metaImg,
      brandName: brands.name,
      brandLogo: brands.logo,
    })
    .from(products)
    .leftJoin(brands, eq(brands.id, products.brandId))
    .where(and(eq(products.id, id), eq(products.published, true)));
  if (!row) return null;

  const [gallery, cats, colors] = await Promise.all([
    db
      .select({
        link: productImages.imageLink,
        photoKey: productImages.photoKey,
        width: productImages.width,
        height: productImages.height,
        widths: productImages.widths,
      })
      .from(productImages)
      .where(eq(productImages.productId, id))
      .orderBy(asc(productImages.position)),
    db
      .select({ id: categories.id, name: categories.name })
      .from(productCategories)
      .innerJoin(categories, eq(categories.id, productCategories.categoryId))
      .where(eq(productCategories.productId, id))
      .orderBy(asc(categories.sortOrder)),
    row.colorGroup
      ? db
          .select({ productId: products.id, hex: products.colorHex, name: products.colorName })
          .from(products)
          .where(and(eq(products.colorGroup, row.colorGroup), eq(products.published, true)))
          .orderBy(asc(products.id))
      : Promise.resolve([]),
  ]);

  const { colorGroup: _group, brandName, brandLogo, ...rest } = row;
  return {
    ...rest,
    ...toCard(rest, now),
    description: sanitizeProductHtml(rest.description),
    productDesc: sanitizeProductHtml(rest.productDesc),
    gallery: gallery.length > 0 ? gallery.map((g) => g.link) : [rest.thumbnail],
    galleryPhotos: gallery.length > 0 ? gallery.map(storedPhotoOf) : [null],
    categories: cats,
    brand: rest.brandId && brandName ? { id: rest.brandId, name: brandName, logo: brandLogo ?? '' } : null,
    colors: colors.flatMap((c) => (c.hex ? [{ productId: c.productId, hex: c.hex, name: c.name }] : [])),
  };
}

/** 'You might also like': products sharing a category, best rated first. */
export async function listRelated(
  db: Db,
  product: Pick<ProductDetail, 'id' | 'categories' | 'productType'>,
  now = new Date(),
): Promise<ProductCard[]> {
  const categoryIds = product.categories.map((c) => c.id);
  const sameKind =
    categoryIds.length > 0
      ? sql`exists (select 1 from ${productCategories} where ${productCategories.productId} = ${products.id} and ${inArray(productCategories.categoryId, categoryIds)})`
      : eq(products.productType, product.productType);
  const rows = await db
    .select(cardColumns)
    .from(products)
    .where(and(eq(products.published, true), sql`${products.id} <> ${product.id}`, sameKind))
    .orderBy(desc(products.rating), desc(products.reviewCount), desc(products.id))
    .limit(RELATED_PRODUCTS);
  return rows.map((row) => toCard(row, now));
}

export interface CategoryInfo {
  id: number;
  name: string;
  icon: string;
  /** The banner on its store page, or null (docs/decisions/0049-categories-brands-seo.md). */
  image: string | null;
  comingSoon: boolean;
  productCount: number;
}

/** Categories in display order; with a product type or brand, only those that have such products. */
export async function listCategories(
  db: Db,
  options: { productType?: 'office' | 'home' | undefined; brandId?: number | undefined; includeComingSoon?: boolean; limit?: number } = {},
): Promise<CategoryInfo[]> {
  const productConditions: SQL[] = [eq(products.published, true)];
  if (options.productType) productConditions.push(eq(products.productType, options.productType));
  if (options.brandId) productConditions.push(eq(products.brandId, options.brandId));
  const counts = db
    .select({ categoryId: productCategories.categoryId, n: sql<number>`count(*)`.mapWith(Number).as('n') })
    .from(productCategories)
    .innerJoin(products, eq(products.id, productCategories.productId))
    .where(and(...productConditions))
    .groupBy(productCategories.categoryId)
    .as('counts');
  const rows = (await memoFacets(db, JSON.stringify(['categories', options.productType, options.brandId, options.limit]), () =>
    db
      .select({
        id: categories.id,
        name: categories.name,
        icon: categories.icon,
        image: categories.image,
        comingSoon: categories.comingSoon,
        productCount: sql<number>`coalesce(${counts.n}, 0)`.mapWith(Number),
      })
      .from(categories)
      .leftJoin(counts, eq(counts.categoryId, categories.id))
      .orderBy(asc(categories.sortOrder), asc(categories.id))
      .limit(options.limit ?? 100),
  )) as CategoryInfo[];
  const filtered = options.productType || options.brandId;
  return rows.filter((c) => (c.comingSoon ? options.includeComingSoon === true : !filtered || c.productCount > 0));
}

export interface BrandInfo {
  id: number;
  name: string;
  logo: string;
  productCount: number;
}

/** Brands that have products matching the product type and categories given. */
export async function listBrands(
  db: Db,
  options: { productType?: 'office' | 'home' | undefined; categoryIds?: number[] } = {},
): Promise<BrandInfo[]> {
  const conditions: SQL[] = [eq(products.published, true)];
  if (options.productType) conditions.push(eq(products.productType, options.productType));
  if (options.categoryIds && options.categoryIds.length > 0) {
    conditions.push(
      sql`exists (select 1 from ${productCategories} where ${productCategories.productId} = ${products.id} and ${inArray(productCategories.categoryId, options.categoryIds)})`,
    );
  }
  return (await memoFacets(db, JSON.stringify(['brands', options.productType, options.categoryIds]), () =>
    db
      .select({ id: brands.id, name: brands.name, logo: brands.logo, productCount: sql<number>`count(${products.id})`.mapWith(Number) })
      .from(brands)
      .innerJoin(products, eq(products.brandId, brands.id))
      .where(and(...conditions))
      .groupBy(brands.id)
      .orderBy(asc(brands.name)),
  )) as BrandInfo[];
}

export function listTopBrands(db: Db): Promise<{ id: number; name: string; logo: string }[]> {
  return db
    .select({ id: brands.id, name: brands.name, logo: brands.logo })
    .from(topBrands)
    .innerJoin(brands, eq(brands.id, topBrands.brandId))
    .orderBy(asc(topBrands.position));
}

export async function getBrand(db: Db, id: number): Promise<{ id: number; name: string; logo: string } | null> {
  const [row] = await db.select({ id: brands.id, name: brands.name, logo: brands.logo }).from(brands).where(eq(brands.id, id));
  return row ?? null;
}

export async function getCategory(db: Db, id: number): Promise<{ id: number; name: string; icon: string } | null> {
  const [row] = await db
    .select({ id: categories.id, name: categories.name, icon: categories.icon })
    .from(categories)
    .where(eq(categories.id, id));
  return row ?? null;
}

export async function getTopOffer(db: Db): Promise<{ title: string; subTitle: string; code: string } | null> {
  const [row] = await db
    .select({ title: topOffers.title, subTitle: topOffers.subTitle, code: topOffers.code })
    .from(topOffers)
    .where(eq(topOffers.active, true))
    .orderBy(desc(topOffers.id))
    .limit(1);
  return row ?? null;
}

/** One slide of the home page's banner, hero slider or offer tiles; `photo` is null for a drawn picture. */
export interface HomeSlide {
  id: number;
  title: string;
  text: string;
  /** Null: an offer tile marked Coming Soon. */
  href: string | null;
  image: string;
  photo: StoredPhoto | null;
}

/** The shown slides of every block, in order (docs/decisions/0050-home-blocks.md). */
export async function listHomeSlides(db: Db): Promise<Record<HomeSlideBlock, HomeSlide[]>> {
  const rows = await db
    .select({ slide: homeSlides, image: homeImages })
    .from(homeSlides)
    .leftJoin(homeImages, eq(homeImages.key, homeSlides.photoKey))
    .where(eq(homeSlides.hidden, false))
    .orderBy(asc(homeSlides.position), asc(homeSlides.id));
  const blocks: Record<HomeSlideBlock, HomeSlide[]> = { banner: [], hero: [], tiles: [] };
  for (const { slide, image } of rows)
    blocks[slide.block as HomeSlideBlock]?.push({
      id: slide.id,
      title: slide.title,
      text: slide.text,
      href: slide.href,
      image: slide.imageLink,
      photo: image ? storedPhotoOf({ photoKey: image.key, width: image.width, height: image.height, widths: image.widths }) : null,
    });
  return blocks;
}

export async function listFeaturedPicks(db: Db, limit: number, now = new Date()): Promise<ProductCard[]> {
  const page = await listTopSellers(db, { brandIds: [], categoryIds: [], priceRanges: [], sort: 'newest', page: 1, limit }, now);
  return page.items;
}

export async function productExists(db: Db, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, id), eq(products.published, true)));
  return row !== undefined;
}

export function listSeoKeywords(db: Db): Promise<{ pageKey: string; title: string; description: string; keywords: string }[]> {
  return db
    .select({
      pageKey: seoKeywords.pageKey,
      title: seoKeywords.title,
      description: seoKeywords.description,
      keywords: seoKeywords.keywords,
    })
    .from(seoKeywords)
    .orderBy(asc(seoKeywords.pageKey));
}

/** The printable catalogue of a product that offers one, or null. */
export async function getCataloguePdf(db: Db, sku: string): Promise<Uint8Array | null> {
  const [row] = await db
    .select({
      name: products.name,
      sku: products.sku,
      unitPrice: products.unitPrice,
      discount: products.discount,
      productDesc: products.productDesc,
      pdfLink: products.pdfLink,
    })
    .from(products)
    .where(and(eq(products.sku, sku), eq(products.published, true)));
  if (!row || !row.pdfLink) return null;
  return renderCataloguePdf({
    name: row.name,
    sku: row.sku,
    price: formatPrice(shelfPriceOf(row.unitPrice, row.discount)),
    specs: specsFromHtmlTable(row.productDesc),
  });
}
