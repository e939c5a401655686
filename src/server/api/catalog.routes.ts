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
import { cacheTags, productTags } from '@/server/cache/tags';
import { route, type ContractRoute } from './router';

/** A list answer's cache tags: its products', so a change to one of them drops it (docs/decisions/0037-route-cache.md#tags). */
const shown = (page: { items: readonly { id: number }[] }) => productTags(page.items.map((p) => p.id));

export const catalogRoutes: ContractRoute[] = [
  route(catalogApi.productList, async ({ db }, { query }) => {
    const page = await catalog.listProducts(db, query);
    return { data: pageJson(page, productCardJson), message: 'Products', cacheTags: shown(page) };
  }),
  route(catalogApi.brandProducts, async ({ db }, { query }) => {
    const page = await catalog.listProducts(db, query);
    return { data: pageJson(page, productCardJson), message: 'Brand products', cacheTags: shown(page) };
  }),
  route(catalogApi.categoryProducts, async ({ db }, { query }) => {
    const page = await catalog.listProducts(db, query);
    return { data: pageJson(page, productCardJson), message: 'Category products', cacheTags: shown(page) };
  }),
  route(catalogApi.newArrivals, async ({ db }, { query }) => {
    const page = await catalog.listNewArrivals(db, query);
    return {
      data: pageJson(page, (p) => ({ product_id: p.id, product: productCardJson(p) })),
      message: 'New arrivals',
      cacheTags: shown(page),
    };
  }),
  route(catalogApi.topSellers, async ({ db }, { query }) => {
    const page = await catalog.listTopSellers(db, query);
    return {
      data: pageJson(page, (p) => ({ id: p.id, product: productCardJson(p) })),
      message: 'Top sellers',
      cacheTags: [cacheTags.topSellers, ...shown(page)],
    };
  }),
  route(catalogApi.productView, async ({ db }, { query }) => {
    const product = await catalog.getProductDetail(db, query.product_id);
    if (!product) throw new NotFoundError('Product not found');
    return {
      data: productDetailJson(product),
      message: 'Product',
      cacheTags: [cacheTags.product(product.id), ...(product.brand ? [cacheTags.brand(product.brand.id)] : [])],
    };
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
    cacheTags: [cacheTags.home],
  })),
  route(catalogApi.topOffer, async ({ db }) => {
    const offer = await catalog.getTopOffer(db);
    if (!offer) throw new NotFoundError('There is no offer running right now');
    return { data: topOfferJson(offer), message: 'Top offer', cacheTags: [cacheTags.home] };
  }),
  route(catalogApi.seo, async ({ db }) => ({
    data: seoJson(await catalog.listSeoKeywords(db)),
    message: 'SEO data',
    // Edited by staff (docs/decisions/0049-categories-brands-seo.md): the route cache's own
    // revalidating Cache-Control, so an edit is seen at once.
  })),
];
