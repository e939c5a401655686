// Admin API: categories, brands and SEO texts (docs/decisions/0049-categories-brands-seo.md). Any
// staff member; an edit is sent with the version the staff member saw (409 when it changed since);
// a category or brand that products use is not deleted (409 with how many).
import { z } from '@/domain/zod';
import { singleLine, wholeNumber } from '@/domain/input';
import {
  SEO_PAGE_KEYS,
  brandInput,
  brandUpdateInput,
  categoryInput,
  categoryOrderInput,
  categoryUpdateInput,
  seoUpdateInput,
} from '@/domain/taxonomy-admin';
import { PHOTO_MAX_BYTES } from '@/domain/product-photos';
import { defineEndpoint } from './endpoint';
import { wireId } from './wire';

export const adminCategoryWire = z.strictObject({
  id: wireId,
  version: z.number().int(),
  name: z.string(),
  icon: z.string(),
  image: z.string().nullable(),
  coming_soon: z.boolean(),
  sort_order: z.number().int(),
  /** Products in it, archived ones included (they keep it for past orders). */
  product_count: z.number().int(),
});

export const adminBrandWire = z.strictObject({
  id: wireId,
  version: z.number().int(),
  name: z.string(),
  logo: z.string(),
  product_count: z.number().int(),
});

export const adminSeoWire = z.strictObject({
  page_key: z.enum(SEO_PAGE_KEYS),
  version: z.number().int(),
  title: z.string(),
  description: z.string(),
  keywords: z.string(),
});

export const adminBrandListQuery = z.object({
  /** Part of the name. */
  q: singleLine(z.string().trim().max(60)).optional(),
  page: wholeNumber(1, 10_000).default(1),
  limit: wholeNumber(1, 100).default(50),
});
export type AdminBrandListQuery = z.output<typeof adminBrandListQuery>;

/** The upload form (multipart): one file in `photo`. */
export const taxonomyPictureBody = z.object({ photo: z.file() });

const deleted = z.strictObject({ id: wireId });

export const adminTaxonomyApi = {
  categories: defineEndpoint({
    method: 'GET',
    path: 'admin/categories',
    summary: 'Every category in the shop’s order, with its product count and version',
    auth: 'staff',
    answer: z.array(adminCategoryWire),
  }),
  category: defineEndpoint({
    method: 'GET',
    path: 'admin/categories/:id',
    summary: 'One category with its product count and version',
    auth: 'staff',
    answer: adminCategoryWire,
  }),
  createCategory: defineEndpoint({
    method: 'POST',
    path: 'admin/categories',
    summary: 'Create a category; it gets the next id (existing ids never change)',
    auth: 'staff',
    body: categoryInput,
    answer: adminCategoryWire,
  }),
  updateCategory: defineEndpoint({
    method: 'POST',
    path: 'admin/categories/:id',
    summary: 'Save a category against the version read (409 when it changed since)',
    auth: 'staff',
    body: categoryUpdateInput,
    answer: adminCategoryWire,
  }),
  orderCategories: defineEndpoint({
    method: 'POST',
    path: 'admin/categories/order',
    summary: 'Put every category in the order given (409 when the list changed since it was read)',
    auth: 'staff',
    body: categoryOrderInput,
    answer: z.array(adminCategoryWire),
  }),
  deleteCategory: defineEndpoint({
    method: 'POST',
    path: 'admin/categories/:id/delete',
    summary: 'Delete a category no product is in (409 with how many products are)',
    auth: 'staff',
    answer: deleted,
  }),
  brands: defineEndpoint({
    method: 'GET',
    path: 'admin/brands',
    summary: 'The brands by name, searchable, with their product counts',
    auth: 'staff',
    query: adminBrandListQuery,
    answer: z.strictObject({
      data: z.array(adminBrandWire),
      current_page: z.number().int(),
      per_page: z.number().int(),
      total: z.number().int(),
    }),
  }),
  brand: defineEndpoint({
    method: 'GET',
    path: 'admin/brands/:id',
    summary: 'One brand with its product count and version',
    auth: 'staff',
    answer: adminBrandWire,
  }),
  createBrand: defineEndpoint({
    method: 'POST',
    path: 'admin/brands',
    summary: 'Create a brand; its name must be free (whatever its case)',
    auth: 'staff',
    body: brandInput,
    answer: adminBrandWire,
  }),
  updateBrand: defineEndpoint({
    method: 'POST',
    path: 'admin/brands/:id',
    summary: 'Save a brand against the version read (409 when it changed since)',
    auth: 'staff',
    body: brandUpdateInput,
    answer: adminBrandWire,
  }),
  deleteBrand: defineEndpoint({
    method: 'POST',
    path: 'admin/brands/:id/delete',
    summary: 'Delete a brand no product has (409 with how many products have it)',
    auth: 'staff',
    answer: deleted,
  }),
  seo: defineEndpoint({
    method: 'GET',
    path: 'admin/seo',
    summary: 'The SEO texts of the home page and the office and home stores, with their versions',
    auth: 'staff',
    answer: z.array(adminSeoWire),
  }),
  updateSeo: defineEndpoint({
    method: 'POST',
    path: 'admin/seo/:page',
    summary: 'Save one page’s SEO texts against the version read (409 when they changed since)',
    auth: 'staff',
    params: { page: z.enum(SEO_PAGE_KEYS) },
    body: seoUpdateInput,
    answer: adminSeoWire,
  }),
  uploadPicture: defineEndpoint({
    method: 'POST',
    path: 'admin/taxonomy/pictures',
    summary:
      'Upload an icon, logo or banner (multipart `photo`: PNG, JPEG or WebP checked by its bytes and re-encoded; SVG refused); answers the addresses to save',
    auth: 'staff',
    body: taxonomyPictureBody,
    bodyLimit: PHOTO_MAX_BYTES + 1024 * 1024,
    answer: z.strictObject({ small: z.string(), large: z.string() }),
  }),
};
