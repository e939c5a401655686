// The catalog half of the API map (decisions.md).
import { z } from 'zod';
import { productListQuerySchema, productTypeOf, type ProductFilter } from '@/domain/catalog-query';
import { CATEGORIES_LIMIT, PRODUCT_TYPES } from '@/domain/constants';
import { idField, wholeNumber } from '@/domain/input';
import * as catalog from '@/server/catalog/catalog.service';
import { NotFoundError, ValidationError } from '@/server/errors';
import { ok, parseWith, queryObject } from './http';
import { pageJson, productCardJson, productDetailJson } from './catalog.json';
import type { Route } from './router';

const id = idField();
const productType = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v === '' || v === 'null' ? undefined : (productTypeOf(v) ?? v)))
  .pipe(z.enum(PRODUCT_TYPES, { error: 'must be 2 (office), 1 (home), office or home' }).optional());

/** The general list query, with one parameter that must be present. */
function listQueryRequiring(url: URL, name: 'brand_id' | 'category_id'): ProductFilter {
  const query = queryObject(url);
  if (!query[name]) throw new ValidationError(`${name} is required`, { [name]: [`${name} is required`] });
  return parseWith(productListQuerySchema, query);
}
const productViewQuery = z.object({ product_id: id });
const categoryQuery = z.object({
  page: wholeNumber(1, 1000).default(1),
  limit: wholeNumber(1, CATEGORIES_LIMIT).default(CATEGORIES_LIMIT),
  product_type: productType,
  brand_id: id.optional(),
});
const brandQuery = z.object({
  product_type: productType,
  category_id: id.optional(),
  category: z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (!v) return [];
      try {
        return z
          .array(id)
          .max(50)
          .parse(v.trim().startsWith('[') ? JSON.parse(v) : v.split(','));
      } catch {
        ctx.addIssue({ code: 'custom', message: 'must be a JSON list of category ids' });
        return z.NEVER;
      }
    }),
});

export const catalogRoutes: Route[] = [
  {
    method: 'GET',
    path: 'products/all-product-list',
    summary: 'Product list: filters, search, paging (also live search)',
    query: productListQuerySchema,
    handler: async ({ db, url }) => {
      const filter = parseWith(productListQuerySchema, queryObject(url));
      return ok(pageJson(await catalog.listProducts(db, filter), productCardJson), 'Products');
    },
  },
  {
    method: 'GET',
    path: 'brands/brand-product-list',
    summary: "A brand's products",
    query: productListQuerySchema,
    requiredQuery: ['brand_id'],
    handler: async ({ db, url }) => {
      const filter = listQueryRequiring(url, 'brand_id');
      return ok(pageJson(await catalog.listProducts(db, filter), productCardJson), 'Brand products');
    },
  },
  {
    method: 'GET',
    path: 'category/category-product-list',
    summary: "A category's products",
    query: productListQuerySchema,
    requiredQuery: ['category_id'],
    handler: async ({ db, url }) => {
      const filter = listQueryRequiring(url, 'category_id');
      return ok(pageJson(await catalog.listProducts(db, filter), productCardJson), 'Category products');
    },
  },
  {
    method: 'GET',
    path: 'products/new-product-list',
    summary: 'New arrivals, newest first',
    query: productListQuerySchema,
    handler: async ({ db, url }) => {
      const filter = parseWith(productListQuerySchema, queryObject(url));
      const page = await catalog.listNewArrivals(db, filter);
      return ok(
        pageJson(page, (p) => ({ product_id: p.id, product: productCardJson(p) })),
        'New arrivals',
      );
    },
  },
  {
    method: 'GET',
    path: 'products/featured-product-list',
    summary: 'Top sellers (featured while nothing has sold)',
    query: productListQuerySchema,
    handler: async ({ db, url }) => {
      const filter = parseWith(productListQuerySchema, queryObject(url));
      const page = await catalog.listTopSellers(db, filter);
      return ok(
        pageJson(page, (p) => ({ id: p.id, product: productCardJson(p) })),
        'Top sellers',
      );
    },
  },
  {
    method: 'GET',
    path: 'products/product-view',
    summary: 'One product with gallery, colours, categories and brand',
    query: productViewQuery,
    handler: async ({ db, url }) => {
      const { product_id } = parseWith(productViewQuery, queryObject(url));
      const product = await catalog.getProductDetail(db, product_id);
      if (!product) throw new NotFoundError('Product not found');
      return ok(productDetailJson(product), 'Product');
    },
  },
  {
    method: 'GET',
    path: 'category/filter-category',
    summary: 'Categories, optionally only those with products of a type or brand',
    query: categoryQuery,
    handler: async ({ db, url }) => {
      const q = parseWith(categoryQuery, queryObject(url));
      const all = await catalog.listCategories(db, { productType: q.product_type, brandId: q.brand_id, includeComingSoon: true });
      const start = (q.page - 1) * q.limit;
      const data = all
        .slice(start, start + q.limit)
        .map((c) => ({ id: c.id, name: c.name, icon: c.icon, coming_soon: c.comingSoon, product_count: c.productCount }));
      return ok(
        { current_page: q.page, data, last_page: Math.max(1, Math.ceil(all.length / q.limit)), per_page: q.limit, total: all.length },
        'Categories',
      );
    },
  },
  {
    method: 'GET',
    path: 'brands/brand-list',
    summary: 'Brands with products of a type and categories',
    query: brandQuery,
    handler: async ({ db, url }) => {
      const q = parseWith(brandQuery, queryObject(url));
      const categoryIds = [...q.category, ...(q.category_id ? [q.category_id] : [])];
      const rows = await catalog.listBrands(db, { productType: q.product_type, categoryIds });
      return ok(
        rows.map((b) => ({ id: b.id, name: b.name, image_path: b.logo, product_count: b.productCount })),
        'Brands',
      );
    },
  },
  {
    method: 'GET',
    path: 'brands/top-brand-list',
    summary: 'Top brands for the home strip',
    handler: async ({ db }) => {
      const rows = await catalog.listTopBrands(db);
      return ok({ data: rows.map((b) => ({ brands: { id: b.id, name: b.name, image_path: b.logo } })) }, 'Top brands');
    },
  },
  {
    method: 'GET',
    path: 'coupon/promocode_detail',
    summary: 'The limited-time offer',
    handler: async ({ db }) => {
      const offer = await catalog.getTopOffer(db);
      if (!offer) throw new NotFoundError('There is no offer running right now');
      return ok({ title: offer.title, sub_title: offer.subTitle, code: offer.code }, 'Top offer');
    },
  },
  {
    method: 'GET',
    path: 'seo/get',
    summary: 'SEO keywords keyed home, office_buddy, home_buddy',
    handler: async ({ db }) => {
      const rows = await catalog.listSeoKeywords(db);
      const data = Object.fromEntries(rows.map((r) => [r.pageKey, { title: r.title, description: r.description, keywords: r.keywords }]));
      return ok(data, 'SEO data', 200, { 'cache-control': 'public, max-age=3600' });
    },
  },
];
