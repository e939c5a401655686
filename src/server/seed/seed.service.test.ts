import { describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { PRODUCTS, SOLD_CATEGORY_IDS } from './catalog-data';
import { useFreshDatabase } from '../../../tests/db';
import { buildProductSeeds, isCatalogEmpty, seedCatalog, seedIfEmpty, wipeCatalog, type SeedSummary } from './seed.service';

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

describe('seedCatalog (default catalog)', () => {
  let db: Db;
  let summary: SeedSummary;

  useFreshDatabase(async (database) => {
    db = database.db;
    summary = await seedCatalog(db);
  }, 120_000);

  it('inserts at least 130 products, all hand-written', async () => {
    const [row] = await rows<{ n: number }>(db, sql`select count(*)::int as n from products`);
    expect(row?.n).toBeGreaterThanOrEqual(130);
    expect(row?.n).toBe(PRODUCTS.length);
    expect(summary.products).toBe(PRODUCTS.length);
    expect(summary.generatedProducts).toBe(0);
  });

  it('has the spec categories, three coming-soon ones, and at least 6 products in each sold category', async () => {
    const counts = await rows<{ id: number; n: number }>(
      db,
      sql`select c.id, count(pc.product_id)::int as n from categories c left join product_categories pc on pc.category_id = c.id where not c.coming_soon group by c.id`,
    );
    expect(counts.map((c) => c.id).sort((a, b) => a - b)).toEqual([1, 3, 10, 11, 12, 13, 14, 15, 16, 17, 19]);
    for (const id of SOLD_CATEGORY_IDS) expect(counts.find((c) => c.id === id)?.n, `category ${id}`).toBeGreaterThanOrEqual(6);
    const soon = await rows<{ id: number }>(db, sql`select id from categories where coming_soon order by id`);
    expect(soon.map((r) => r.id)).toEqual([20, 21, 22]);
    const orphans = await rows<{ n: number }>(
      db,
      sql`select count(*)::int as n from products p where not exists (select 1 from product_categories pc where pc.product_id = p.id)`,
    );
    expect(orphans[0]?.n).toBe(0);
  });

  it('gives every product a unique SKU, a brand and sensible fields', async () => {
    const [row] = await rows<{ n: number; skus: number; nobrand: number; nodesc: number; nometa: number }>(
      db,
      sql`select count(*)::int as n, count(distinct sku)::int as skus,
        sum((brand_id is null)::int)::int as nobrand,
        sum((description not like '<p><strong>%' or description not like '%<ul><li>%' or product_desc not like '<table>%Weight%')::int)::int as nodesc,
        sum((meta_title is null or meta_description is null or meta_keywords is null or meta_img <> thumbnail_img_link)::int)::int as nometa
      from products`,
    );
    expect(row?.skus).toBe(row?.n);
    expect(row?.nobrand).toBe(0);
    expect(row?.nodesc).toBe(0);
    expect(row?.nometa).toBe(0);
  });

  it('spans prices from under AED 100 to over AED 100,000, with some out of stock and some discounted', async () => {
    const [row] = await rows<{ min: number; max: number; zero: number; discounted: number; n: number }>(
      db,
      sql`select min(unit_price)::int as min, max(unit_price)::int as max, sum((quantity = 0)::int)::int as zero,
        sum((discount > 0)::int)::int as discounted, count(*)::int as n from products`,
    );
    expect(row?.min).toBeLessThan(100 * 100);
    expect(row?.max).toBeGreaterThan(100_000 * 100);
    expect(row?.zero).toBeGreaterThan(0);
    expect(row?.discounted).toBeGreaterThan(0);
    expect(row!.discounted).toBeLessThan(row!.n / 2);
  });

  it('gives vault doors a weight over 100 kg', async () => {
    const weights = await rows<{ weight: number }>(
      db,
      sql`select p.weight_kg::float as weight from products p join product_categories pc on pc.product_id = p.id where pc.category_id = 15`,
    );
    expect(weights.length).toBeGreaterThan(0);
    for (const w of weights) expect(w.weight).toBeGreaterThan(100);
  });

  it('gives every product 2 to 5 images', async () => {
    const [row] = await rows<{ min: number; max: number; products: number; total: number }>(
      db,
      sql`select min(n)::int as min, max(n)::int as max, count(*)::int as products, (select count(*)::int from products) as total
        from (select p.id, count(i.id) as n from products p left join product_images i on i.product_id = p.id group by p.id) x`,
    );
    expect(row?.products).toBe(row?.total);
    expect(row?.min).toBeGreaterThanOrEqual(2);
    expect(row?.max).toBeLessThanOrEqual(5);
  });

  it('has at least 8 colour groups of 2 to 4 products with a colour name and hex', async () => {
    const groups = await rows<{ color_group: string; n: number; named: number }>(
      db,
      sql`select color_group, count(*)::int as n, count(color_name)::int + count(color_hex)::int as named from products where color_group is not null group by color_group`,
    );
    expect(groups.length).toBeGreaterThanOrEqual(8);
    for (const g of groups) {
      expect(g.n).toBeGreaterThanOrEqual(2);
      expect(g.n).toBeLessThanOrEqual(4);
      expect(g.named).toBe(2 * g.n);
    }
  });

  it('has exactly one expired coupon and the top offer code among the valid ones', async () => {
    const [row] = await rows<{ expired: number; total: number }>(
      db,
      sql`select sum((end_date < now())::int)::int as expired, count(*)::int as total from coupons`,
    );
    expect(row?.total).toBeGreaterThanOrEqual(7);
    expect(row?.expired).toBe(1);
    const offer = await rows<{ code: string }>(db, sql`select code from top_offers where active`);
    expect(offer.map((o) => o.code)).toEqual(['FIRE10']);
    const fire = await rows<{ discount_type: string; discount: number; max_discount: number; min_amount: number }>(
      db,
      sql`select discount_type, discount, max_discount, min_amount from coupons where code = 'FIRE10' and end_date > now()`,
    );
    expect(fire).toEqual([{ discount_type: 'percent', discount: 10, max_discount: 50_000, min_amount: 100_000 }]);
  });

  it('fills the home page lists and SEO rows', async () => {
    const [row] = await rows<{ featured: number; latest: number; top: number; seo: number }>(
      db,
      sql`select (select count(*)::int from featured_products) as featured, (select count(*)::int from latest_products) as latest,
        (select count(*)::int from top_brands) as top, (select count(*)::int from seo_keywords) as seo`,
    );
    expect(row).toEqual({ featured: 10, latest: 8, top: 8, seo: 3 });
  });

  it('keeps rating and review count in step with the reviews', async () => {
    const mismatches = await rows<{ id: number }>(
      db,
      sql`select p.id from products p left join (select product_id, round(avg(rating), 2) as avg, count(*) as n from reviews group by product_id) r on r.product_id = p.id
        where p.review_count <> coalesce(r.n, 0) or p.rating <> coalesce(r.avg, 0)`,
    );
    expect(mismatches).toEqual([]);
    const [row] = await rows<{ reviewed: number; total: number; future: number }>(
      db,
      sql`select count(distinct r.product_id)::int as reviewed, (select count(*)::int from products) as total,
        sum((r.created_at > now())::int)::int as future from reviews r`,
    );
    expect(row!.reviewed / row!.total).toBeGreaterThan(0.4);
    expect(row!.reviewed / row!.total).toBeLessThan(0.8);
    expect(row?.future).toBe(0);
  });

  it('spreads creation dates so that about 15 products are new arrivals', async () => {
    const [row] = await rows<{ recent: number; oldest: number }>(
      db,
      sql`select sum((created_at > now() - interval '14 days')::int)::int as recent,
        extract(day from now() - min(created_at))::int as oldest from products`,
    );
    expect(row?.recent).toBeGreaterThanOrEqual(10);
    expect(row?.recent).toBeLessThanOrEqual(20);
    expect(row?.oldest).toBeLessThanOrEqual(120);
    expect(row?.oldest).toBeGreaterThan(60);
  });
});

describe('seedIfEmpty and large seeds', () => {
  const handle = useFreshDatabase();

  it('seeds once', async () => {
    expect(await isCatalogEmpty(handle.db)).toBe(true);
    expect(await seedIfEmpty(handle.db)).toBe(true);
    expect(await isCatalogEmpty(handle.db)).toBe(false);
    expect(await seedIfEmpty(handle.db)).toBe(false);
    const [row] = await rows<{ n: number }>(handle.db, sql`select count(*)::int as n from products`);
    expect(row?.n).toBe(PRODUCTS.length);
  }, 120_000);

  it('wipes and seeds 2000 products with unique SKUs', async () => {
    await wipeCatalog(handle.db);
    expect(await isCatalogEmpty(handle.db)).toBe(true);
    const summary = await seedCatalog(handle.db, { products: 2000 });
    expect(summary.products).toBe(2000);
    expect(summary.generatedProducts).toBe(2000 - PRODUCTS.length);
    const [row] = await rows<{ n: number; skus: number; noimg: number; ids: number }>(
      handle.db,
      sql`select count(*)::int as n, count(distinct sku)::int as skus,
        (select count(*)::int from products p where (select count(*) from product_images i where i.product_id = p.id) not between 2 and 5) as noimg,
        min(id)::int as ids from products`,
    );
    expect(row).toEqual({ n: 2000, skus: 2000, noimg: 0, ids: 1 });
    const mismatches = await rows<{ id: number }>(
      handle.db,
      sql`select p.id from products p left join (select product_id, round(avg(rating), 2) as avg, count(*) as n from reviews group by product_id) r on r.product_id = p.id
        where p.review_count <> coalesce(r.n, 0) or p.rating <> coalesce(r.avg, 0)`,
    );
    expect(mismatches).toEqual([]);
  }, 120_000);

  it('generates the same products on every run', () => {
    const a = buildProductSeeds(1000);
    const b = buildProductSeeds(1000);
    expect(a.map((p) => [p.sku, p.priceFils, p.weightKg])).toEqual(b.map((p) => [p.sku, p.priceFils, p.weightKg]));
    expect(new Set(buildProductSeeds(30_000).map((p) => p.sku)).size).toBe(30_000);
  });
});
