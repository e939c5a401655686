// Facet counts follow the current results (docs/product.md#store-and-product-lists).
import { describe, expect, it } from 'vitest';
import { useFreshDatabase } from '../../../tests/db';
import {
  addFeatured,
  insertBrand,
  insertCategory,
  insertProduct,
  productFilter,
  type BrandRow,
  type CategoryRow,
} from '../../../tests/factories';
import type { Db } from '@/server/db/client';
import type { ProductFilter } from '@/domain/catalog-query';
import { bucketById } from '@/domain/price-buckets';
import { listFacets, listProducts, listTopSellers } from './catalog.service';

let db: Db;
let ironclad: BrandRow, vaultline: BrandRow, paper: BrandRow;
let safes: CategoryRow, shredders: CategoryRow;

const filter = (f: Partial<ProductFilter> = {}) => productFilter({ limit: 50, ...f });
const counts = (rows: { id: unknown; productCount: number }[]) => Object.fromEntries(rows.map((r) => [String(r.id), r.productCount]));

useFreshDatabase(async (database) => {
  db = database.db;
  ironclad = await insertBrand(db, { name: 'Ironclad' });
  vaultline = await insertBrand(db, { name: 'Vaultline' });
  paper = await insertBrand(db, { name: 'PaperTrail' });
  safes = await insertCategory(db, { name: 'Safes' });
  shredders = await insertCategory(db, { name: 'Shredders' });
  const p = (name: string, brandId: number, categoryId: number, aed: number, productType: 'office' | 'home' = 'office') =>
    insertProduct(db, { name, brandId, categoryIds: [categoryId], unitPrice: aed * 100, productType });
  await p('Ironclad Fire Safe A', ironclad.id, safes.id, 500, 'home');
  await p('Ironclad Fire Safe B', ironclad.id, safes.id, 2_000);
  await p('Vaultline Fire Safe C', vaultline.id, safes.id, 15_000);
  await p('Vaultline Vault Cabinet', vaultline.id, safes.id, 30_000);
  const shredder = await p('PaperTrail Shredder S1', paper.id, shredders.id, 800);
  await p('PaperTrail Shredder S2', paper.id, shredders.id, 900);
  await insertProduct(db, { name: 'Ironclad Fire Safe Hidden', brandId: ironclad.id, categoryIds: [safes.id], published: false });
  await addFeatured(db, shredder.id);
});

describe('facet counts', () => {
  it('without a search they count the whole catalog', async () => {
    const f = await listFacets(db, filter());
    expect(counts(f.brands)).toEqual({ [ironclad.id]: 2, [vaultline.id]: 2, [paper.id]: 2 });
    expect(counts(f.categories)).toEqual({ [safes.id]: 4, [shredders.id]: 2 });
    expect(counts(f.productTypes)).toEqual({ home: 1, office: 5 });
    expect(counts(f.priceBuckets)).toEqual({
      '0-1000': 3,
      '1000-10000': 1,
      '10000-20000': 1,
      '20000-50000': 1,
      '50000-100000': 0,
      '100000-': 0,
    });
  });

  it('under a search they count only what the search finds', async () => {
    const f = await listFacets(db, filter({ search: 'fire safe' }));
    expect(counts(f.brands)).toEqual({ [ironclad.id]: 2, [vaultline.id]: 1 });
    expect(counts(f.categories)).toEqual({ [safes.id]: 3 });
    expect(counts(f.productTypes)).toEqual({ home: 1, office: 2 });
    expect(counts(f.priceBuckets)).toMatchObject({ '0-1000': 1, '1000-10000': 1, '10000-20000': 1, '20000-50000': 0 });
    // The counts add up to the list's total.
    const total = (await listProducts(db, filter({ search: 'fire safe' }))).total;
    expect(f.brands.reduce((sum, b) => sum + b.productCount, 0)).toBe(total);
  });

  it('a typo-tolerant search counts what it finds', async () => {
    const f = await listFacets(db, filter({ search: 'shreder' }));
    expect(counts(f.brands)).toEqual({ [paper.id]: 2 });
    expect(counts(f.categories)).toEqual({ [shredders.id]: 2 });
  });

  it("each facet counts with the other facets' choices, not its own", async () => {
    const price = bucketById('0-1000')!;
    const f = await listFacets(db, filter({ search: 'safe', brandIds: [ironclad.id], priceRanges: [{ min: price.min, max: price.max }] }));
    // Brands: the search and the price, any brand.
    expect(counts(f.brands)).toEqual({ [ironclad.id]: 1 });
    // Price buckets: the search and the brand, any price.
    expect(counts(f.priceBuckets)).toMatchObject({ '0-1000': 1, '1000-10000': 1, '10000-20000': 0 });
    // Types: everything chosen.
    expect(counts(f.productTypes)).toEqual({ home: 1 });
    const listed = await listProducts(
      db,
      filter({ search: 'safe', brandIds: [ironclad.id], priceRanges: [{ min: price.min, max: price.max }] }),
    );
    expect(listed.total).toBe(1);
  });

  it('a chosen option stays listed with 0 so it can be unticked', async () => {
    const f = await listFacets(db, filter({ search: 'shredder', brandIds: [vaultline.id], categoryIds: [safes.id] }));
    expect(counts(f.brands)).toEqual({ [vaultline.id]: 0 });
    expect(counts(f.categories)).toEqual({ [safes.id]: 0 });
    expect(f.brands[0]!.name).toBe('Vaultline');
  });

  it('a search that can match nothing has no facets', async () => {
    const f = await listFacets(db, filter({ search: ':*&' }));
    expect(f).toEqual({ productTypes: [], categories: [], brands: [], priceBuckets: [] });
    expect(counts((await listFacets(db, filter({ search: 'zzzzqx' }))).brands)).toEqual({});
  });

  it('the top sellers count only their own list', async () => {
    const f = await listFacets(db, filter(), 'top-sellers');
    expect(counts(f.brands)).toEqual({ [paper.id]: 1 });
    expect((await listTopSellers(db, filter())).total).toBe(1);
    // And a search narrows the top sellers too.
    expect((await listTopSellers(db, filter({ search: 'safe' }))).total).toBe(0);
    expect((await listTopSellers(db, filter({ search: 'shredder' }))).total).toBe(1);
  });
});
