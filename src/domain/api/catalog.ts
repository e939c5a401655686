// The catalog's endpoints: lists, one product, categories, brands, the offer, SEO texts
// (docs/product.md#api-map). Prices go out in AED.
import { z } from '@/domain/zod';
import { productListQuerySchema, productTypeOf } from '@/domain/catalog-query';
import { CATEGORIES_LIMIT, PRODUCT_TYPES } from '@/domain/constants';
import { idField, wholeNumber } from '@/domain/input';
import { defineEndpoint } from './endpoint';
import { aed, isoDateTime, pageOf, wireId } from './wire';

const id = idField();
const productType = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v === '' || v === 'null' ? undefined : (productTypeOf(v) ?? v)))
  .pipe(z.enum(PRODUCT_TYPES, { error: 'must be 2 (office), 1 (home), office or home' }).optional());

export const productViewQuery = z.object({ product_id: id });

export const categoryQuery = z.object({
  page: wholeNumber(1, 1000).default(1),
  limit: wholeNumber(1, CATEGORIES_LIMIT).default(CATEGORIES_LIMIT),
  product_type: productType,
  brand_id: id.optional(),
});

export const brandQuery = z.object({
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

export const productCardWire = z.strictObject({
  id: wireId,
  name: z.string(),
  sku: z.string(),
  unit_price: aed,
  discount: z.number(),
  discounted_price: aed,
  quantity: z.number().int(),
  thumbnail_img_link: z.string(),
  rating: z.number(),
  avgrating: z.number(),
  review_count: z.number().int(),
  brand_id: wireId.nullable(),
  weight: z.number(),
  /** The product's own colour name and hex, when it comes in colours; null otherwise. */
  color: z.string().nullable(),
  hex_code: z.string().nullable(),
  is_new: z.boolean(),
  created_at: isoDateTime,
});

export const productDetailWire = z.strictObject({
  ...productCardWire.shape,
  product_type: z.enum(PRODUCT_TYPES),
  description: z.string(),
  product_desc: z.string(),
  pdf_link: z.string().nullable(),
  video_link: z.string().nullable(),
  gallery_images: z.array(z.strictObject({ image_link: z.string() })),
  colors: z.array(z.strictObject({ product_id: wireId, hex_code: z.string(), name: z.string().nullable() })),
  categories: z.array(z.strictObject({ id: wireId, name: z.string() })),
  brands: z.array(z.strictObject({ id: wireId, name: z.string(), image_path: z.string() })),
  meta_title: z.string().nullable(),
  meta_description: z.string().nullable(),
  meta_keywords: z.string().nullable(),
  meta_img: z.string().nullable(),
});

const brandWire = z.strictObject({ id: wireId, name: z.string(), image_path: z.string() });

export const catalogApi = {
  productList: defineEndpoint({
    method: 'GET',
    path: 'products/all-product-list',
    summary: 'Product list: filters, search, paging (also live search)',
    auth: 'public',
    cache: true,
    query: productListQuerySchema,
    answer: pageOf(productCardWire),
  }),
  brandProducts: defineEndpoint({
    method: 'GET',
    path: 'brands/brand-product-list',
    summary: "A brand's products",
    auth: 'public',
    cache: true,
    query: productListQuerySchema,
    requiredQuery: ['brand_id'],
    answer: pageOf(productCardWire),
  }),
  categoryProducts: defineEndpoint({
    method: 'GET',
    path: 'category/category-product-list',
    summary: "A category's products",
    auth: 'public',
    cache: true,
    query: productListQuerySchema,
    requiredQuery: ['category_id'],
    answer: pageOf(productCardWire),
  }),
  newArrivals: defineEndpoint({
    method: 'GET',
    path: 'products/new-product-list',
    summary: 'New arrivals, newest first',
    auth: 'public',
    cache: true,
    query: productListQuerySchema,
    answer: pageOf(z.strictObject({ product_id: wireId, product: productCardWire })),
  }),
  topSellers: defineEndpoint({
    method: 'GET',
    path: 'products/featured-product-list',
    summary: 'Top sellers (featured while nothing has sold)',
    auth: 'public',
    cache: true,
    query: productListQuerySchema,
    answer: pageOf(z.strictObject({ id: wireId, product: productCardWire })),
  }),
  productView: defineEndpoint({
    method: 'GET',
    path: 'products/product-view',
    summary: 'One product with gallery, colours, categories and brand',
    auth: 'public',
    cache: true,
    query: productViewQuery,
    answer: productDetailWire,
  }),
  categories: defineEndpoint({
    method: 'GET',
    path: 'category/filter-category',
    summary: 'Categories, optionally only those with products of a type or brand',
    auth: 'public',
    cache: true,
    query: categoryQuery,
    answer: pageOf(
      z.strictObject({ id: wireId, name: z.string(), icon: z.string(), coming_soon: z.boolean(), product_count: z.number().int() }),
    ),
  }),
  brands: defineEndpoint({
    method: 'GET',
    path: 'brands/brand-list',
    summary: 'Brands with products of a type and categories',
    auth: 'public',
    cache: true,
    query: brandQuery,
    answer: z.array(z.strictObject({ ...brandWire.shape, product_count: z.number().int() })),
  }),
  topBrands: defineEndpoint({
    method: 'GET',
    path: 'brands/top-brand-list',
    summary: 'Top brands for the home strip',
    auth: 'public',
    cache: true,
    answer: z.strictObject({ data: z.array(z.strictObject({ brands: brandWire })) }),
  }),
  topOffer: defineEndpoint({
    method: 'GET',
    path: 'coupon/promocode_detail',
    summary: 'The limited-time offer',
    auth: 'public',
    cache: true,
    answer: z.strictObject({ title: z.string(), sub_title: z.string(), code: z.string() }),
  }),
  seo: defineEndpoint({
    method: 'GET',
    path: 'seo/get',
    summary: 'SEO keywords keyed home, office_buddy, home_buddy',
    auth: 'public',
    cache: true,
    answer: z.record(z.string(), z.strictObject({ title: z.string(), description: z.string(), keywords: z.string() })),
  }),
};
