import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import type { Fils } from '../../../domain/money';
import { STOCK_HISTORY_REASONS } from '../../../domain/catalog-admin';
import { staffUsers } from './staff';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const categories = pgTable('categories', {
  // Ids are the spec's (1, 3, 10-17, 19): links like /store?category=12 depend on them.
  id: integer('id').primaryKey(),
  name: varchar('name', { length: 120 }).notNull(),
  icon: text('icon').notNull(),
  // Shown on the home page but not yet sold: rendered as 'Coming soon!' with no link.
  comingSoon: boolean('coming_soon').notNull().default(false),
  sortOrder: integer('sort_order').notNull().default(0),
  // The category's banner on its store page (docs/decisions/0049-categories-brands-seo.md): a drawn
  // SVG or an uploaded picture; null shows the store's own hero.
  image: text('image'),
  // Each staff edit raises it; an edit sent against an older version is refused (409).
  version: integer('version').notNull().default(0),
});

export const brands = pgTable(
  'brands',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 120 }).notNull(),
    logo: text('logo').notNull(),
    // Each staff edit raises it; an edit sent against an older version is refused (409).
    version: integer('version').notNull().default(0),
  },
  // A name is unique whatever its case (docs/decisions/0049-categories-brands-seo.md): "ACME" and
  // "Acme" saved at once by two staff members cannot both pass the service's check.
  (t) => [uniqueIndex('brands_name_lower_idx').on(sql`lower(${t.name})`)],
);

export const topBrands = pgTable('top_brands', {
  id: serial('id').primaryKey(),
  brandId: integer('brand_id')
    .notNull()
    .references(() => brands.id, { onDelete: 'cascade' })
    .unique(),
  position: integer('position').notNull().default(0),
});

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 200 }).notNull(),
    sku: varchar('sku', { length: 64 }).notNull().unique(),
    brandId: integer('brand_id').references(() => brands.id, { onDelete: 'set null' }),
    productType: varchar('product_type', { length: 10, enum: ['office', 'home'] }).notNull(),
    // Money is integer fils (docs/decisions/0002-money-in-fils-api-in-aed.md): the VAT-inclusive list price.
    unitPrice: integer('unit_price').$type<Fils>().notNull(),
    discount: integer('discount').notNull().default(0),
    // What the shopper pays (docs/decisions/0002-money-in-fils-api-in-aed.md shelf price); filters and sorting use it, so it is stored.
    shelfPrice: integer('shelf_price')
      .$type<Fils>()
      .generatedAlwaysAs(sql`round(unit_price * (100 - discount) / 100.0)::integer`),
    quantity: integer('quantity').notNull().default(0),
    weightKg: numeric('weight_kg', { precision: 10, scale: 2, mode: 'number' }).notNull().default(0),
    thumbnailImgLink: text('thumbnail_img_link').notNull(),
    description: text('description').notNull().default(''),
    productDesc: text('product_desc').notNull().default(''),
    pdfLink: text('pdf_link'),
    videoLink: text('video_link'),
    // Products sharing a colour group are colour siblings of each other.
    colorGroup: varchar('color_group', { length: 64 }),
    colorName: varchar('color_name', { length: 40 }),
    colorHex: varchar('color_hex', { length: 7 }),
    metaTitle: text('meta_title'),
    metaDescription: text('meta_description'),
    metaKeywords: text('meta_keywords'),
    metaImg: text('meta_img'),
    // Kept in step with reviews by the review service; read on every card, so denormalised.
    rating: numeric('rating', { precision: 3, scale: 2, mode: 'number' }).notNull().default(0),
    reviewCount: integer('review_count').notNull().default(0),
    published: boolean('published').notNull().default(true),
    // Retired by staff (docs/decisions/0045-catalog-editing.md): out of the shop, kept for past orders.
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    // Each staff edit raises it; an edit sent against an older version is refused (409).
    version: integer('version').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    // Units sold in orders: ranks top sellers (docs/decisions/0019-catalog.md).
    unitsSold: integer('units_sold').notNull().default(0),
    // The product's categories, ascending: a copy of its product_categories rows kept by a trigger
    // (drizzle/0013_filters_category_ids.sql), so the list indexes check a category filter on their
    // own entries (docs/decisions/0039-filters-at-scale.md#indexes). product_categories stays the source.
    categoryIds: integer('category_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      sql`setweight(to_tsvector('simple', coalesce(name, '')), 'A') || setweight(to_tsvector('simple', coalesce(sku, '')), 'A') || setweight(to_tsvector('simple', coalesce(meta_keywords, '')), 'B')`,
    ),
  },
  (t) => [
    // Stock never goes below zero (docs/decisions/0020-orders-stock-and-payment.md), whatever code path writes it.
    check('products_quantity_nonnegative', sql`${t.quantity} >= 0`),
    check('products_price_nonnegative', sql`${t.unitPrice} >= 0`),
    check('products_discount_percent', sql`${t.discount} between 0 and 100`),
    index('products_brand_idx').on(t.brandId),
    // SKUs are unique whatever their case: the editor's check and the CSV import look them up this way
    // (docs/decisions/0048-product-csv.md).
    index('products_sku_lower_idx').on(sql`lower(${t.sku})`),
    index('products_type_price_idx').on(t.productType, t.shelfPrice),
    index('products_price_idx').on(t.shelfPrice),
    index('products_created_idx').on(t.createdAt),
    // The staff's product list in its default order (last changed first) and by name
    // (docs/decisions/0045-catalog-editing.md): a page's rows from the index, not a sort of the catalog.
    index('products_updated_idx').on(t.updatedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('products_name_idx').on(t.name, t.id),
    index('products_color_group_idx').on(t.colorGroup),
    index('products_search_idx').using('gin', t.searchVector),
    index('products_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    // Top sellers: only products that sold, in ranking order, so the ranking never scans the catalog.
    index('products_top_sellers_idx')
      .on(t.unitsSold.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.unitsSold} > 0`),
    // 'You might also like' and the store's rating sort walk this in order and stop early.
    index('products_rating_idx').on(t.rating.desc().nullsFirst(), t.reviewCount.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // The lists' sorts (docs/decisions/0039-filters-at-scale.md#indexes): each in its full order, then
    // every filtered column (categories included), so a page's ids come from the index alone, filters
    // checked on its entries.
    index('products_list_newest_idx')
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst(), t.productType, t.brandId, t.shelfPrice, t.categoryIds)
      .where(sql`${t.published}`),
    index('products_list_price_asc_idx')
      .on(t.shelfPrice.asc(), t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst(), t.productType, t.brandId, t.categoryIds)
      .where(sql`${t.published}`),
    index('products_list_price_desc_idx')
      .on(
        t.shelfPrice.desc().nullsFirst(),
        t.createdAt.desc().nullsFirst(),
        t.id.desc().nullsFirst(),
        t.productType,
        t.brandId,
        t.categoryIds,
      )
      .where(sql`${t.published}`),
    index('products_list_rating_idx')
      .on(
        t.rating.desc().nullsFirst(),
        t.reviewCount.desc().nullsFirst(),
        t.createdAt.desc().nullsFirst(),
        t.id.desc().nullsFirst(),
        t.productType,
        t.brandId,
        t.shelfPrice,
        t.categoryIds,
      )
      .where(sql`${t.published}`),
    // A chosen brand, newest first (a brand's own list), and the few-matches read of a filter with brands.
    index('products_list_brand_idx')
      .on(
        t.brandId,
        t.createdAt.desc().nullsFirst(),
        t.id.desc().nullsFirst(),
        t.productType,
        t.shelfPrice,
        t.categoryIds,
        t.rating,
        t.reviewCount,
      )
      .where(sql`${t.published}`),
  ],
);

export const productCategories = pgTable(
  'product_categories',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
  },
  // A category's products, read from the index alone (docs/decisions/0039-filters-at-scale.md#indexes).
  (t) => [primaryKey({ columns: [t.productId, t.categoryId] }), index('product_categories_category_idx').on(t.categoryId, t.productId)],
);

/**
 * The catalog's counts (docs/decisions/0039-filters-at-scale.md#counts): published products per
 * (range, brand, set of categories, price bucket), kept by triggers on products in the same
 * transaction as every change (drizzle/0013_filters_category_ids.sql), so reading them costs a few
 * thousand rows whatever the catalog's size. `bucket` indexes PRICE_BUCKETS (src/domain/price-buckets.ts).
 */
export const catalogCounts = pgTable(
  'catalog_counts',
  {
    productType: varchar('product_type', { length: 10, enum: ['office', 'home'] }).notNull(),
    brandId: integer('brand_id'),
    categoryIds: integer('category_ids').array().notNull(),
    bucket: integer('bucket').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [unique('catalog_counts_cell').on(t.productType, t.brandId, t.categoryIds, t.bucket).nullsNotDistinct()],
);

export const productImages = pgTable(
  'product_images',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    imageLink: text('image_link').notNull(),
    position: integer('position').notNull().default(0),
    // An uploaded photo (docs/decisions/0046-product-photos.md): the stored variants' name, the
    // upright size and the widths written. Null for the seed's drawn SVGs, shown from image_link.
    photoKey: text('photo_key'),
    width: integer('width'),
    height: integer('height'),
    widths: integer('widths').array(),
  },
  (t) => [index('product_images_product_idx').on(t.productId, t.position)],
);

export const featuredProducts = pgTable('featured_products', {
  id: serial('id').primaryKey(),
  productId: integer('product_id')
    .notNull()
    .references(() => products.id, { onDelete: 'cascade' })
    .unique(),
  position: integer('position').notNull().default(0),
});

export const latestProducts = pgTable('latest_products', {
  id: serial('id').primaryKey(),
  productId: integer('product_id')
    .notNull()
    .references(() => products.id, { onDelete: 'cascade' })
    .unique(),
  position: integer('position').notNull().default(0),
});

export const topOffers = pgTable('top_offers', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  subTitle: text('sub_title').notNull(),
  code: varchar('code', { length: 20 }).notNull(),
  active: boolean('active').notNull().default(true),
});

export const seoKeywords = pgTable(
  'seo_keywords',
  {
    id: serial('id').primaryKey(),
    // One of home, office_buddy, home_buddy (docs/product.md#data).
    pageKey: varchar('page_key', { length: 40 }).notNull(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    keywords: text('keywords').notNull(),
    // Each staff edit raises it; an edit sent against an older version is refused (409).
    version: integer('version').notNull().default(0),
  },
  (t) => [uniqueIndex('seo_keywords_page_key_idx').on(t.pageKey)],
);

/**
 * Stock changed by staff outside an order (docs/decisions/0045-catalog-editing.md): who,
 * by how much, why, and the stock it left. Orders and cancellations keep their own trail in
 * order_events.
 */
export const stockAdjustments = pgTable(
  'stock_adjustments',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    staffId: integer('staff_id').references(() => staffUsers.id, { onDelete: 'set null' }),
    delta: integer('delta').notNull(),
    quantityAfter: integer('quantity_after').notNull(),
    reason: varchar('reason', { length: 20, enum: STOCK_HISTORY_REASONS }).notNull(),
    note: text('note').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('stock_adjustments_product_idx').on(t.productId, t.createdAt.desc().nullsFirst())],
);
