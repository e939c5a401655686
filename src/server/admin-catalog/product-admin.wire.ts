// The staff's products, model -> wire (docs/architecture.md#the-api-contract): snake_case, money in AED.
import type { ProductPhoto } from '@/server/admin-catalog/product-photos.service';
import { photoSrcset } from '@/domain/product-photos';
import type { z } from 'zod';
import type { adminCatalogApi, adminProductWire } from '@/domain/api/admin-catalog';
import { filsToAed, type Fils } from '@/domain/money';
import type { AdminProductPage, AdminProductRow, ProductForEdit, StockAdjustment } from './product-admin.service';

export function adminProductJson({ product, categoryIds, status, featured }: ProductForEdit): z.input<typeof adminProductWire> {
  return {
    id: product.id,
    version: product.version,
    status,
    featured,
    name: product.name,
    sku: product.sku,
    price: filsToAed(product.unitPrice),
    discount: product.discount,
    shelf_price: filsToAed(product.shelfPrice as Fils),
    quantity: product.quantity,
    weight_kg: product.weightKg,
    product_type: product.productType,
    category_ids: categoryIds,
    brand_id: product.brandId,
    thumbnail: product.thumbnailImgLink,
    description: product.description,
    specifications: product.productDesc,
    pdf_link: product.pdfLink,
    video_link: product.videoLink,
    color:
      product.colorGroup && product.colorName && product.colorHex
        ? { group: product.colorGroup, name: product.colorName, hex: product.colorHex }
        : null,
    meta_title: product.metaTitle,
    meta_description: product.metaDescription,
    meta_keywords: product.metaKeywords,
    rating: product.rating,
    review_count: product.reviewCount,
    units_sold: product.unitsSold,
    created_at: product.createdAt.toISOString(),
    updated_at: product.updatedAt.toISOString(),
    archived_at: product.archivedAt?.toISOString() ?? null,
  };
}

function rowJson(row: AdminProductRow) {
  return {
    id: row.id,
    name: row.name,
    sku: row.sku,
    thumbnail: row.thumbnail,
    price: filsToAed(row.unitPrice),
    discount: row.discount,
    shelf_price: filsToAed(row.shelfPrice),
    quantity: row.quantity,
    product_type: row.productType,
    brand: row.brandName,
    status: row.status,
    featured: row.featured,
    updated_at: row.updatedAt.toISOString(),
  };
}

export function adminProductPageJson(page: AdminProductPage): z.input<(typeof adminCatalogApi)['products']['answer']> {
  return {
    data: page.rows.map(rowJson),
    current_page: page.page,
    per_page: page.perPage,
    total: page.total,
    total_capped: page.totalCapped,
  };
}

export function stockAdjustmentJson(adjustment: StockAdjustment) {
  return {
    id: adjustment.id,
    delta: adjustment.delta,
    quantity_after: adjustment.quantityAfter,
    reason: adjustment.reason,
    note: adjustment.note,
    staff_name: adjustment.staffName,
    created_at: adjustment.createdAt.toISOString(),
  };
}

/** A product's picture as the photo manager shows it: the srcset of each format for an uploaded photo. */
export function productPhotoJson(p: ProductPhoto) {
  return {
    id: p.id,
    position: p.position,
    image_link: p.imageLink,
    photo: p.photo
      ? {
          width: p.photo.width,
          height: p.photo.height,
          widths: p.photo.widths,
          srcset: { avif: photoSrcset(p.photo, 'avif'), webp: photoSrcset(p.photo, 'webp'), jpg: photoSrcset(p.photo, 'jpg') },
        }
      : null,
  };
}
