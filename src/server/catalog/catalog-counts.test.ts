// The catalog's counts (docs/decisions/0039-filters-at-scale.md#counts): the triggers keep the
// catalog_counts table and each product's copy of its categories equal to what a count of the
// catalog gives after every kind of write, the price buckets in SQL are PRICE_BUCKETS, and an
// invalidation of the route cache makes a large catalog's kept counts show a change at once.
import { describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { useFreshDatabase } from '../../../tests/db';
import { insertBrand, insertCategory, insertProduct } from '../../../tests/factories';
import type { Db } from '@/server/db/client';
import { productCategories, products } from '@/server/db/schema/catalog';
import { PRICE_BUCKETS } from '@/domain/price-buckets';
import { catalogTransaction, touch } from '@/server/cache/invalidate';
import { cacheTags } from '@/server/cache/tags';
import { seedCatalog } from '@/server/seed/seed.service';
import { KEEP_COUNTS_FROM, forgetCatalogCounts, tagsChangeCounts } from './catalog-counts';
import { listFacets, listProducts } from './catalog.service';
import { productFilter } from '../../../tests/factories';

let db: Db;
useFreshDatabase(async (database) => {
  db = database.db;
  await seedCatalog(db, { products: 1_100, now: new Date('2026-11-01T00:00:00Z') });
}, 120_000);

const filter = productFilter;

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** The table's cells next to a fresh count of the catalog, both in one text each, for toEqual. */
async function cellsAndRecount(): Promise<[string[], string[]]> {
  const kept = await rows<{ cell: string }>(
    sql`select concat_ws('|', product_type, brand_id, category_ids::text, bucket, n) as cell from catalog_counts order by 1`,
  );
  const counted = await rows<{ cell: string }>(sql`
    select concat_ws('|', p.product_type, p.brand_id, coalesce(c.ids, '{}')::text, catalog_price_bucket(p.shelf_price), count(*)) as cell
    from products p
    left join (select product_id, array_agg(category_id order by category_id) as ids from product_categories group by product_id) c on c.product_id = p.id
    where p.published group by p.product_type, p.brand_id, c.ids, catalog_price_bucket(p.shelf_price) order by 1`);
  return [kept.map((r) => r.cell), counted.map((r) => r.cell)];
}

async function staleCategoryCopies(): Promise<number> {
  const [row] = await rows<{ n: number }>(sql`
    select count(*)::int as n from products p
    where p.category_ids <> coalesce((select array_agg(category_id order by category_id) from product_categories where product_id = p.id), '{}')`);
  return Number(row?.n);
}

describe('the counts table and the categories copy', () => {
  it('agree with a count of the catalog after the seed (a bulk load)', async () => {
    const [kept, counted] = await cellsAndRecount();
    expect(kept.length).toBeGreaterThan(10);
    expect(kept).toEqual(counted);
    expect(await staleCategoryCopies()).toBe(0);
  });

  it('agree after inserts, category links added, moved and removed, price, brand, range and publishing changes, deletes', async () => {
    const brand = await insertBrand(db);
    const category = await insertCategory(db);
    const a = await insertProduct(db, { brandId: brand.id, categoryIds: [category.id, 3], unitPrice: 50_000_00 });
    const b = await insertProduct(db, { categoryIds: [12], unitPrice: 900_00 });
    const c = await insertProduct(db, { published: false, categoryIds: [3] });
    expect(await cellsAndRecount().then(([k, n]) => k.join() === n.join())).toBe(true);

    await db.insert(productCategories).values({ productId: b.id, categoryId: category.id });
    await db
      .update(productCategories)
      .set({ categoryId: 13 })
      .where(and(eq(productCategories.productId, a.id), eq(productCategories.categoryId, 3)));
    await db.delete(productCategories).where(eq(productCategories.productId, c.id));
    await db
      .update(products)
      .set({ unitPrice: 150_000_00 as never })
      .where(eq(products.id, a.id));
    await db.update(products).set({ discount: 50 }).where(eq(products.id, b.id));
    await db.update(products).set({ brandId: brand.id, productType: 'home' }).where(eq(products.id, b.id));
    await db.update(products).set({ published: true }).where(eq(products.id, c.id));
    await db.update(products).set({ published: false }).where(eq(products.id, a.id));
    // Stock and sales are not counted: an update of them leaves the table as it is.
    await db.update(products).set({ quantity: 0, unitsSold: 3 }).where(eq(products.id, b.id));
    expect(await staleCategoryCopies()).toBe(0);
    let [kept, counted] = await cellsAndRecount();
    expect(kept).toEqual(counted);

    await db.delete(products).where(eq(products.id, b.id));
    await db.delete(products).where(eq(products.id, a.id));
    await db.delete(products).where(eq(products.id, c.id));
    [kept, counted] = await cellsAndRecount();
    expect(kept).toEqual(counted);
    expect((await rows<{ n: number }>(sql`select count(*)::int as n from catalog_counts where n <= 0`))[0]?.n).toBe(0);
  });

  it('the SQL price buckets are PRICE_BUCKETS, at each bound and either side of it', async () => {
    for (const [i, b] of PRICE_BUCKETS.entries()) {
      const prices = [b.min, b.min + 1, ...(b.max === null ? [2_000_000_000] : [b.max - 1])];
      for (const price of prices) {
        const [row] = await rows<{ bucket: number }>(sql`select catalog_price_bucket(${price}::integer) as bucket`);
        expect(Number(row?.bucket), `${price} fils`).toBe(i);
      }
    }
  });
});

describe('kept counts and the route cache', () => {
  it('the tags that change counts: everything, the lists, a category, a brand; not a product alone or the home page', () => {
    expect(tagsChangeCounts([cacheTags.all])).toBe(true);
    expect(tagsChangeCounts([cacheTags.product(1), cacheTags.lists])).toBe(true);
    expect(tagsChangeCounts([cacheTags.category(3)])).toBe(true);
    expect(tagsChangeCounts([cacheTags.brand(2)])).toBe(true);
    expect(tagsChangeCounts([cacheTags.product(1), cacheTags.topSellers])).toBe(false);
    expect(tagsChangeCounts([cacheTags.home, cacheTags.content])).toBe(false);
  });

  it('a price change or a new category link made in a catalog transaction shows in the kept counts at once', async () => {
    const total = await rows<{ n: number }>(sql`select count(*)::int as n from products where published`);
    expect(Number(total[0]?.n)).toBeGreaterThanOrEqual(KEEP_COUNTS_FROM);
    forgetCatalogCounts();
    const top = PRICE_BUCKETS.length - 1;
    const topBucket = { min: PRICE_BUCKETS[top]!.min, max: PRICE_BUCKETS[top]!.max };
    const before = (await listProducts(db, filter({ priceRanges: [topBucket] }))).total;
    const [cheap] = await db
      .select({ id: products.id })
      .from(products)
      .where(sql`${products.published} and ${products.shelfPrice} < ${PRICE_BUCKETS[1]!.min}`)
      .limit(1);

    // A write without an invalidation: the kept counts stay as they were (up to a minute).
    await db
      .update(products)
      .set({ discount: 0, unitPrice: 200_000_00 as never })
      .where(eq(products.id, cheap!.id));
    expect((await listProducts(db, filter({ priceRanges: [topBucket] }))).total).toBe(before);
    await db
      .update(products)
      .set({ discount: 0, unitPrice: 100_00 as never })
      .where(eq(products.id, cheap!.id));

    // The same change as staff make it: in a catalog transaction that touches the lists.
    await catalogTransaction(db, async (tx) => {
      await tx
        .update(products)
        .set({ discount: 0, unitPrice: 200_000_00 as never })
        .where(eq(products.id, cheap!.id));
      touch(tx, [cacheTags.product(cheap!.id), cacheTags.lists]);
    });
    expect((await listProducts(db, filter({ priceRanges: [topBucket] }))).total).toBe(before + 1);
    const facets = await listFacets(db, filter());
    expect(facets.priceBuckets[top]?.productCount).toBe(before + 1);

    const category = await insertCategory(db);
    await listProducts(db, filter());
    await catalogTransaction(db, async (tx) => {
      await tx.insert(productCategories).values({ productId: cheap!.id, categoryId: category.id });
      touch(tx, [cacheTags.product(cheap!.id), cacheTags.category(category.id)]);
    });
    const inCategory = await listProducts(db, filter({ categoryIds: [category.id] }));
    expect(inCategory.total).toBe(1);
    expect(inCategory.items.map((p) => p.id)).toEqual([cheap!.id]);
    expect((await listFacets(db, filter())).categories.find((c) => c.id === category.id)?.productCount).toBe(1);
  });
});
