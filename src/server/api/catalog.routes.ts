// The catalog's routes: each binds an endpoint of src/domain/api/catalog.ts to the catalog service.
import { catalogApi } from '@/domain/api/catalog';
import * as catalog from '@/server/catalog/catalog.service';
import {
  brandJson,
  categoryJson,
  pageJson,
  productCardJson,
  productDetailJson,
  seoJson,
  topOfferJson,
} from '@/server/catalog/catalog.wire';
import { NotFoundError } from '@/server/errors';
import { route, type ContractRoute } from './router';

export const catalogRoutes: ContractRoute[] = [
  route(catalogApi.productList, async ({ db }, { query }) => ({
    data: pageJson(await catalog.listProducts(db, query), productCardJson),
    message: 'Products',
  })),
  route(catalogApi.brandProducts, async ({ db }, { query }) => ({
    data: pageJson(await catalog.listProducts(db, query), productCardJson),
    message: 'Brand products',
  })),
  route(catalogApi.categoryProducts, async ({ db }, { query }) => ({
    data: pageJson(await catalog.listProducts(db, query), productCardJson),
    message: 'Category products',
  })),
  route(catalogApi.newArrivals, async ({ db }, { query }) => ({
    data: pageJson(await catalog.listNewArrivals(db, query), (p) => ({ product_id: p.id, product: productCardJson(p) })),
    message: 'New arrivals',
  })),
  route(catalogApi.topSellers, async ({ db }, { query }) => ({
    data: pageJson(await catalog.listTopSellers(db, query), (p) => ({ id: p.id, product: productCardJson(p) })),
    message: 'Top sellers',
  })),
  route(catalogApi.productView, async ({ db }, { query }) => {
    const product = await catalog.getProductDetail(db, query.product_id);
    if (!product) throw new NotFoundError('Product not found');
    return { data: productDetailJson(product), message: 'Product' };
  }),
  route(catalogApi.categories, async ({ db }, { query }) => {
    const all = await catalog.listCategories(db, { productType: query.product_type, brandId: query.brand_id, includeComingSoon: true });
    const start = (query.page - 1) * query.limit;
    const page = {
      items: all.slice(start, start + query.limit),
      page: query.page,
      perPage: query.limit,
      total: all.length,
      lastPage: Math.max(1, Math.ceil(all.length / query.limit)),
    };
    return { data: pageJson(page, categoryJson), message: 'Categories' };
  }),
  route(catalogApi.brands, async ({ db }, { query }) => {
    const categoryIds = [...query.category, ...(query.category_id ? [query.category_id] : [])];
    const rows = await catalog.listBrands(db, { productType: query.product_type, categoryIds });
    return { data: rows.map((b) => ({ ...brandJson(b), product_count: b.productCount })), message: 'Brands' };
  }),
  route(catalogApi.topBrands, async ({ db }) => ({
    data: { data: (await catalog.listTopBrands(db)).map((b) => ({ brands: brandJson(b) })) },
    message: 'Top brands',
  })),
  route(catalogApi.topOffer, async ({ db }) => {
    const offer = await catalog.getTopOffer(db);
    if (!offer) throw new NotFoundError('There is no offer running right now');
    return { data: topOfferJson(offer), message: 'Top offer' };
  }),
  route(catalogApi.seo, async ({ db }) => ({
    data: seoJson(await catalog.listSeoKeywords(db)),
    message: 'SEO data',
    headers: { 'cache-control': 'public, max-age=3600' },
  })),
];
