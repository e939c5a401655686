// Catalog objects in the spec's field names (spec section 3). Prices go out in AED.
import { filsToAed } from '@/domain/money';
import type { Page, ProductCard, ProductDetail } from '@/server/catalog/catalog.service';

export function productCardJson(p: ProductCard) {
  return {
    id: p.id,
    name: p.name,
    sku: p.sku,
    unit_price: filsToAed(p.unitPrice),
    discount: p.discount,
    discounted_price: filsToAed(p.shelfPrice),
    quantity: p.quantity,
    thumbnail_img_link: p.thumbnail,
    rating: p.rating,
    avgrating: p.rating,
    review_count: p.reviewCount,
    brand_id: p.brandId,
    weight: p.weightKg,
    is_new: p.isNew,
    created_at: p.createdAt.toISOString(),
  };
}

export function productDetailJson(p: ProductDetail) {
  return {
    ...productCardJson(p),
    product_type: p.productType,
    description: p.description,
    product_desc: p.productDesc,
    pdf_link: p.pdfLink,
    video_link: p.videoLink,
    color: p.colorName,
    hex_code: p.colorHex,
    gallery_images: p.gallery.map((image_link) => ({ image_link })),
    colors: p.colors.map((c) => ({ product_id: c.productId, hex_code: c.hex, name: c.name })),
    categories: p.categories.map((c) => ({ id: c.id, name: c.name })),
    brands: p.brand ? [{ id: p.brand.id, name: p.brand.name, image_path: p.brand.logo }] : [],
    meta_title: p.metaTitle,
    meta_description: p.metaDescription,
    meta_keywords: p.metaKeywords,
    meta_img: p.metaImg,
  };
}

/** Laravel-style pagination (the spec reads data, last_page). */
export function pageJson<T, J>(page: Page<T>, item: (value: T) => J) {
  return {
    current_page: page.page,
    data: page.items.map(item),
    last_page: page.lastPage,
    per_page: page.perPage,
    total: page.total,
  };
}
