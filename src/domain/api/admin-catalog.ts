// Admin API: the catalog's products (docs/decisions/0045-catalog-editing.md). Any staff member;
// every change is sent with the version the staff member saw (409 when someone changed it since).
import { z } from '@/domain/zod';
import { idField, MAX_ID, singleLine, wholeNumber } from '@/domain/input';
import { PRODUCT_TYPES } from '@/domain/constants';
import {
  ADMIN_PRODUCT_SORTS,
  newProductInput,
  PRODUCT_HTML_MAX,
  STOCK_LEVELS,
  PRODUCT_STATUSES,
  productInput,
  STOCK_HISTORY_REASONS,
  stockAdjustmentInput,
} from '@/domain/catalog-admin';
import { PHOTO_MAX_BYTES } from '@/domain/product-photos';
import { defineEndpoint } from './endpoint';
import { aed, isoDateTime, wireId } from './wire';

export const adminProductListQuery = z.object({
  /** Part of the name, or the beginning of the SKU. */
  q: singleLine(z.string().trim().max(100)).optional(),
  category_id: idField().optional(),
  brand_id: idField().optional(),
  product_type: z.enum(PRODUCT_TYPES).optional(),
  stock: z.enum(STOCK_LEVELS).optional(),
  featured: z.enum(['yes', 'no']).optional(),
  /** Without it: every product that is not archived. */
  status: z.enum(PRODUCT_STATUSES).optional(),
  sort: z.enum(ADMIN_PRODUCT_SORTS).default('updated'),
  page: wholeNumber(1, 10_000).default(1),
  limit: wholeNumber(1, 100).default(25),
});

export type AdminProductListQuery = z.output<typeof adminProductListQuery>;

const version = wholeNumber(0, MAX_ID);
export const productUpdateBody = productInput.extend({ version });
export const productVersionBody = z.object({ version });

const adminProductRowWire = z.strictObject({
  id: wireId,
  name: z.string(),
  sku: z.string(),
  thumbnail: z.string(),
  price: aed,
  discount: z.number().int(),
  shelf_price: aed,
  quantity: z.number().int(),
  product_type: z.enum(PRODUCT_TYPES),
  brand: z.string().nullable(),
  status: z.enum(PRODUCT_STATUSES),
  featured: z.boolean(),
  updated_at: isoDateTime,
});

export const adminProductWire = z.strictObject({
  id: wireId,
  version: z.number().int(),
  status: z.enum(PRODUCT_STATUSES),
  featured: z.boolean(),
  name: z.string(),
  sku: z.string(),
  price: aed,
  discount: z.number().int(),
  shelf_price: aed,
  quantity: z.number().int(),
  weight_kg: z.number(),
  product_type: z.enum(PRODUCT_TYPES),
  category_ids: z.array(wireId),
  brand_id: wireId.nullable(),
  thumbnail: z.string(),
  /** Sanitised HTML, as the shop shows it. */
  description: z.string(),
  specifications: z.string(),
  pdf_link: z.string().nullable(),
  video_link: z.string().nullable(),
  color: z.strictObject({ group: z.string(), name: z.string(), hex: z.string() }).nullable(),
  meta_title: z.string().nullable(),
  meta_description: z.string().nullable(),
  meta_keywords: z.string().nullable(),
  rating: z.number(),
  review_count: z.number().int(),
  units_sold: z.number().int(),
  created_at: isoDateTime,
  updated_at: isoDateTime,
  archived_at: isoDateTime.nullable(),
});

const stockAdjustmentWire = z.strictObject({
  id: wireId,
  delta: z.number().int(),
  quantity_after: z.number().int(),
  reason: z.enum(STOCK_HISTORY_REASONS),
  note: z.string(),
  staff_name: z.string().nullable(),
  created_at: isoDateTime,
});

/** One picture of a product in the shop's order; `photo` is null for a drawn picture (the seed's SVGs). */
const productPhotoWire = z.strictObject({
  id: wireId,
  position: z.number().int(),
  image_link: z.string(),
  photo: z
    .strictObject({
      width: z.number().int(),
      height: z.number().int(),
      /** The widths written; each in every format of `srcset`. */
      widths: z.array(z.number().int()),
      srcset: z.strictObject({ avif: z.string(), webp: z.string(), jpg: z.string() }),
    })
    .nullable(),
});

/** The upload form (multipart): one file in `photo`. */
export const photoUploadBody = z.object({ photo: z.file() });
/** Room for a file somewhat over the limit, so it gets the field's own message rather than a 413. */
export const PHOTO_UPLOAD_BODY_LIMIT = PHOTO_MAX_BYTES + 1024 * 1024;
export const photoOrderBody = z.object({ photo_ids: z.array(idField()).min(1).max(100) });

/** Two rich-text fields of up to PRODUCT_HTML_MAX characters each, and the rest. */
const PRODUCT_BODY_LIMIT = 4 * PRODUCT_HTML_MAX + 16_384;

export const adminCatalogApi = {
  products: defineEndpoint({
    method: 'GET',
    path: 'admin/products',
    summary: 'The catalog as staff see it: search by name or SKU, filters, sort and paging (counts stop at 10,000)',
    auth: 'staff',
    query: adminProductListQuery,
    answer: z.strictObject({
      data: z.array(adminProductRowWire),
      current_page: z.number().int(),
      per_page: z.number().int(),
      total: z.number().int(),
      total_capped: z.boolean(),
    }),
  }),
  product: defineEndpoint({
    method: 'GET',
    path: 'admin/products/:id',
    summary: 'One product with every field staff edit, its version and status',
    auth: 'staff',
    answer: adminProductWire,
  }),
  create: defineEndpoint({
    method: 'POST',
    path: 'admin/products',
    summary: 'Create a product (a draft unless published is true); the SKU must be free',
    auth: 'staff',
    body: newProductInput,
    bodyLimit: PRODUCT_BODY_LIMIT,
    answer: adminProductWire,
  }),
  update: defineEndpoint({
    method: 'POST',
    path: 'admin/products/:id',
    summary: 'Save every field of a product against the version read (409 when it changed since)',
    auth: 'staff',
    body: productUpdateBody,
    bodyLimit: PRODUCT_BODY_LIMIT,
    answer: adminProductWire,
  }),
  duplicate: defineEndpoint({
    method: 'POST',
    path: 'admin/products/:id/duplicate',
    summary: 'Copy a product into a new draft with no stock and a free SKU',
    auth: 'staff',
    answer: adminProductWire,
  }),
  archive: defineEndpoint({
    method: 'POST',
    path: 'admin/products/:id/archive',
    summary: 'Take a product out of the shop for good; past orders keep it',
    auth: 'staff',
    body: productVersionBody,
    answer: adminProductWire,
  }),
  restore: defineEndpoint({
    method: 'POST',
    path: 'admin/products/:id/restore',
    summary: 'Bring an archived product back as a draft',
    auth: 'staff',
    body: productVersionBody,
    answer: adminProductWire,
  }),
  adjustStock: defineEndpoint({
    method: 'POST',
    path: 'admin/products/:id/stock',
    summary: 'Add or take away units with the reason; stock never goes below 0',
    auth: 'staff',
    body: stockAdjustmentInput,
    answer: z.strictObject({ quantity: z.number().int(), adjustment: stockAdjustmentWire }),
  }),
  photos: defineEndpoint({
    method: 'GET',
    path: 'admin/products/:id/photos',
    summary: "A product's photos in the shop's order; the first is the thumbnail",
    auth: 'staff',
    answer: z.array(productPhotoWire),
  }),
  uploadPhoto: defineEndpoint({
    method: 'POST',
    path: 'admin/products/:id/photos',
    summary: 'Add a photo (multipart `photo`: JPEG, PNG or WebP, checked by its bytes, resized to AVIF, WebP and JPEG); answers the photos',
    auth: 'staff',
    body: photoUploadBody,
    bodyLimit: PHOTO_UPLOAD_BODY_LIMIT,
    answer: z.array(productPhotoWire),
  }),
  reorderPhotos: defineEndpoint({
    method: 'POST',
    path: 'admin/products/:id/photos/order',
    summary: 'Put every photo of the product in the order given (the first becomes the thumbnail)',
    auth: 'staff',
    body: photoOrderBody,
    answer: z.array(productPhotoWire),
  }),
  chooseThumbnail: defineEndpoint({
    method: 'POST',
    path: 'admin/products/:id/photos/:photo/thumbnail',
    summary: 'Make a photo the thumbnail: it moves first, the others keep their order',
    auth: 'staff',
    answer: z.array(productPhotoWire),
  }),
  deletePhoto: defineEndpoint({
    method: 'POST',
    path: 'admin/products/:id/photos/:photo/delete',
    summary: 'Delete a photo from the product (its files go once no product shows them)',
    auth: 'staff',
    answer: z.array(productPhotoWire),
  }),
  stockHistory: defineEndpoint({
    method: 'GET',
    path: 'admin/products/:id/stock',
    summary: 'The stock changes staff made to a product, newest first',
    auth: 'staff',
    answer: z.array(stockAdjustmentWire),
  }),
};
