import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { useFreshDatabase } from '../../../tests/db';
import {
  addFeatured,
  addLatest,
  insertBrand,
  insertCategory,
  insertColourGroup,
  insertProduct,
  type BrandRow,
  type ProductRow,
} from '../../../tests/factories';
import type { Db } from '@/server/db/client';
import { products } from '@/server/db/schema/catalog';
import type { ProductFilter } from '@/domain/catalog-query';
import { shelfPrice } from '@/domain/pricing';
import { bucketById } from '@/domain/price-buckets';
import {
  getBrand,
  getCategory,
  getProductDetail,
  listBrands,
  listCategories,
  listFeaturedPicks,
  listLatestPicks,
  listNewArrivals,
  listProducts,
  listRelated,
  listTopSellers,
  productExists,
} from './catalog.service';
import { fils } from '@/domain/money';

const NOW = new Date('2026-03-01T12:00:00Z');
const day = (n: number) => new Date(Date.UTC(2026, 0, n, 9));

const filter = (overrides: Partial<ProductFilter> = {}): ProductFilter => ({
  brandIds: [],
  categoryIds: [],
  priceRanges: [],
  sort: 'newest',
  page: 1,
  limit: 100,
  ...overrides,
});
const bucket = (id: string) => {
  const b = bucketById(id);
  if (!b) throw new Error(id);
  return { min: b.min, max: b.max };
};

let db: Db;
let ironclad: BrandRow, paperTrail: BrandRow, vaultline: BrandRow, idleBrand: BrandRow, hiddenOnlyBrand: BrandRow;
let fireSafe: ProductRow,
  shredder: ProductRow,
  discounted: ProductRow,
  homeSafe: ProductRow,
  vaultDoor: ProductRow,
  boundary: ProductRow,
  below: ProductRow,
  hidden: ProductRow,
  red: ProductRow,
  blue: ProductRow,
  green: ProductRow,
  fresh: ProductRow;

const DIRTY_HTML =
  '<p onclick="steal()">Fire rated <strong>60 min</strong></p><script>alert("x")</script>' +
  '<img src=x onerror=alert(1)><table><tr><td>Weight</td><td>40 kg</td></tr></table>' +
  '<a href="javascript:alert(2)">bad</a><a href="https://example.com/manual">manual</a><style>body{}</style><iframe src="https://evil"></iframe>';

async function ids(page: Promise<{ items: { id: number }[] }>) {
  return (await page).items.map((p) => p.id);
}

useFreshDatabase(async (database) => {
  db = database.db;
  await insertCategory(db, { id: 13, name: 'Shredders', sortOrder: 1 });
  await insertCategory(db, { id: 12, name: 'Fire Safes', sortOrder: 2 });
  await insertCategory(db, { id: 10, name: 'Home Safes', sortOrder: 3 });
  await insertCategory(db, { id: 11, name: 'Filing Cabinets', sortOrder: 4 });
  await insertCategory(db, { id: 14, name: 'Lockers', sortOrder: 5 });
  await insertCategory(db, { id: 15, name: 'Hidden Only', sortOrder: 6 });
  await insertCategory(db, { id: 19, name: 'Smart Locks', sortOrder: 7, comingSoon: true });

  ironclad = await insertBrand(db, { name: 'Ironclad' });
  paperTrail = await insertBrand(db, { name: 'PaperTrail' });
  vaultline = await insertBrand(db, { name: 'Vaultline' });
  idleBrand = await insertBrand(db, { name: 'Aardvark Idle' });
  hiddenOnlyBrand = await insertBrand(db, { name: 'Ghost Brand' });

  fireSafe = await insertProduct(db, {
    name: 'Ironclad Fire Safe FG-60',
    sku: 'IC-FG-60',
    brandId: ironclad.id,
    categoryIds: [12],
    unitPrice: 150_000,
    rating: 4.5,
    reviewCount: 10,
    createdAt: day(1),
    gallery: ['/g/fire-1.webp', '/g/fire-2.webp', '/g/fire-3.webp'],
    description: DIRTY_HTML,
    productDesc: '<h3>Specs</h3><script>x()</script>',
    pdfLink: '/docs/fg60.pdf',
    videoLink: 'https://video.example/fg60',
    metaTitle: 'Fire safe',
    metaDescription: 'A fire safe',
    metaKeywords: 'fire, safe',
    metaImg: '/m.webp',
  });
  shredder = await insertProduct(db, {
    name: 'PaperTrail Cross-Cut Shredder X5',
    sku: 'PT-CC-X5',
    brandId: paperTrail.id,
    categoryIds: [13],
    unitPrice: 99_999,
    rating: 4,
    reviewCount: 3,
    createdAt: day(2),
  });
  // Unit price AED 1,200 but sold at 20% off: shelf price AED 960.
  discounted = await insertProduct(db, {
    name: 'PaperTrail Strip Shredder S2',
    sku: 'PT-S2',
    brandId: paperTrail.id,
    categoryIds: [13, 12],
    unitPrice: 120_000,
    discount: 20,
    rating: 3.5,
    reviewCount: 1,
    createdAt: day(3),
  });
  homeSafe = await insertProduct(db, {
    name: 'Ironclad Home Safe H20',
    sku: 'IC-H20',
    productType: 'home',
    brandId: ironclad.id,
    categoryIds: [10],
    unitPrice: 2_500_000,
    rating: 5,
    reviewCount: 2,
    createdAt: day(4),
  });
  vaultDoor = await insertProduct(db, {
    name: 'Vaultline Vault Door VD-900',
    sku: 'VL-VD-900',
    brandId: vaultline.id,
    categoryIds: [12],
    unitPrice: 15_000_000,
    createdAt: day(5),
  });
  boundary = await insertProduct(db, {
    name: 'Vaultline Vault Room VR-1',
    sku: 'VL-VR-1',
    brandId: vaultline.id,
    unitPrice: 10_000_000,
    rating: 4.5,
    reviewCount: 5,
    createdAt: day(6),
  });
  below = await insertProduct(db, {
    name: 'Vaultline Cabinet VC-2',
    sku: 'VL-VC-2',
    productType: 'home',
    brandId: vaultline.id,
    unitPrice: 9_999_999,
    rating: 1,
    reviewCount: 1,
    createdAt: day(7),
  });
  hidden = await insertProduct(db, {
    name: 'Ironclad Hidden Safe',
    sku: 'IC-HIDDEN',
    brandId: ironclad.id,
    categoryIds: [12, 15],
    unitPrice: 50_000,
    rating: 5,
    reviewCount: 99,
    published: false,
    createdAt: day(8),
  });
  await insertProduct(db, {
    name: 'Ghost Safe',
    sku: 'GH-1',
    brandId: hiddenOnlyBrand.id,
    categoryIds: [15],
    published: false,
    createdAt: day(8),
  });
  [red, blue, green] = (await insertColourGroup(db, 'locker-l1', [
    {
      colorName: 'Red',
      colorHex: '#cc0000',
      overrides: { name: 'Desk Locker L1 Red', sku: 'LK-L1-R', categoryIds: [14], unitPrice: 30_000, discount: 10, createdAt: day(9) },
    },
    {
      colorName: 'Blue',
      colorHex: '#0000cc',
      overrides: { name: 'Desk Locker L1 Blue', sku: 'LK-L1-B', categoryIds: [14], unitPrice: 30_000, discount: 10, createdAt: day(10) },
    },
    {
      colorName: 'Green',
      colorHex: '#00cc00',
      overrides: {
        name: 'Desk Locker L1 Green',
        sku: 'LK-L1-G',
        categoryIds: [14],
        unitPrice: 30_000,
        published: false,
        createdAt: day(11),
      },
    },
  ])) as [ProductRow, ProductRow, ProductRow];
  fresh = await insertProduct(db, {
    name: 'Brand New Shredder',
    sku: 'NEW-1',
    categoryIds: [13],
    unitPrice: 999,
    discount: 50,
    createdAt: new Date(NOW.getTime() - 10 * 86_400_000),
  });

  // The gallery is shown by position, not by insertion order.
  const { productImages } = await import('@/server/db/schema/catalog');
  await db.insert(productImages).values({ productId: fireSafe.id, imageLink: '/g/fire-0.webp', position: -1 });

  await addFeatured(db, hidden.id, 0);
  await addFeatured(db, shredder.id, 1);
  await addFeatured(db, fireSafe.id, 2);
  await addFeatured(db, vaultDoor.id, 3);
  await addLatest(db, homeSafe.id, 2);
  await addLatest(db, hidden.id, 0);
  await addLatest(db, boundary.id, 1);
});

const ALL_PUBLISHED_NEWEST = () =>
  [fresh, blue, red, below, boundary, vaultDoor, homeSafe, discounted, shredder, fireSafe].map((p) => p.id);

describe('listProducts', () => {
  it('lists published products only, newest first', async () => {
    const page = await listProducts(db, filter(), NOW);
    expect(page.items.map((p) => p.id)).toEqual(ALL_PUBLISHED_NEWEST());
    expect(page.total).toBe(10);
    expect(page.items.map((p) => p.id)).not.toContain(hidden.id);
    expect(page.items.map((p) => p.id)).not.toContain(green.id);
  });

  it('returns cards with prices in fils and the stored shelf price', async () => {
    const page = await listProducts(db, filter(), NOW);
    const card = page.items.find((p) => p.id === discounted.id)!;
    expect(card).toMatchObject({
      name: 'PaperTrail Strip Shredder S2',
      sku: 'PT-S2',
      unitPrice: 120_000,
      discount: 20,
      shelfPrice: 96_000,
      brandId: paperTrail.id,
      rating: 3.5,
      reviewCount: 1,
    });
    expect(card.createdAt).toBeInstanceOf(Date);
    // The database's rounding of the shelf price agrees with the pricing module (999 - 50% = 499.5 -> 500).
    const half = page.items.find((p) => p.id === fresh.id)!;
    expect(half.shelfPrice).toBe(shelfPrice(fils(999), 50));
    expect(half.shelfPrice).toBe(500);
    for (const p of page.items) expect(p.shelfPrice).toBe(shelfPrice(p.unitPrice, p.discount));
  });

  it('badges products added in the last 30 days as new', async () => {
    const page = await listProducts(db, filter(), NOW);
    expect(page.items.find((p) => p.id === fresh.id)!.isNew).toBe(true);
    expect(page.items.find((p) => p.id === fireSafe.id)!.isNew).toBe(false);
  });

  it('filters by brand', async () => {
    expect(await ids(listProducts(db, filter({ brandIds: [vaultline.id] }), NOW))).toEqual([below.id, boundary.id, vaultDoor.id]);
    expect(await ids(listProducts(db, filter({ brandIds: [ironclad.id, paperTrail.id] }), NOW))).toEqual([
      homeSafe.id,
      discounted.id,
      shredder.id,
      fireSafe.id,
    ]);
    expect(await ids(listProducts(db, filter({ brandIds: [idleBrand.id] }), NOW))).toEqual([]);
  });

  it('filters by category, listing a product in two categories once', async () => {
    expect(await ids(listProducts(db, filter({ categoryIds: [12] }), NOW))).toEqual([vaultDoor.id, discounted.id, fireSafe.id]);
    const both = await listProducts(db, filter({ categoryIds: [12, 13] }), NOW);
    expect(both.items.map((p) => p.id)).toEqual([fresh.id, vaultDoor.id, discounted.id, shredder.id, fireSafe.id]);
    expect(both.total).toBe(5);
  });

  it('filters by product type', async () => {
    expect(await ids(listProducts(db, filter({ productType: 'home' }), NOW))).toEqual([below.id, homeSafe.id]);
    const office = await ids(listProducts(db, filter({ productType: 'office' }), NOW));
    expect(office).toHaveLength(8);
    expect(office).not.toContain(homeSafe.id);
  });

  it('combines filters with AND', async () => {
    expect(await ids(listProducts(db, filter({ categoryIds: [12], brandIds: [paperTrail.id] }), NOW))).toEqual([discounted.id]);
    expect(await ids(listProducts(db, filter({ brandIds: [vaultline.id], productType: 'home' }), NOW))).toEqual([below.id]);
  });

  it('filters by price bucket on the shelf price after discount', async () => {
    // AED 0-1,000: the shredder at 999.99, the 20%-off shredder at 960 (unit price 1,200), the lockers at 270, the new one at 5.
    expect(await ids(listProducts(db, filter({ priceRanges: [bucket('0-1000')] }), NOW))).toEqual([
      fresh.id,
      blue.id,
      red.id,
      discounted.id,
      shredder.id,
    ]);
    // AED 1,000-10,000: the fire safe at 1,500, not the discounted shredder.
    expect(await ids(listProducts(db, filter({ priceRanges: [bucket('1000-10000')] }), NOW))).toEqual([fireSafe.id]);
    expect(await ids(listProducts(db, filter({ priceRanges: [bucket('20000-50000')] }), NOW))).toEqual([homeSafe.id]);
    // 99,999.99 is below the 100,000 boundary; exactly 100,000 belongs to the open-ended bucket.
    expect(await ids(listProducts(db, filter({ priceRanges: [bucket('50000-100000')] }), NOW))).toEqual([below.id]);
    expect(await ids(listProducts(db, filter({ priceRanges: [bucket('100000-')] }), NOW))).toEqual([boundary.id, vaultDoor.id]);
    expect(await ids(listProducts(db, filter({ priceRanges: [bucket('10000-20000')] }), NOW))).toEqual([]);
  });

  it('several price ranges are alternatives', async () => {
    const page = await listProducts(db, filter({ priceRanges: [bucket('1000-10000'), bucket('100000-')] }), NOW);
    expect(page.items.map((p) => p.id)).toEqual([boundary.id, vaultDoor.id, fireSafe.id]);
  });

  it('pages with totals and the last page', async () => {
    const first = await listProducts(db, filter({ limit: 4, page: 1 }), NOW);
    expect(first).toMatchObject({ page: 1, perPage: 4, total: 10, lastPage: 3 });
    const third = await listProducts(db, filter({ limit: 4, page: 3 }), NOW);
    expect(third.items.map((p) => p.id)).toEqual(ALL_PUBLISHED_NEWEST().slice(8));
    expect(third).toMatchObject({ total: 10, lastPage: 3 });
    const pages = [];
    for (let page = 1; page <= 3; page++) pages.push(...(await ids(listProducts(db, filter({ limit: 4, page }), NOW))));
    expect(pages).toEqual(ALL_PUBLISHED_NEWEST());
  });

  it('a page past the end is empty but still knows the total', async () => {
    const past = await listProducts(db, filter({ limit: 4, page: 9 }), NOW);
    expect(past).toMatchObject({ items: [], page: 9, total: 10, lastPage: 3 });
  });

  it('an empty result has total 0 and last page 1', async () => {
    expect(await listProducts(db, filter({ brandIds: [idleBrand.id] }), NOW)).toMatchObject({ items: [], total: 0, lastPage: 1 });
  });

  it('sorts by shelf price both ways', async () => {
    const asc = await listProducts(db, filter({ sort: 'price_asc' }), NOW);
    const prices = asc.items.map((p) => p.shelfPrice);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(asc.items[0]!.id).toBe(fresh.id);
    expect(asc.items.at(-1)!.id).toBe(vaultDoor.id);
    // The discounted shredder (960) comes before the 999.99 one although its unit price is higher.
    const order = asc.items.map((p) => p.id);
    expect(order.indexOf(discounted.id)).toBeLessThan(order.indexOf(shredder.id));
    const desc = await listProducts(db, filter({ sort: 'price_desc' }), NOW);
    expect(desc.items.map((p) => p.shelfPrice)).toEqual([...prices].sort((a, b) => b - a));
    expect(desc.items[0]!.id).toBe(vaultDoor.id);
  });

  it('sorts by rating, then by number of reviews', async () => {
    const order = await ids(listProducts(db, filter({ sort: 'rating' }), NOW));
    expect(order.slice(0, 4)).toEqual([homeSafe.id, fireSafe.id, boundary.id, shredder.id]);
  });

  it('sorts by relevance when searching', async () => {
    const page = await listProducts(db, filter({ search: 'shredder', sort: 'relevance' }), NOW);
    expect(page.items.map((p) => p.id).sort()).toEqual([fresh.id, discounted.id, shredder.id].sort());
  });

  it('hides unpublished products from search too', async () => {
    expect(await ids(listProducts(db, filter({ search: 'hidden' }), NOW))).toEqual([]);
  });

  it('new arrivals are the newest first whatever the sort asked', async () => {
    expect(await ids(listNewArrivals(db, filter({ sort: 'price_asc', limit: 3 }), NOW))).toEqual(ALL_PUBLISHED_NEWEST().slice(0, 3));
  });
});

describe('getProductDetail', () => {
  it('returns everything the product page shows', async () => {
    const p = (await getProductDetail(db, fireSafe.id, NOW))!;
    expect(p).toMatchObject({
      id: fireSafe.id,
      name: 'Ironclad Fire Safe FG-60',
      sku: 'IC-FG-60',
      unitPrice: 150_000,
      shelfPrice: 150_000,
      productType: 'office',
      pdfLink: '/docs/fg60.pdf',
      videoLink: 'https://video.example/fg60',
      metaTitle: 'Fire safe',
      metaDescription: 'A fire safe',
      metaKeywords: 'fire, safe',
      metaImg: '/m.webp',
      brand: { id: ironclad.id, name: 'Ironclad', logo: ironclad.logo },
      categories: [{ id: 12, name: 'Fire Safes' }],
    });
  });

  it('orders the gallery by position', async () => {
    expect((await getProductDetail(db, fireSafe.id, NOW))!.gallery).toEqual([
      '/g/fire-0.webp',
      '/g/fire-1.webp',
      '/g/fire-2.webp',
      '/g/fire-3.webp',
    ]);
  });

  it('falls back to the thumbnail when there is no gallery', async () => {
    expect((await getProductDetail(db, shredder.id, NOW))!.gallery).toEqual([shredder.thumbnailImgLink]);
  });

  it('lists categories in display order', async () => {
    expect((await getProductDetail(db, discounted.id, NOW))!.categories).toEqual([
      { id: 13, name: 'Shredders' },
      { id: 12, name: 'Fire Safes' },
    ]);
  });

  it('sanitises the descriptions: no scripts, handlers, styles or javascript: links, formatting kept', async () => {
    const p = (await getProductDetail(db, fireSafe.id, NOW))!;
    expect(p.description).not.toMatch(/<script/i);
    expect(p.description).not.toContain('alert("x")');
    expect(p.description).not.toMatch(/onerror=/i);
    expect(p.description).not.toMatch(/onclick/i);
    expect(p.description).not.toMatch(/javascript:/i);
    expect(p.description).not.toMatch(/<style|<iframe|<img/i);
    expect(p.description).toContain('<table>');
    expect(p.description).toContain('<td>40 kg</td>');
    expect(p.description).toContain('<strong>60 min</strong>');
    expect(p.description).toContain('href="https://example.com/manual"');
    expect(p.description).toMatch(/rel="noopener noreferrer nofollow"/);
    expect(p.productDesc).toBe('<h3>Specs</h3>');
  });

  it('lists published colour siblings, itself included', async () => {
    const p = (await getProductDetail(db, red.id, NOW))!;
    expect(p.colors).toEqual([
      { productId: red.id, hex: '#cc0000', name: 'Red' },
      { productId: blue.id, hex: '#0000cc', name: 'Blue' },
    ]);
    expect(p).toMatchObject({ colorName: 'Red', colorHex: '#cc0000', brand: null });
    expect((await getProductDetail(db, fireSafe.id, NOW))!.colors).toEqual([]);
  });

  it('returns null for unknown and unpublished products', async () => {
    expect(await getProductDetail(db, 999_999, NOW)).toBeNull();
    expect(await getProductDetail(db, hidden.id, NOW)).toBeNull();
    expect(await getProductDetail(db, green.id, NOW)).toBeNull();
    expect(await productExists(db, hidden.id)).toBe(false);
    expect(await productExists(db, fireSafe.id)).toBe(true);
  });
});

describe('listRelated', () => {
  it('shares a category, best rated first, never the product itself nor unpublished ones', async () => {
    const detail = (await getProductDetail(db, fireSafe.id, NOW))!;
    const related = (await listRelated(db, detail, NOW)).map((p) => p.id);
    expect(related).toEqual([discounted.id, vaultDoor.id]);
    expect(related).not.toContain(fireSafe.id);
    expect(related).not.toContain(hidden.id);
  });

  it("at most four, spanning all the product's categories", async () => {
    const detail = (await getProductDetail(db, discounted.id, NOW))!;
    const related = (await listRelated(db, detail, NOW)).map((p) => p.id);
    expect(related).toHaveLength(4);
    expect(related).not.toContain(discounted.id);
    expect(related).toEqual([fireSafe.id, shredder.id, fresh.id, vaultDoor.id]);
  });

  it('falls back to the same product type without categories', async () => {
    const detail = (await getProductDetail(db, below.id, NOW))!;
    expect(detail.categories).toEqual([]);
    expect((await listRelated(db, detail, NOW)).map((p) => p.id)).toEqual([homeSafe.id]);
  });
});

describe('listTopSellers', () => {
  it('falls back to the featured order while nothing has sold, without unpublished products', async () => {
    const page = await listTopSellers(db, filter(), NOW);
    expect(page.items.map((p) => p.id)).toEqual([shredder.id, fireSafe.id, vaultDoor.id]);
    expect(page.total).toBe(3);
    expect((await listFeaturedPicks(db, 2, NOW)).map((p) => p.id)).toEqual([shredder.id, fireSafe.id]);
  });

  it('ranks products by units sold first', async () => {
    try {
      await db.update(products).set({ unitsSold: 3 }).where(eq(products.id, homeSafe.id));
      await db.update(products).set({ unitsSold: 1 }).where(eq(products.id, vaultDoor.id));
      const page = await listTopSellers(db, filter(), NOW);
      expect(page.items.map((p) => p.id)).toEqual([homeSafe.id, vaultDoor.id, shredder.id, fireSafe.id]);
      expect(page).toMatchObject({ total: 4, lastPage: 1 });
      expect((await listTopSellers(db, filter({ limit: 1, page: 2 }), NOW)).items.map((p) => p.id)).toEqual([vaultDoor.id]);
      expect((await listTopSellers(db, filter({ productType: 'home' }), NOW)).items.map((p) => p.id)).toEqual([homeSafe.id]);
      // Pages run on from the products that sold into the featured stand-ins, none twice.
      const onePerPage = [];
      for (let page = 1; page <= 5; page++)
        onePerPage.push(...(await listTopSellers(db, filter({ limit: 1, page }), NOW)).items.map((p) => p.id));
      expect(onePerPage).toEqual([homeSafe.id, vaultDoor.id, shredder.id, fireSafe.id]);
      expect((await listTopSellers(db, filter({ limit: 3, page: 2 }), NOW)).items.map((p) => p.id)).toEqual([fireSafe.id]);
    } finally {
      await db.update(products).set({ unitsSold: 0 });
    }
  });

  it('applies the filters', async () => {
    expect((await listTopSellers(db, filter({ categoryIds: [12] }), NOW)).items.map((p) => p.id)).toEqual([fireSafe.id, vaultDoor.id]);
    expect((await listTopSellers(db, filter({ priceRanges: [bucket('0-1000')] }), NOW)).items.map((p) => p.id)).toEqual([shredder.id]);
  });
});

describe('listLatestPicks', () => {
  it('lists the curated products in position order, published only, up to the limit', async () => {
    expect((await listLatestPicks(db, 10, NOW)).map((p) => p.id)).toEqual([boundary.id, homeSafe.id]);
    expect((await listLatestPicks(db, 1, NOW)).map((p) => p.id)).toEqual([boundary.id]);
  });
});

describe('listCategories', () => {
  it('lists the categories in display order without the coming-soon ones by default', async () => {
    const all = await listCategories(db);
    expect(all.map((c) => c.id)).toEqual([13, 12, 10, 11, 14, 15]);
    expect(all.find((c) => c.id === 12)).toMatchObject({ name: 'Fire Safes', comingSoon: false, productCount: 3 });
    expect(all.find((c) => c.id === 11)!.productCount).toBe(0);
    expect(all.find((c) => c.id === 15)!.productCount).toBe(0);
  });

  it('adds coming-soon categories only when asked', async () => {
    const all = await listCategories(db, { includeComingSoon: true });
    expect(all.map((c) => c.id)).toEqual([13, 12, 10, 11, 14, 15, 19]);
    expect(all.at(-1)).toMatchObject({ id: 19, comingSoon: true });
  });

  it('with a product type, only categories that have such published products', async () => {
    expect((await listCategories(db, { productType: 'home' })).map((c) => c.id)).toEqual([10]);
    const office = await listCategories(db, { productType: 'office' });
    expect(office.map((c) => c.id)).toEqual([13, 12, 14]);
    expect(office.find((c) => c.id === 14)!.productCount).toBe(2);
    expect((await listCategories(db, { productType: 'home', includeComingSoon: true })).map((c) => c.id)).toEqual([10, 19]);
  });

  it('with a brand, only categories that have its products', async () => {
    expect((await listCategories(db, { brandId: paperTrail.id })).map((c) => c.id)).toEqual([13, 12]);
    expect((await listCategories(db, { brandId: idleBrand.id })).map((c) => c.id)).toEqual([]);
  });
});

describe('listBrands', () => {
  it('lists brands that have published products, by name, with counts', async () => {
    const rows = await listBrands(db);
    expect(rows.map((b) => b.name)).toEqual(['Ironclad', 'PaperTrail', 'Vaultline']);
    expect(rows.map((b) => b.productCount)).toEqual([2, 2, 3]);
    expect(rows[0]).toMatchObject({ id: ironclad.id, logo: ironclad.logo });
  });

  it('filters by product type and categories', async () => {
    expect((await listBrands(db, { productType: 'home' })).map((b) => [b.name, b.productCount])).toEqual([
      ['Ironclad', 1],
      ['Vaultline', 1],
    ]);
    expect((await listBrands(db, { categoryIds: [13] })).map((b) => b.name)).toEqual(['PaperTrail']);
    expect((await listBrands(db, { categoryIds: [12] })).map((b) => [b.name, b.productCount])).toEqual([
      ['Ironclad', 1],
      ['PaperTrail', 1],
      ['Vaultline', 1],
    ]);
    expect(await listBrands(db, { categoryIds: [15] })).toEqual([]);
  });

  it('getBrand and getCategory', async () => {
    expect(await getBrand(db, vaultline.id)).toEqual({ id: vaultline.id, name: 'Vaultline', logo: vaultline.logo });
    expect(await getBrand(db, 999_999)).toBeNull();
    expect(await getCategory(db, 12)).toMatchObject({ id: 12, name: 'Fire Safes' });
    expect(await getCategory(db, 2)).toBeNull();
  });
});
