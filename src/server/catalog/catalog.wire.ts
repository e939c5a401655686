// The catalog's model -> wire shapes, the one place for them (docs/architecture.md#the-api-contract):
// snake_case field names, prices in AED. Typed by the contract's answer schemas, so a field the
// contract does not know is a compile error here.
import type { z } from 'zod';
import type { productCardWire, productDetailWire } from '@/domain/api/catalog';
import { filsToAed } from '@/domain/money';
import type { BrandInfo, CategoryInfo, Page, ProductCard, ProductDetail } from '@/server/catalog/catalog.service';

export function productCardJson(p: ProductCard): z.input<typeof productCardWire> {
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
    color: p.colorName,
    hex_code: p.colorHex,
    is_new: p.isNew,
    created_at: p.createdAt.toISOString(),
  };
}

export function productDetailJson(p: ProductDetail): z.input<typeof productDetailWire> {
  return {
    ...productCardJson(p),
    product_type: p.productType,
    description: p.description,
    product_desc: p.productDesc,
    pdf_link: p.pdfLink,
    video_link: p.videoLink,
    gallery_images: p.gallery.map((image_link) => ({ image_link })),
    colors: p.colors.map((c) => ({ product_id: c.productId, hex_code: c.hex, name: c.name })),
    categories: p.categories.map((c) => ({ id: c.id, name: c.name })),
    brands: p.brand ? [brandJson(p.brand)] : [],
    meta_title: p.metaTitle,
    meta_description: p.metaDescription,
    meta_keywords: p.metaKeywords,
    meta_img: p.metaImg,
  };
}

export function brandJson(b: Pick<BrandInfo, 'id' | 'name' | 'logo'>) {
  return { id: b.id, name: b.name, image_path: b.logo };
}

export function categoryJson(c: CategoryInfo) {
  return { id: c.id, name: c.name, icon: c.icon, coming_soon: c.comingSoon, product_count: c.productCount };
}

export function topOfferJson(offer: { title: string; subTitle: string; code: string }) {
  return { title: offer.title, sub_title: offer.subTitle, code: offer.code };
}

export function seoJson(rows: { pageKey: string; title: string; description: string; keywords: string }[]) {
  return Object.fromEntries(rows.map((r) => [r.pageKey, { title: r.title, description: r.description, keywords: r.keywords }]));
}

/** Paginated lists in the shape the shop's first clients read (data, last_page, ...). */
export function pageJson<T, J>(page: Page<T>, item: (value: T) => J) {
  return {
    current_page: page.page,
    data: page.items.map(item),
    last_page: page.lastPage,
    per_page: page.perPage,
    total: page.total,
  };
}
