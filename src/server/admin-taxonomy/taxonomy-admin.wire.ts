// The staff's categories, brands and SEO texts, model -> wire (docs/architecture.md#the-api-contract).
import type { z } from 'zod';
import type { adminBrandWire, adminCategoryWire, adminSeoWire } from '@/domain/api/admin-taxonomy';
import type { SeoPageKey } from '@/domain/taxonomy-admin';
import type { StaffCategory } from './category-admin.service';
import type { StaffBrand } from './brand-admin.service';
import type { SeoRecord } from './seo-admin.service';

export function adminCategoryJson({ category, productCount }: StaffCategory): z.input<typeof adminCategoryWire> {
  return {
    id: category.id,
    version: category.version,
    name: category.name,
    icon: category.icon,
    image: category.image,
    coming_soon: category.comingSoon,
    sort_order: category.sortOrder,
    product_count: productCount,
  };
}

export function adminBrandJson({ brand, productCount }: StaffBrand): z.input<typeof adminBrandWire> {
  return { id: brand.id, version: brand.version, name: brand.name, logo: brand.logo, product_count: productCount };
}

export function adminSeoJson(row: SeoRecord): z.input<typeof adminSeoWire> {
  return {
    page_key: row.pageKey as SeoPageKey,
    version: row.version,
    title: row.title,
    description: row.description,
    keywords: row.keywords,
  };
}
