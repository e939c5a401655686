import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { freshDatabase, useFreshDatabase, type TestDatabase } from '../../../tests/db';
import {
  addFeatured,
  addLatest,
  addTopBrand,
  insertBrand,
  insertCategory,
  insertColourGroup,
  insertProduct,
  insertReview,
  insertSeoKeyword,
  insertTopOffer,
  type BrandRow,
  type ProductRow,
} from '../../../tests/factories';
import type { Db } from '@/server/db/client';
import { topOffers } from '@/server/db/schema/catalog';
import { catalogApi } from '@/domain/api/catalog';
import { reviewsApi } from '@/domain/api/reviews';
import type { AnswerOf, Endpoint, QueryInput } from '@/domain/api/endpoint';
import { callApi, callEndpoint, type Envelope } from '../../../tests/api';
import { catalogRoutes } from './catalog.routes';

let db: Db;

/** A raw request (for malformed queries no client sends), checked like every API call. */
const call = async (path: string, init: { method?: string; body?: string } = {}, database: Db = db) => {
  const answer = await callApi(database, path, { method: init.method, raw: init.body });
  return { ...answer, body: answer.body as Envelope<Record<string, unknown>> };
};

/** A typed call that must succeed; answers its data, checked against the endpoint's schema. */
async function get<E extends Endpoint>(endpoint: E, query?: QueryInput<E>): Promise<AnswerOf<E>> {
  const r = await callEndpoint(db, endpoint, { query });
  expect(r.status, `${endpoint.path}: ${r.text}`).toBe(200);
  expect(r.success).toBe(true);
  expect(typeof r.message).toBe('string');
  return r.data;
}

const q = (params: Record<string, string | number>) =>
  Object.entries(params)
    .map(([k, v]) => `${k}=${encodeURIComponent(String(v))}`)
    .join('&');

const ids = (items: { id: number }[]) => items.map((p) => p.id);

async function expect422(path: string, field: string) {
  const r = await call(path);
  expect(r.status, `${path}: ${r.text}`).toBe(422);
  expect(r.headers.get('content-type')).toMatch(/application\/json/);
  expect(r.body.success).toBe(false);
  expect(typeof r.body.message).toBe('string');
  expect(r.body.message.length).toBeGreaterThan(0);
  expect(r.body.data).toBeTypeOf('object');
  const keys = Object.keys(r.body.data);
  expect(
    keys.some((k) => k === field || k.startsWith(`${field}.`)),
    `${keys.join()} should name ${field}`,
  ).toBe(true);
  for (const messages of Object.values(r.body.data)) {
    expect(Array.isArray(messages)).toBe(true);
    for (const m of messages as unknown[]) expect(typeof m).toBe('string');
  }
  return r.body;
}

const CARD_FIELDS = ['id', 'name', 'sku', 'unit_price', 'discount', 'quantity', 'thumbnail_img_link', 'rating', 'avgrating'];
const DETAIL_FIELDS = [
  ...CARD_FIELDS,
  'gallery_images',
  'colors',
  'categories',
  'brands',
  'brand_id',
  'description',
  'product_desc',
  'pdf_link',
  'video_link',
  'meta_title',
  'meta_description',
  'meta_keywords',
  'meta_img',
];

let ironclad: BrandRow, paperTrail: BrandRow, vaultline: BrandRow;
let fireSafe: ProductRow,
  shredder: ProductRow,
  homeSafe: ProductRow,
  vaultDoor: ProductRow,
  hidden: ProductRow,
  red: ProductRow,
  blue: ProductRow;
const day = (n: number) => new Date(Date.UTC(2026, 0, n, 9));

useFreshDatabase(async (database) => {
  db = database.db;
  await insertCategory(db, { id: 13, name: 'Shredders', sortOrder: 1, icon: '/icons/shredders.svg' });
  await insertCategory(db, { id: 12, name: 'Fire Safes', sortOrder: 2, icon: '/icons/fire.svg' });
  await insertCategory(db, { id: 10, name: 'Home Safes', sortOrder: 3 });
  await insertCategory(db, { id: 19, name: 'Smart Locks', sortOrder: 9, comingSoon: true });

  ironclad = await insertBrand(db, { name: 'Ironclad', logo: '/brands/ironclad.webp' });
  paperTrail = await insertBrand(db, { name: 'PaperTrail', logo: '/brands/papertrail.webp' });
  vaultline = await insertBrand(db, { name: 'Vaultline', logo: '/brands/vaultline.webp' });

  // AED 1,500 less 10% = AED 1,350.
  fireSafe = await insertProduct(db, {
    name: 'Ironclad Fire Safe FG-60',
    sku: 'IC-FG60',
    brandId: ironclad.id,
    categoryIds: [12],
    unitPrice: 150_000,
    discount: 10,
    quantity: 7,
    rating: 4.5,
    reviewCount: 2,
    createdAt: day(1),
    gallery: ['/g/fire-1.webp', '/g/fire-2.webp'],
    thumbnailImgLink: '/t/fire.webp',
    description: '<p>Fire rated</p><script>alert(1)</script><img src=x onerror=alert(2)><table><tr><td>60 min</td></tr></table>',
    productDesc: '<ul><li>Steel</li></ul><a href="javascript:void(0)" onclick="x()">x</a>',
    pdfLink: '/docs/fg60.pdf',
    videoLink: 'https://video.example/fg60',
    metaTitle: 'Fire safe FG-60',
    metaDescription: 'Fire safe for documents',
    metaKeywords: 'fire, safe',
    metaImg: '/m/fire.webp',
  });
  shredder = await insertProduct(db, {
    name: 'PaperTrail Cross-Cut Shredder X5',
    sku: 'PT-CC-X5',
    brandId: paperTrail.id,
    categoryIds: [13],
    unitPrice: 99_999,
    createdAt: day(2),
  });
  homeSafe = await insertProduct(db, {
    name: 'Ironclad Home Safe H20',
    sku: 'IC-H20',
    productType: 'home',
    brandId: ironclad.id,
    categoryIds: [10],
    unitPrice: 2_500_000,
    createdAt: day(3),
  });
  vaultDoor = await insertProduct(db, {
    name: 'Vaultline Vault Door VD-900',
    sku: 'VL-VD900',
    brandId: vaultline.id,
    categoryIds: [12],
    unitPrice: 15_000_000,
    createdAt: day(4),
  });
  hidden = await insertProduct(db, {
    name: 'Ironclad Hidden Safe',
    sku: 'IC-HIDDEN',
    brandId: ironclad.id,
    categoryIds: [12],
    published: false,
    createdAt: day(5),
  });
  [red, blue] = (await insertColourGroup(db, 'locker', [
    {
      colorName: 'Red',
      colorHex: '#cc0000',
      overrides: { name: 'Desk Locker Red', sku: 'LK-R', categoryIds: [13], unitPrice: 30_000, createdAt: day(6) },
    },
    {
      colorName: 'Blue',
      colorHex: '#0000cc',
      overrides: { name: 'Desk Locker Blue', sku: 'LK-B', categoryIds: [13], unitPrice: 30_000, createdAt: day(7) },
    },
  ])) as [ProductRow, ProductRow];

  await addFeatured(db, fireSafe.id, 1);
  await addFeatured(db, shredder.id, 2);
  await addFeatured(db, hidden.id, 0);
  await addLatest(db, vaultDoor.id, 1);
  await addTopBrand(db, vaultline.id, 1);
  await addTopBrand(db, ironclad.id, 2);
  await insertTopOffer(db, { title: 'Old offer', subTitle: 'Gone', code: 'OLD10', active: true });
  await insertTopOffer(db, { title: 'Summer Sale', subTitle: 'Up to 20% off safes', code: 'SUMMER20', active: true });
  await insertTopOffer(db, { title: 'Inactive', subTitle: 'Not running', code: 'NOPE', active: false });
  await insertReview(db, fireSafe.id, { rating: 4, comments: 'Solid and heavy', customerName: 'Aisha', createdAt: day(10) });
  await insertReview(db, fireSafe.id, { rating: 5, comments: 'Survived a fire', customerName: 'Omar', createdAt: day(12) });
  await insertReview(db, shredder.id, { rating: 3, comments: 'Loud', customerName: 'Sara', createdAt: day(11) });
  await insertSeoKeyword(db, 'home', {
    title: 'Safe Buddy',
    description: 'Safes and office equipment in the UAE',
    keywords: 'safes, shredders',
  });
  await insertSeoKeyword(db, 'office_buddy', { title: 'Office Buddy', description: 'Office equipment', keywords: 'office' });
  await insertSeoKeyword(db, 'home_buddy', { title: 'Home Buddy', description: 'Home safes', keywords: 'home' });
});

const PUBLISHED_NEWEST = () => [blue, red, vaultDoor, homeSafe, shredder, fireSafe].map((p) => p.id);

describe('GET /api/health and /api/openapi.json', () => {
  it('health answers ok, uncached', async () => {
    const r = await call('health');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ success: true, data: { status: 'ok' } });
    expect(r.headers.get('cache-control')).toBe('no-store');
  });

  it('openapi.json describes every route with its query parameters', async () => {
    const r = await call('openapi.json');
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/application\/json/);
    const document = r.body as unknown as { openapi: string };
    expect(document.openapi).toBe('3.1.0');
    const paths = (r.body as unknown as { paths: Record<string, Record<string, { parameters: { name: string }[] }>> }).paths;
    for (const { endpoint } of catalogRoutes)
      expect(paths[`/api/${endpoint.path}`]?.[endpoint.method.toLowerCase()], endpoint.path).toBeDefined();
    expect(paths['/api/health']?.get).toBeDefined();
    expect(paths['/api/openapi.json']?.get).toBeDefined();
    const listParams = (paths['/api/products/all-product-list']!.get!.parameters as { name: string }[]).map((p) => p.name);
    expect(listParams).toEqual(
      expect.arrayContaining(['page', 'limit', 'search', 'brand_id', 'category_id', 'category', 'brand', 'price', 'product_type']),
    );
    const view = paths['/api/products/product-view']!.get!.parameters as { name: string; required: boolean }[];
    expect(view).toContainEqual(expect.objectContaining({ name: 'product_id', in: 'query', required: true }));
    const brandList = paths['/api/brands/brand-product-list']!.get!.parameters as { name: string; required: boolean }[];
    expect(brandList).toContainEqual(expect.objectContaining({ name: 'brand_id', required: true }));
  });
});

describe('GET /api/products/all-product-list', () => {
  it("lists published products, newest first, in the spec's fields with prices in AED", async () => {
    const data = await get(catalogApi.productList);
    expect(ids(data.data)).toEqual(PUBLISHED_NEWEST());
    expect(data).toMatchObject({ current_page: 1, last_page: 1, per_page: 12, total: 6 });
    const card = data.data.find((p) => p.id === fireSafe.id);
    for (const field of CARD_FIELDS) expect(card, field).toHaveProperty(field);
    expect(card).toMatchObject({
      id: fireSafe.id,
      name: 'Ironclad Fire Safe FG-60',
      sku: 'IC-FG60',
      unit_price: 1500,
      discount: 10,
      discounted_price: 1350,
      quantity: 7,
      thumbnail_img_link: '/t/fire.webp',
      rating: 4.5,
      avgrating: 4.5,
      brand_id: ironclad.id,
    });
    expect(data.data.find((p) => p.id === shredder.id)!.unit_price).toBe(999.99);
    expect(ids(data.data)).not.toContain(hidden.id);
  });

  it('pages with page and limit', async () => {
    const first = await get(catalogApi.productList, { limit: 4 });
    expect(first).toMatchObject({ current_page: 1, per_page: 4, total: 6, last_page: 2 });
    expect(ids(first.data)).toEqual(PUBLISHED_NEWEST().slice(0, 4));
    const second = await get(catalogApi.productList, { limit: 4, page: 2 });
    expect(second).toMatchObject({ current_page: 2, last_page: 2 });
    expect(ids(second.data)).toEqual(PUBLISHED_NEWEST().slice(4));
  });

  it('searches (live search), typo-tolerant', async () => {
    expect(ids((await get(catalogApi.productList, { search: 'shreder' })).data)).toEqual([shredder.id]);
    expect(ids((await get(catalogApi.productList, { search: 'fire saf' })).data)).toEqual([fireSafe.id]);
    expect((await get(catalogApi.productList, { search: `'&|!:*()` })).data).toEqual([]);
  });

  it('filters by brand_id, category_id and the JSON lists', async () => {
    expect(ids((await get(catalogApi.productList, { brand_id: ironclad.id })).data)).toEqual([homeSafe.id, fireSafe.id]);
    expect(ids((await get(catalogApi.productList, { category_id: 12 })).data)).toEqual([vaultDoor.id, fireSafe.id]);
    expect(ids((await get(catalogApi.productList, { category: '[12,10]' })).data)).toEqual([vaultDoor.id, homeSafe.id, fireSafe.id]);
    expect(ids((await get(catalogApi.productList, { brand: JSON.stringify([paperTrail.id, vaultline.id]) })).data)).toEqual([
      vaultDoor.id,
      shredder.id,
    ]);
    expect(ids((await get(catalogApi.productList, { category: '[12]', brand: `[${ironclad.id}]` })).data)).toEqual([fireSafe.id]);
  });

  it('filters by price ranges given in AED, on the price after discount', async () => {
    // 0-1,000: the shredder at 999.99 and the lockers at 300.
    expect(ids((await get(catalogApi.productList, { price: '[{"min":0,"max":1000}]' })).data)).toEqual([blue.id, red.id, shredder.id]);
    // The fire safe is AED 1,500 less 10%: it counts as 1,350.
    expect(ids((await get(catalogApi.productList, { price: '[{"min":1000,"max":1400}]' })).data)).toEqual([fireSafe.id]);
    expect(ids((await get(catalogApi.productList, { price: '[{"min":1400,"max":10000}]' })).data)).toEqual([]);
    // Open-ended, and two ranges together.
    expect(ids((await get(catalogApi.productList, { price: '[{"min":100000}]' })).data)).toEqual([vaultDoor.id]);
    // An explicit null max is open-ended too.
    expect(ids((await get(catalogApi.productList, { price: '[{"min":100000,"max":null}]' })).data)).toEqual([vaultDoor.id]);
    expect(ids((await get(catalogApi.productList, { price: '[{"min":0,"max":null}]' })).data)).toEqual(PUBLISHED_NEWEST());
    expect(ids((await get(catalogApi.productList, { price: '[{"min":20000,"max":50000},{"min":100000}]' })).data)).toEqual([
      vaultDoor.id,
      homeSafe.id,
    ]);
  });

  it('filters by product_type 2 (office) and 1 (home)', async () => {
    expect(ids((await get(catalogApi.productList, { product_type: '1' })).data)).toEqual([homeSafe.id]);
    const office = ids((await get(catalogApi.productList, { product_type: '2' })).data);
    expect(office).toEqual(PUBLISHED_NEWEST().filter((id) => id !== homeSafe.id));
    expect(ids((await get(catalogApi.productList, { product_type: 'null' })).data)).toEqual(PUBLISHED_NEWEST());
  });

  it('answers 422 with field errors for bad input', async () => {
    await expect422('products/all-product-list?page=0', 'page');
    await expect422('products/all-product-list?limit=1000', 'limit');
    await expect422('products/all-product-list?product_type=7', 'product_type');
    await expect422('products/all-product-list?price=notjson', 'price');
    await expect422(`products/all-product-list?${q({ price: '[{"min":0' })}`, 'price');
    await expect422(`products/all-product-list?${q({ category: '[12,"x"]' })}`, 'category');
    await expect422('products/all-product-list?brand_id=abc', 'brand_id');
    // Inherited object keys are not product types.
    await expect422('products/all-product-list?product_type=__proto__', 'product_type');
    await expect422('products/all-product-list?product_type=constructor', 'product_type');
    await expect422('products/new-product-list?product_type=toString', 'product_type');
    const body = await expect422('products/all-product-list?page=0&limit=1000', 'page');
    expect(Object.keys(body.data)).toEqual(expect.arrayContaining(['page', 'limit']));
  });
});

describe('GET /api/brands/brand-product-list and /api/category/category-product-list', () => {
  it("lists a brand's products", async () => {
    const data = await get(catalogApi.brandProducts, { brand_id: ironclad.id });
    expect(ids(data.data)).toEqual([homeSafe.id, fireSafe.id]);
    expect(data.last_page).toBe(1);
    for (const field of CARD_FIELDS) expect(data.data[0], field).toHaveProperty(field);
    expect(ids((await get(catalogApi.brandProducts, { brand_id: ironclad.id, product_type: '1' })).data)).toEqual([homeSafe.id]);
    expect(ids((await get(catalogApi.brandProducts, { brand_id: ironclad.id, limit: '1', page: '2' })).data)).toEqual([fireSafe.id]);
  });

  it('needs a valid brand_id', async () => {
    await expect422('brands/brand-product-list', 'brand_id');
    await expect422('brands/brand-product-list?brand_id=', 'brand_id');
    await expect422('brands/brand-product-list?brand_id=abc', 'brand_id');
    // Other bad values beside a valid brand_id are field errors too, never a 500.
    await expect422('brands/brand-product-list?brand_id=-1', 'brand_id');
    await expect422('brands/brand-product-list?brand_id=99999999999', 'brand_id');
    await expect422(`brands/brand-product-list?brand_id=${ironclad.id}&page=0`, 'page');
  });

  it("lists a category's products, with more filters", async () => {
    const data = await get(catalogApi.categoryProducts, { category_id: '12' });
    expect(ids(data.data)).toEqual([vaultDoor.id, fireSafe.id]);
    expect(data).toMatchObject({ last_page: 1, total: 2 });
    expect(ids((await get(catalogApi.categoryProducts, { category_id: '12', ...{ price: '[{"min":0,"max":10000}]' } })).data)).toEqual([
      fireSafe.id,
    ]);
    expect(ids((await get(catalogApi.categoryProducts, { category_id: '13', ...{ search: 'locker' } })).data).sort()).toEqual(
      [red.id, blue.id].sort(),
    );
  });

  it('needs a valid category_id', async () => {
    await expect422('category/category-product-list', 'category_id');
    await expect422('category/category-product-list?category_id=', 'category_id');
    await expect422('category/category-product-list?category_id=abc', 'category_id');
    await expect422('category/category-product-list?category_id=0', 'category_id');
    await expect422('category/category-product-list?category_id=12&limit=1000', 'limit');
  });
});

describe('GET /api/products/new-product-list and /api/products/featured-product-list', () => {
  it('new arrivals: data.data[] of {product_id, product}, newest first', async () => {
    const data = await get(catalogApi.newArrivals, { limit: '3' });
    expect(data.data.map((i) => i.product_id)).toEqual(PUBLISHED_NEWEST().slice(0, 3));
    for (const item of data.data) {
      expect(item.product.id).toBe(item.product_id);
      for (const field of CARD_FIELDS) expect(item.product, field).toHaveProperty(field);
    }
    expect(data).toMatchObject({ last_page: 2, total: 6 });
    expect((await get(catalogApi.newArrivals, { product_type: '1' })).data.map((i) => i.product_id)).toEqual([homeSafe.id]);
  });

  it('top sellers: data.data[] of {id, product}, featured order while nothing sold, published only', async () => {
    const data = await get(catalogApi.topSellers);
    expect(data.data.map((i) => i.id)).toEqual([fireSafe.id, shredder.id]);
    for (const item of data.data) {
      expect(item.product.id).toBe(item.id);
      for (const field of CARD_FIELDS) expect(item.product, field).toHaveProperty(field);
    }
    expect(data.last_page).toBe(1);
    expect((await get(catalogApi.topSellers, { category: '[13]' })).data.map((i) => i.id)).toEqual([shredder.id]);
    await expect422('products/featured-product-list?limit=0', 'limit');
    await expect422('products/new-product-list?price=notjson', 'price');
  });
});

describe('GET /api/products/product-view', () => {
  it('returns the product with gallery, colours, categories, brand, sanitised HTML and meta', async () => {
    const p = await get(catalogApi.productView, { product_id: fireSafe.id });
    for (const field of DETAIL_FIELDS) expect(p, field).toHaveProperty(field);
    expect(p).toMatchObject({
      id: fireSafe.id,
      name: 'Ironclad Fire Safe FG-60',
      sku: 'IC-FG60',
      unit_price: 1500,
      discount: 10,
      quantity: 7,
      rating: 4.5,
      avgrating: 4.5,
      thumbnail_img_link: '/t/fire.webp',
      brand_id: ironclad.id,
      pdf_link: '/docs/fg60.pdf',
      video_link: 'https://video.example/fg60',
      meta_title: 'Fire safe FG-60',
      meta_description: 'Fire safe for documents',
      meta_keywords: 'fire, safe',
      meta_img: '/m/fire.webp',
    });
    expect(p.gallery_images).toEqual([{ image_link: '/g/fire-1.webp' }, { image_link: '/g/fire-2.webp' }]);
    expect(p.categories).toEqual([expect.objectContaining({ name: 'Fire Safes' })]);
    expect(p.brands).toEqual([expect.objectContaining({ id: ironclad.id, name: 'Ironclad' })]);
    expect(p.colors).toEqual([]);
    expect(p.description).not.toMatch(/<script|onerror=|alert\(/i);
    expect(p.description).toContain('<table>');
    expect(p.description).toContain('<p>Fire rated</p>');
    expect(p.product_desc).not.toMatch(/javascript:|onclick/i);
    expect(p.product_desc).toContain('<li>Steel</li>');
  });

  it('lists colour siblings as {product_id, hex_code}', async () => {
    const p = await get(catalogApi.productView, { product_id: blue.id });
    expect(p.colors.map((c) => ({ product_id: c.product_id, hex_code: c.hex_code }))).toEqual([
      { product_id: red.id, hex_code: '#cc0000' },
      { product_id: blue.id, hex_code: '#0000cc' },
    ]);
    expect(p.brands).toEqual([]);
    expect(p.brand_id).toBeNull();
    expect(p.gallery_images).toEqual([{ image_link: blue.thumbnailImgLink }]);
  });

  it('answers 404 for unknown or unpublished products', async () => {
    for (const id of [999_999, hidden.id]) {
      const r = await call(`products/product-view?product_id=${id}`);
      expect(r.status).toBe(404);
      expect(r.body.success).toBe(false);
      expect(r.body.message).toMatch(/not found/i);
    }
  });

  it('answers 422 for a missing or malformed product_id', async () => {
    await expect422('products/product-view?product_id=abc', 'product_id');
    await expect422('products/product-view', 'product_id');
    await expect422('products/product-view?product_id=1.5', 'product_id');
    await expect422('products/product-view?product_id=0', 'product_id');
  });
});

describe('GET /api/category/filter-category', () => {
  it('lists categories {id, name, icon}, paginated, coming-soon ones included and marked', async () => {
    const data = await get(catalogApi.categories);
    expect(ids(data.data)).toEqual([13, 12, 10, 19]);
    expect(data.data[0]).toMatchObject({ id: 13, name: 'Shredders', icon: '/icons/shredders.svg', coming_soon: false });
    expect(data.data.at(-1)).toMatchObject({ id: 19, coming_soon: true });
    expect(data).toMatchObject({ last_page: 1, total: 4 });
  });

  it('filters by product_type and brand_id and pages with limit', async () => {
    expect(ids((await get(catalogApi.categories, { product_type: '1' })).data)).toEqual([10, 19]);
    expect(ids((await get(catalogApi.categories, { product_type: '2' })).data)).toEqual([13, 12, 19]);
    expect(ids((await get(catalogApi.categories, { brand_id: paperTrail.id })).data)).toEqual([13, 19]);
    const page2 = await get(catalogApi.categories, { limit: '3', page: '2' });
    expect(ids(page2.data)).toEqual([19]);
    expect(page2).toMatchObject({ last_page: 2, current_page: 2, total: 4 });
  });

  it('answers 422 for bad input', async () => {
    await expect422('category/filter-category?product_type=7', 'product_type');
    await expect422('category/filter-category?limit=1000', 'limit');
    await expect422('category/filter-category?brand_id=x', 'brand_id');
  });
});

describe('GET /api/brands/brand-list', () => {
  it('lists brands with products, {id, name, image_path}', async () => {
    const data = await get(catalogApi.brands);
    expect(data.map((b) => b.name)).toEqual(['Ironclad', 'PaperTrail', 'Vaultline']);
    expect(data[0]).toMatchObject({ id: ironclad.id, name: 'Ironclad', image_path: '/brands/ironclad.webp' });
  });

  it('filters by product_type, category_id and the category JSON list', async () => {
    expect((await get(catalogApi.brands, { product_type: '1' })).map((b) => b.id)).toEqual([ironclad.id]);
    expect((await get(catalogApi.brands, { category_id: '13' })).map((b) => b.id)).toEqual([paperTrail.id]);
    expect((await get(catalogApi.brands, { category: '[12]' })).map((b) => b.id)).toEqual([ironclad.id, vaultline.id]);
    expect((await get(catalogApi.brands, { category: '[12,13]', product_type: '2' })).map((b) => b.id)).toEqual([
      ironclad.id,
      paperTrail.id,
      vaultline.id,
    ]);
  });

  it('answers 422 for bad input', async () => {
    await expect422('brands/brand-list?category=notjson', 'category');
    await expect422('brands/brand-list?product_type=7', 'product_type');
  });
});

describe('GET /api/brands/top-brand-list', () => {
  it('answers data.data[].brands{id, name, image_path} in position order', async () => {
    const data = await get(catalogApi.topBrands);
    expect(data.data).toEqual([
      { brands: { id: vaultline.id, name: 'Vaultline', image_path: '/brands/vaultline.webp' } },
      { brands: { id: ironclad.id, name: 'Ironclad', image_path: '/brands/ironclad.webp' } },
    ]);
  });
});

describe('GET /api/coupon/promocode_detail', () => {
  it('answers the newest active offer as {title, sub_title, code}', async () => {
    expect(await get(catalogApi.topOffer)).toEqual({ title: 'Summer Sale', sub_title: 'Up to 20% off safes', code: 'SUMMER20' });
  });

  it('answers 404 when no offer runs', async () => {
    try {
      await db.update(topOffers).set({ active: false });
      const r = await call('coupon/promocode_detail');
      expect(r.status).toBe(404);
      expect(r.body.success).toBe(false);
    } finally {
      await db
        .update(topOffers)
        .set({ active: true })
        .where(sql`${topOffers.code} <> 'NOPE'`);
    }
    expect((await get(catalogApi.topOffer)).code).toBe('SUMMER20');
  });
});

describe('GET /api/products/review-list', () => {
  it('answers data.data[] {rating, comments, created_at, customer.name}, newest first', async () => {
    const data = await get(reviewsApi.list, { product_id: fireSafe.id });
    expect(data.data).toHaveLength(2);
    expect(data.data[0]).toMatchObject({
      rating: 5,
      comments: 'Survived a fire',
      created_at: day(12).toISOString(),
      customer: { name: 'Omar' },
    });
    expect(data.data[1]).toMatchObject({ rating: 4, comments: 'Solid and heavy', customer: { name: 'Aisha' } });
    expect(data).toMatchObject({ last_page: 1, total: 2 });
    const paged = await get(reviewsApi.list, { product_id: fireSafe.id, limit: '1', page: '2' });
    expect(paged.data.map((r) => r.customer.name)).toEqual(['Aisha']);
    expect(paged.last_page).toBe(2);
    expect((await get(reviewsApi.list, { product_id: vaultDoor.id })).data).toEqual([]);
  });

  it('answers 404 for an unknown product and 422 for a bad one', async () => {
    const r = await call('products/review-list?product_id=999999');
    expect(r.status).toBe(404);
    expect(r.body.success).toBe(false);
    await expect422('products/review-list?product_id=abc', 'product_id');
    await expect422(`products/review-list?product_id=${fireSafe.id}&limit=500`, 'limit');
  });
});

describe('GET /api/seo/get', () => {
  it('answers the keywords keyed home, office_buddy, home_buddy', async () => {
    const r = await callEndpoint(db, catalogApi.seo);
    expect(r.status).toBe(200);
    expect(r.success).toBe(true);
    expect(Object.keys(r.data).sort()).toEqual(['home', 'home_buddy', 'office_buddy']);
    expect(r.data.home).toEqual({
      title: 'Safe Buddy',
      description: 'Safes and office equipment in the UAE',
      keywords: 'safes, shredders',
    });
    expect(r.data.office_buddy?.title).toBe('Office Buddy');
    expect(r.data.home_buddy?.keywords).toBe('home');
    // Staff edit them (docs/decisions/0049-categories-brands-seo.md): no browser keeps them for an hour.
    expect(r.headers.get('cache-control') ?? '').not.toMatch(/max-age=[1-9]/);
  });
});

describe('routing', () => {
  it('answers 404 for an unknown endpoint', async () => {
    for (const path of ['nope', 'products/all-product-list/extra', 'products', '']) {
      const r = await call(path);
      expect(r.status, path).toBe(404);
      expect(r.body.success).toBe(false);
      expect(typeof r.body.message).toBe('string');
    }
  });

  it('answers 405 with Allow for a wrong method', async () => {
    const r = await call('products/all-product-list', { method: 'POST', body: '' });
    expect(r.status).toBe(405);
    expect(r.body.success).toBe(false);
    expect(r.headers.get('allow')).toBe('GET');
    expect((await call('health', { method: 'DELETE' })).status).toBe(405);
  });

  it('accepts a trailing slash and HEAD', async () => {
    expect((await call('health/')).status).toBe(200);
    expect((await call('health', { method: 'HEAD' })).status).toBe(200);
  });

  it('answers JSON everywhere', async () => {
    for (const path of [
      'products/all-product-list',
      'nope',
      'products/product-view?product_id=abc',
      'products/product-view?product_id=999999',
    ]) {
      expect((await call(path)).headers.get('content-type'), path).toMatch(/application\/json/);
    }
  });
});

// Last, on its own database: a failure nobody expected answers 500 and keeps its details in the log.
describe('unexpected errors', () => {
  let broken: TestDatabase;
  let databaseName = '';

  beforeAll(async () => {
    broken = await freshDatabase();
    const rows = (await broken.db.execute(sql`select current_database() as name`)) as unknown as
      { rows?: { name: string }[] } | { name: string }[];
    databaseName = (Array.isArray(rows) ? rows[0]?.name : rows.rows?.[0]?.name) ?? '';
  });

  afterAll(async () => {
    // The database was closed on purpose, so dispose() cannot close it again; drop a PostgreSQL one by hand.
    await broken?.dispose().catch(async () => {
      const adminUrl = process.env.TEST_DATABASE_URL;
      if (!adminUrl || !databaseName.startsWith('shop_test_')) return;
      const { default: pg } = await import('pg');
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`drop database if exists "${databaseName}" with (force)`);
      await admin.end();
    });
  });

  // A closed database (the process shutting down) is unavailable, not a bug: 503 with Retry-After
  // (docs/decisions/0015-database-faults-and-operations.md).
  it('answers 503 without leaking the error when the database is gone', async () => {
    await broken.close();
    const driverError = await broken.db.execute(sql`select 1`).then(
      () => null,
      (e: unknown) => e as Error & { cause?: Error },
    );
    expect(driverError).not.toBeNull();
    const secrets = [driverError!.message, driverError!.cause?.message].filter((m): m is string => !!m && m.length > 3);
    expect(secrets.length).toBeGreaterThan(0);

    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      for (const path of ['health', 'products/all-product-list', `products/product-view?product_id=${fireSafe.id}`, 'seo/get']) {
        const r = await call(path, undefined, broken.db);
        expect(r.status, path).toBe(503);
        expect(r.headers.get('retry-after'), path).toBe('30');
        expect(r.body.success).toBe(false);
        expect(typeof r.body.message).toBe('string');
        for (const secret of secrets) expect(r.text).not.toContain(secret.split('\n')[0]!);
        expect(r.text).not.toMatch(/select|stack|pglite|pool| {4}at /i);
      }
      expect(logged).toHaveBeenCalled();
      expect(String(logged.mock.calls[0]?.[0])).toMatch(/database is unavailable|cannot be read/);
    } finally {
      logged.mockRestore();
    }
  });
});
