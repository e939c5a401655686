// Seeds the catalog: categories, brands, products with images and reviews, home page lists,
// the top offer, coupons and SEO rows. Everything goes in with batched multi-row inserts inside
// one transaction, so 100,000 products take seconds, not minutes, on PGlite and PostgreSQL.
import { count, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
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
} from '../db/schema/catalog';
import { coupons, reviews } from '../db/schema/shopping';
import { homeSlides } from '../db/schema/home';
import { homeSlideRows } from './home-data';
import {
  BRANDS,
  CATEGORIES,
  COLOURS,
  COUPONS,
  FEATURED_SKUS,
  LATEST_SKUS,
  PRODUCTS,
  REVIEW_COMMENTS,
  REVIEW_GROUP,
  REVIEWER_NAMES,
  SEO_ROWS,
  TOP_BRANDS,
  TOP_OFFER,
  type ProductSeed,
} from './catalog-data';
import { bulkLoad, copyClientOf } from './bulk-insert';
import { generateProducts, productStream } from './generator';
import { descriptionHtml, galleryFor, metaFor, specsHtml, thumbnailFor } from './product-content';
import { createRng, type Rng } from './random';
import { catalogTransaction, touch } from '@/server/cache/invalidate';
import { ALL_TAG } from '@/server/cache/tags';

export interface SeedOptions {
  /** Total number of products; above the hand-written count, the rest are generated. */
  products?: number;
  log?: (line: string) => void;
  /** Reference time for creation dates and coupon validity (default: now). */
  now?: Date;
}

export interface SeedSummary {
  categories: number;
  brands: number;
  products: number;
  generatedProducts: number;
  productCategories: number;
  images: number;
  reviews: number;
  colourGroups: number;
  featured: number;
  latest: number;
  coupons: number;
  topOffers: number;
  seoRows: number;
  elapsedMs: number;
}

const DAY_MS = 86_400_000;

/** From this many products on, secondary indexes are dropped during the load and rebuilt after. */
const DEFER_INDEXES_FROM = 20_000;
const BULK_TABLES = ['products', 'product_categories', 'product_images', 'reviews'];

type ProductRow = typeof products.$inferInsert;
type ReviewDraft = { customerName: string; rating: number; comments: string; createdAt: Date };

// Independent streams, so the hand-written catalog does not change with the generated count.
const SEED_HAND = 0x5afe_b0d1;
const SEED_GENERATED = 0x0ff1_ce00;
const SEED_REVIEWS = 0x0cea_5e11;

/** The products of a seed run: the hand-written list, cut or extended to `target`. */
export function buildProductSeeds(target: number = PRODUCTS.length): ProductSeed[] {
  if (target <= PRODUCTS.length) return PRODUCTS.slice(0, Math.max(0, target));
  const out = [...PRODUCTS];
  generateProducts(createRng(SEED_GENERATED), out, target, new Set(out.map((p) => p.sku)));
  return out;
}

function ageDaysOf(p: ProductSeed, rng: Rng): number {
  if (p.ageDays !== undefined) return p.ageDays;
  // New arrivals within the last 14 days; the rest older than the 30-day 'New' badge.
  return p.isNew ? rng.next() * 13.5 : 31 + rng.next() * 89;
}

function draftReviews(p: ProductSeed, createdAt: Date, now: Date, rng: Rng, generated: boolean): ReviewDraft[] {
  const ageDays = (now.getTime() - createdAt.getTime()) / DAY_MS;
  if (ageDays < 4) return [];
  // About 60% of the hand-written catalog has reviews; a quarter of generated products.
  if (!rng.chance(generated ? 0.25 : 0.68)) return [];
  const n = generated ? rng.int(1, 4) : rng.int(2, 6);
  const names = rng.shuffle(REVIEWER_NAMES).slice(0, n);
  const pool = REVIEW_COMMENTS[REVIEW_GROUP[p.kind]];
  return names.map((customerName) => {
    const rating = rng.weighted([
      [5, 50],
      [4, 33],
      [3, 13],
      [2, 4],
    ] as const);
    const at = createdAt.getTime() + (0.1 + 0.9 * rng.next()) * (now.getTime() - createdAt.getTime() - DAY_MS);
    return { customerName, rating, comments: rng.pick(pool[rating]), createdAt: new Date(Math.round(at)) };
  });
}

function productRow(p: ProductSeed, brandId: number | undefined, createdAt: Date, review: ReviewDraft[]): ProductRow {
  const thumbnail = thumbnailFor(p);
  const sum = review.reduce((s, r) => s + r.rating, 0);
  return {
    name: p.name,
    sku: p.sku,
    brandId: brandId ?? null,
    productType: p.productType,
    unitPrice: p.priceFils,
    discount: p.discount,
    quantity: p.stock,
    weightKg: p.weightKg,
    thumbnailImgLink: thumbnail,
    description: descriptionHtml(p),
    productDesc: specsHtml(p),
    pdfLink: p.pdf ? `/catalogues/${p.sku}.pdf` : null,
    videoLink: p.video ? '/media/showroom.mp4' : null,
    colorGroup: p.colour?.group ?? null,
    colorName: p.colour ? COLOURS[p.colour.key].name : null,
    colorHex: p.colour ? COLOURS[p.colour.key].hex : null,
    ...metaFor(p),
    metaImg: thumbnail,
    rating: review.length ? Math.round((sum / review.length) * 100) / 100 : 0,
    reviewCount: review.length,
    published: true,
    // The trigger on product_categories finds it already right and writes nothing (drizzle/0013_filters_category_ids.sql).
    categoryIds: [...new Set(p.categories)].sort((a, b) => a - b),
    createdAt,
  };
}

/** Products go to the database in chunks of this many, each chunk's rows streamed as they are made. */
const CHUNK = 10_000;

/** The products of a seed run, one at a time (the same ones, in the same order, as buildProductSeeds). */
function* productSeeds(target: number): Generator<ProductSeed> {
  yield* PRODUCTS.slice(0, Math.max(0, Math.min(target, PRODUCTS.length)));
  if (target > PRODUCTS.length)
    yield* productStream(createRng(SEED_GENERATED), target - PRODUCTS.length, new Set(PRODUCTS.map((p) => p.sku)));
}

function* chunksOf<T>(items: Iterable<T>, size: number): Generator<T[]> {
  let chunk: T[] = [];
  for (const item of items) {
    chunk.push(item);
    if (chunk.length === size) {
      yield chunk;
      chunk = [];
    }
  }
  if (chunk.length) yield chunk;
}

function* mapped<T, U>(items: T[], f: (item: T, i: number) => Iterable<U>): Generator<U> {
  for (let i = 0; i < items.length; i++) yield* f(items[i] as T, i);
}

/**
 * Inserts the whole catalog. Expects no products yet (see seedIfEmpty / wipeCatalog). Products are
 * made and loaded in chunks (COPY on PostgreSQL, batched inserts on PGlite) with their ids given
 * here, so a million products never sit in memory at once and need no RETURNING.
 */
export async function seedCatalog(db: Db, options: SeedOptions = {}): Promise<SeedSummary> {
  const started = performance.now();
  const log = options.log ?? (() => undefined);
  const now = options.now ?? new Date();
  const target = Math.max(0, options.products ?? PRODUCTS.length);
  const handCount = Math.min(target, PRODUCTS.length);
  log(`seed: ${target} products (${handCount} hand-written, ${target - handCount} generated)`);

  // Dates and reviews are settled before each chunk's insert, so each product carries its rating from the start.
  const dateRng = createRng(SEED_HAND);
  const reviewRng = createRng(SEED_REVIEWS);

  const summary = await catalogTransaction(db, async (tx) => {
    const t = tx;
    // A (re)seeded catalog changes every cached answer (docs/decisions/0037-route-cache.md#invalidation).
    touch(t, [ALL_TAG]);
    const step = (what: string): void => log(`seed: ${what} (${Math.round(performance.now() - started)} ms)`);
    const large = target >= DEFER_INDEXES_FROM;
    // A large load's index builds run longer than a request's statement timeout.
    if (large) await t.execute(sql`set local statement_timeout = 0`);
    if (large && copyClientOf(t)) await t.execute(sql`set local maintenance_work_mem = '512MB'`);

    await t.insert(categories).values(CATEGORIES).onConflictDoNothing();
    await t
      .insert(brands)
      .values(BRANDS.map((b) => ({ name: b.name, logo: b.logo })))
      .onConflictDoNothing();
    const brandRows = await t.select({ id: brands.id, name: brands.name }).from(brands);
    const brandIdByName = new Map(brandRows.map((b) => [b.name, b.id]));
    const brandIdBySlug = new Map(BRANDS.map((b) => [b.slug, brandIdByName.get(b.name)]));
    await t
      .insert(topBrands)
      .values(
        TOP_BRANDS.flatMap((slug, i) => {
          const brandId = brandIdBySlug.get(slug);
          return brandId === undefined ? [] : [{ brandId, position: i + 1 }];
        }),
      )
      .onConflictDoNothing();
    step('categories and brands');

    // Large loads build the secondary indexes once at the end instead of row by row.
    const deferred = large ? [...(await dropSecondaryIndexes(t, BULK_TABLES)), ...(await dropForeignKeys(t, BULK_TABLES))] : [];
    const [top] = (
      (await t.execute(sql`select coalesce(max(id), 0)::int as id from ${products}`)) as unknown as { rows: Array<{ id: number }> }
    ).rows;
    let nextId = Number(top?.id ?? 0) + 1;
    const listed = new Set([...FEATURED_SKUS, ...LATEST_SKUS]);
    const idBySku = new Map<string, number>();
    const colourGroups = new Set<string>();
    const counts = { products: 0, productCategories: 0, images: 0, reviews: 0 };
    for (const chunk of chunksOf(productSeeds(target), CHUNK)) {
      const ids: number[] = [];
      const drafts: ReviewDraft[][] = [];
      const createdAts: Date[] = [];
      for (const p of chunk) {
        const id = nextId++;
        ids.push(id);
        if (listed.has(p.sku)) idBySku.set(p.sku, id);
        if (p.colour) colourGroups.add(p.colour.group);
        const createdAt = new Date(Math.round(now.getTime() - ageDaysOf(p, dateRng) * DAY_MS));
        createdAts.push(createdAt);
        drafts.push(draftReviews(p, createdAt, now, reviewRng, counts.products + drafts.length >= PRODUCTS.length));
      }
      counts.products += await bulkLoad(
        t,
        products,
        mapped(chunk, (p, i) => [{ id: ids[i], ...productRow(p, brandIdBySlug.get(p.brand), createdAts[i] as Date, drafts[i] ?? []) }]),
      );
      counts.productCategories += await bulkLoad(
        t,
        productCategories,
        mapped(chunk, (p, i) => p.categories.map((categoryId) => ({ productId: ids[i] as number, categoryId }))),
      );
      counts.images += await bulkLoad(
        t,
        productImages,
        mapped(chunk, (p, i) => galleryFor(p).map((imageLink, position) => ({ productId: ids[i] as number, imageLink, position }))),
      );
      counts.reviews += await bulkLoad(
        t,
        reviews,
        mapped(chunk, (_p, i) => (drafts[i] ?? []).map((r) => ({ productId: ids[i] as number, ...r }))),
      );
      if (target > CHUNK) step(`${counts.products} products`);
    }
    await t.execute(sql`select setval(pg_get_serial_sequence('products', 'id'), greatest((select max(id) from ${products}), 1))`);
    step(`${counts.products} products, ${counts.productCategories} category links, ${counts.images} images, ${counts.reviews} reviews`);
    if (deferred.length) {
      for (const definition of deferred) await t.execute(sql.raw(definition));
      await t.execute(sql.raw(`analyze ${BULK_TABLES.map((n) => `"${n}"`).join(', ')}`));
      step(`${deferred.length} indexes and foreign keys rebuilt`);
    }

    const listRows = (skus: string[]) =>
      skus
        .flatMap((sku) => {
          const productId = idBySku.get(sku);
          return productId === undefined ? [] : [{ productId }];
        })
        .map((r, i) => ({ ...r, position: i + 1 }));
    const featured = listRows(FEATURED_SKUS);
    const latest = listRows(LATEST_SKUS);
    if (featured.length) await t.insert(featuredProducts).values(featured).onConflictDoNothing();
    if (latest.length) await t.insert(latestProducts).values(latest).onConflictDoNothing();

    const [offer] = await t
      .select({ n: count() })
      .from(topOffers)
      .where(sql`${topOffers.code} = ${TOP_OFFER.code}`);
    const offers = offer && offer.n > 0 ? 0 : 1;
    if (offers) await t.insert(topOffers).values({ ...TOP_OFFER, active: true });
    // The home page's slides (docs/decisions/0050-home-blocks.md): the migration inserts them; a reseed puts them back.
    const [slides] = await t.select({ n: count() }).from(homeSlides);
    if (!slides || slides.n === 0) await t.insert(homeSlides).values(homeSlideRows());

    await t
      .insert(coupons)
      .values(
        COUPONS.map((c) => ({
          code: c.code,
          discountType: c.discountType,
          discount: c.discount,
          maxDiscount: c.maxDiscount,
          minAmount: c.minAmount,
          startDate: c.startInDays === null ? null : new Date(now.getTime() + c.startInDays * DAY_MS),
          endDate: new Date(now.getTime() + c.endInDays * DAY_MS),
          active: true,
        })),
      )
      .onConflictDoNothing();
    await t.insert(seoKeywords).values(SEO_ROWS).onConflictDoNothing();
    step('lists, offer, coupons and SEO rows');

    return {
      categories: CATEGORIES.length,
      brands: BRANDS.length,
      products: counts.products,
      generatedProducts: counts.products - handCount,
      productCategories: counts.productCategories,
      images: counts.images,
      reviews: counts.reviews,
      colourGroups: colourGroups.size,
      featured: featured.length,
      latest: latest.length,
      coupons: COUPONS.length,
      topOffers: offers,
      seoRows: SEO_ROWS.length,
    };
  });
  return { ...summary, elapsedMs: Math.round(performance.now() - started) };
}

/**
 * Drops the plain indexes of `tables` (not those behind primary keys or unique constraints) and
 * returns their definitions for rebuilding. Inside the seed's transaction, so a failed seed
 * leaves the indexes as they were.
 */
async function dropSecondaryIndexes(db: Db, tables: string[]): Promise<string[]> {
  const result = (await db.execute(sql`
    select i.indexname, i.indexdef from pg_indexes i
    where i.schemaname = current_schema() and i.tablename in (${sql.join(
      tables.map((t) => sql`${t}`),
      sql`, `,
    )})
      and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`)) as unknown as {
    rows: Array<{ indexname: string; indexdef: string }>;
  };
  for (const row of result.rows) await db.execute(sql.raw(`drop index "${row.indexname.replace(/"/g, '""')}"`));
  return result.rows.map((r) => r.indexdef);
}

/**
 * Drops the foreign keys of `tables` and returns the statements that add them again: checked row
 * by row during a load they cost more than the load itself; added after, each is checked by one
 * join. Inside the seed's transaction, like dropSecondaryIndexes.
 */
async function dropForeignKeys(db: Db, tables: string[]): Promise<string[]> {
  const result = (await db.execute(sql`
    select c.conrelid::regclass::text as "table", c.conname as name, pg_get_constraintdef(c.oid) as definition
    from pg_constraint c
    where c.contype = 'f' and c.connamespace = current_schema()::regnamespace
      and c.conrelid::regclass::text in (${sql.join(
        tables.map((t) => sql`${t}`),
        sql`, `,
      )})`)) as unknown as { rows: Array<{ table: string; name: string; definition: string }> };
  const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;
  for (const row of result.rows) await db.execute(sql.raw(`alter table ${row.table} drop constraint ${quote(row.name)}`));
  return result.rows.map((r) => `alter table ${r.table} add constraint ${quote(r.name)} ${r.definition}`);
}

export async function isCatalogEmpty(db: Db): Promise<boolean> {
  const rows = await db.select({ id: products.id }).from(products).limit(1);
  return rows.length === 0;
}

/** Seeds the default catalog when there are no products; tells whether it did. */
export async function seedIfEmpty(db: Db, log?: (line: string) => void): Promise<boolean> {
  if (!(await isCatalogEmpty(db))) return false;
  await seedCatalog(db, log ? { log } : {});
  return true;
}

/** The catalog tables that a reseed empties. Users, addresses and orders are never among them. */
export const CATALOG_TABLES = [
  'products',
  'product_categories',
  'product_images',
  'featured_products',
  'latest_products',
  'reviews',
  'top_brands',
  'brands',
  'categories',
  'top_offers',
  'home_slides',
  'coupons',
  'seo_keywords',
] as const;

/**
 * Empties the catalog. CASCADE also empties what points at products: cart and wishlist rows and
 * order lines (orders keep their totals and addresses). Callers should refuse when orders exist
 * unless told otherwise (see scripts/seed.ts).
 */
export async function wipeCatalog(db: Db): Promise<void> {
  await db.execute(sql.raw(`TRUNCATE TABLE ${CATALOG_TABLES.map((t) => `"${t}"`).join(', ')} RESTART IDENTITY CASCADE`));
}
