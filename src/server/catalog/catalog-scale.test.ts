// Lists and counts on a catalog past the pages' reach (docs/decisions/0039-filters-at-scale.md): the
// counts that stand in for COUNT(*) agree with it, both ways of reading a page agree, and paging
// stops at LIST_DEPTH with the total still told.
import { describe, expect, it } from 'vitest';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { useFreshDatabase } from '../../../tests/db';
import type { Db } from '@/server/db/client';
import { products } from '@/server/db/schema/catalog';
import type { ProductFilter } from '@/domain/catalog-query';
import { PRODUCT_SORTS } from '@/domain/product-sorts';
import { PRICE_BUCKETS } from '@/domain/price-buckets';
import { LIST_DEPTH } from '@/domain/pager';
import { seedCatalog } from '@/server/seed/seed.service';
import { createRng } from '@/server/seed/random';
import { listFacets, listNewArrivals, listProducts, listTopSellers } from './catalog.service';
import { forgetCatalogCounts, KEEP_COUNTS_FROM } from './catalog-counts';
import { productFilter } from '../../../tests/factories';

const SIZE = 1_250;
let db: Db;

useFreshDatabase(async (database) => {
  db = database.db;
  await seedCatalog(db, { products: SIZE, now: new Date('2026-11-01T00:00:00Z') });
}, 120_000);

const filter = productFilter;

async function exactCount(where: SQL): Promise<number> {
  const result = (await db.execute(sql`select count(*)::int as n from products where published and ${where}`)) as unknown as {
    rows: Array<{ n: number }>;
  };
  return Number(result.rows[0]?.n);
}

/** The filter as plain SQL, independent of the service's own conditions. */
function whereOf(f: ProductFilter): SQL {
  const parts: SQL[] = [sql`true`];
  if (f.productType) parts.push(sql`product_type = ${f.productType}`);
  if (f.brandIds.length)
    parts.push(
      sql`brand_id in (${sql.join(
        f.brandIds.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
  if (f.categoryIds.length)
    parts.push(
      sql`id in (select product_id from product_categories where category_id in (${sql.join(
        f.categoryIds.map((id) => sql`${id}`),
        sql`, `,
      )}))`,
    );
  if (f.priceRanges.length)
    parts.push(
      sql`(${sql.join(
        f.priceRanges.map((r) =>
          r.max === null ? sql`shelf_price >= ${r.min}` : sql`(shelf_price >= ${r.min} and shelf_price < ${r.max})`,
        ),
        sql` or `,
      )})`,
    );
  return sql.join(parts, sql` and `);
}

function randomFilters(count: number): ProductFilter[] {
  const rng = createRng(42);
  return Array.from({ length: count }, () => {
    const f = filter({
      brandIds: rng.chance(0.5) ? rng.shuffle([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]).slice(0, rng.int(1, 2)) : [],
      categoryIds: rng.chance(0.5) ? rng.shuffle([1, 3, 10, 11, 12, 13, 14, 15, 16, 17, 19]).slice(0, rng.int(1, 2)) : [],
      priceRanges: rng.chance(0.5)
        ? rng
            .shuffle(PRICE_BUCKETS)
            .slice(0, rng.int(1, 2))
            .map(({ min, max }) => ({ min, max }))
        : [],
      sort: rng.pick(PRODUCT_SORTS.filter((s) => s !== 'relevance')),
    });
    if (rng.chance(0.4)) f.productType = rng.pick(['office', 'home'] as const);
    return f;
  });
}

describe('totals and filter combinations', () => {
  it('the total of every combination equals an exact count, and every product listed matches', async () => {
    for (const f of randomFilters(25)) {
      const page = await listProducts(db, { ...f, limit: 100 });
      expect(page.total, JSON.stringify(f)).toBe(await exactCount(whereOf(f)));
      if (page.items.length === 0) continue;
      const ids = page.items.map((p) => p.id);
      const matching = await exactCount(
        sql`${whereOf(f)} and id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`,
      );
      expect(matching).toBe(ids.length);
    }
  });

  it('the facet counts equal exact counts for each option, under the other facets', async () => {
    for (const f of randomFilters(8)) {
      const facets = await listFacets(db, f);
      for (const brand of facets.brands)
        expect(brand.productCount).toBe(await exactCount(sql`${whereOf({ ...f, brandIds: [] })} and brand_id = ${brand.id}`));
      for (const category of facets.categories)
        expect(category.productCount).toBe(
          await exactCount(
            sql`${whereOf({ ...f, categoryIds: [] })} and id in (select product_id from product_categories where category_id = ${category.id})`,
          ),
        );
      for (const type of facets.productTypes)
        expect(type.productCount).toBe(await exactCount(sql`${whereOf({ ...f, productType: undefined })} and product_type = ${type.id}`));
      for (const [i, bucket] of facets.priceBuckets.entries()) {
        const b = PRICE_BUCKETS[i]!;
        expect(bucket.productCount).toBe(await exactCount(whereOf({ ...f, priceRanges: [{ min: b.min, max: b.max }] })));
      }
    }
  });

  it('a price range that is not a bucket (the API takes any) is counted in the database, exactly', async () => {
    const f = filter({ priceRanges: [{ min: 123_400 as never, max: 987_600 as never }] });
    expect((await listProducts(db, f)).total).toBe(await exactCount(whereOf(f)));
  });
});

describe('reading a page', () => {
  it('short pages walked through the sort index give the same order as one long page of the kept products', async () => {
    // Limit 60 of a filtered list reads all matches and sorts them; limit 5 on the whole list walks the index.
    for (const sort of PRODUCT_SORTS.filter((s) => s !== 'relevance')) {
      const long = await listProducts(db, filter({ sort, brandIds: [2], limit: 60 }));
      const short: number[] = [];
      for (let page = 1; page <= 12; page++)
        short.push(...(await listProducts(db, filter({ sort, brandIds: [2], limit: 5, page }))).items.map((p) => p.id));
      expect(short, sort).toEqual(long.items.map((p) => p.id).slice(0, short.length));
      const walked = await listProducts(db, filter({ sort, limit: 5, page: 3 }));
      const all = await listProducts(db, filter({ sort, limit: 100 }));
      expect(
        walked.items.map((p) => p.id),
        sort,
      ).toEqual(all.items.slice(10, 15).map((p) => p.id));
    }
  });
});

describe('paging stops at the pages reach', () => {
  it(`offers pages up to ${LIST_DEPTH} products and tells the whole total`, async () => {
    const first = await listProducts(db, filter());
    expect(first.total).toBe(SIZE);
    expect(first.lastPage).toBe(LIST_DEPTH / 12);
    const last = await listProducts(db, filter({ page: LIST_DEPTH / 12 }));
    expect(last.items).toHaveLength(12);
    const past = await listProducts(db, filter({ page: LIST_DEPTH / 12 + 1 }));
    expect(past.items).toEqual([]);
    expect(past.total).toBe(SIZE);
    expect(past.lastPage).toBe(LIST_DEPTH / 12);
  });

  it('with the API page sizes, the last page stops at the same product', async () => {
    const page = await listProducts(db, filter({ limit: 100, page: LIST_DEPTH / 100 }));
    expect(page.items).toHaveLength(100);
    expect((await listProducts(db, filter({ limit: 100, page: LIST_DEPTH / 100 + 1 }))).items).toEqual([]);
    // 1,200 is not a multiple of 70: the last page offered is the last whole one.
    const seventy = await listProducts(db, filter({ limit: 70 }));
    expect(seventy.lastPage).toBe(Math.floor(LIST_DEPTH / 70));
    expect((await listNewArrivals(db, filter({ limit: 70, page: 18 }))).items).toHaveLength(LIST_DEPTH - 17 * 70);
  });

  it('a list shorter than the reach pages to its end', async () => {
    const f = filter({ brandIds: [2] });
    const first = await listProducts(db, f);
    expect(first.total).toBeLessThan(LIST_DEPTH);
    expect(first.lastPage).toBe(Math.ceil(first.total / 12));
  });

  it('the top sellers stop at the same depth', async () => {
    const past = await listTopSellers(db, filter({ page: LIST_DEPTH / 12 + 1 }));
    expect(past.items).toEqual([]);
  });
});

describe('kept counts', () => {
  it('a large catalog keeps its counts until they are forgotten (a catalog change)', async () => {
    expect(SIZE).toBeGreaterThanOrEqual(KEEP_COUNTS_FROM);
    forgetCatalogCounts();
    const before = (await listProducts(db, filter())).total;
    const [victim] = await db.select({ id: products.id }).from(products).where(eq(products.published, true)).limit(1);
    await db
      .update(products)
      .set({ published: false })
      .where(and(eq(products.id, victim!.id)));
    try {
      expect((await listProducts(db, filter())).total).toBe(before);
      forgetCatalogCounts();
      expect((await listProducts(db, filter())).total).toBe(before - 1);
      expect((await listFacets(db, filter())).productTypes.reduce((sum, t) => sum + t.productCount, 0)).toBe(before - 1);
    } finally {
      await db.update(products).set({ published: true }).where(eq(products.id, victim!.id));
      forgetCatalogCounts();
    }
  });
});
