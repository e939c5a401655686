// The catalog's back office, products (docs/decisions/0045-catalog-editing.md): staff find,
// create, edit, duplicate, archive and restore products and adjust their stock. Each change is one
// transaction against the version the staff member saw, recorded in the audit log, and carried to
// the route cache by tag when it commits (docs/decisions/0037-route-cache.md#invalidation), on
// every instance.
import { and, asc, desc, eq, gt, ilike, inArray, isNotNull, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { cappedCount } from '@/server/db/capped-count';
import {
  brands,
  categories,
  featuredProducts,
  productCategories,
  productImages,
  products,
  stockAdjustments,
} from '@/server/db/schema/catalog';
import { staffUsers } from '@/server/db/schema/staff';
import { ConflictError, NotFoundError, ValidationError } from '@/server/errors';
import { isUniqueViolation } from '@/server/db/faults';
import { recordAudit } from '@/server/audit/audit.service';
import type { StaffMember } from '@/server/staff/staff.service';
import { catalogTransaction, touch } from '@/server/cache/invalidate';
import { cacheTags } from '@/server/cache/tags';
import { sanitizeProductHtml } from '@/server/catalog/sanitize';
import type { ProductCard } from '@/server/catalog/catalog.service';
import {
  productStatusOf,
  type AdminProductSort,
  type StockLevel,
  type NewProductInput,
  type ProductInput,
  type ProductStatus,
  type StockAdjustmentInput,
  type StockHistoryReason,
} from '@/domain/catalog-admin';
import { LOW_STOCK_THRESHOLD, type ProductType } from '@/domain/constants';
import type { Fils } from '@/domain/money';
import type { AdminProductListQuery } from '@/domain/api/admin-catalog';
import { adminCatalogMessages as t } from '@/domain/messages/admin-catalog';

/** The picture a product shows until staff upload its photos. */
export const PLACEHOLDER_THUMBNAIL = '/images/products/placeholder.svg';
/** Counting stops here, so a broad filter never counts a million rows. */
export const ADMIN_PRODUCT_COUNT_CAP = 10_000;

export interface AdminProductFilters {
  /** Part of the name, or the beginning of the SKU. */
  q?: string;
  categoryId?: number;
  brandId?: number;
  productType?: ProductType;
  stock?: StockLevel;
  featured?: boolean;
  /** Without it: every product that is not archived. */
  status?: ProductStatus;
  sort: AdminProductSort;
  page: number;
  perPage: number;
}

/** A product as the staff list shows it: the shop card's figures, and what only staff see. */
export interface AdminProductRow extends Pick<
  ProductCard,
  'id' | 'name' | 'sku' | 'thumbnail' | 'unitPrice' | 'discount' | 'shelfPrice' | 'quantity'
> {
  productType: ProductType;
  brandName: string | null;
  status: ProductStatus;
  featured: boolean;
  updatedAt: Date;
}

export interface AdminProductPage {
  rows: AdminProductRow[];
  page: number;
  perPage: number;
  /** Counted up to ADMIN_PRODUCT_COUNT_CAP. */
  total: number;
  totalCapped: boolean;
}

/** `%`, `_` and `\` typed into a search are searched for, not wildcards. */
const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export function filterConditions(filters: AdminProductFilters): SQL[] {
  const where: SQL[] = [];
  const q = filters.q?.trim();
  if (q) where.push(or(ilike(products.name, `%${likeEscape(q)}%`), ilike(products.sku, `${likeEscape(q)}%`))!);
  if (filters.categoryId) where.push(sql`${products.categoryIds} @> array[${filters.categoryId}]::integer[]`);
  if (filters.brandId) where.push(eq(products.brandId, filters.brandId));
  if (filters.productType) where.push(eq(products.productType, filters.productType));
  if (filters.stock === 'out') where.push(eq(products.quantity, 0));
  if (filters.stock === 'low') where.push(and(gt(products.quantity, 0), lte(products.quantity, LOW_STOCK_THRESHOLD))!);
  if (filters.stock === 'in') where.push(gt(products.quantity, LOW_STOCK_THRESHOLD));
  if (filters.featured !== undefined) {
    const featured = sql`exists (select 1 from ${featuredProducts} where ${featuredProducts.productId} = ${products.id})`;
    where.push(filters.featured ? featured : sql`not ${featured}`);
  }
  if (filters.status === 'archived') where.push(isNotNull(products.archivedAt));
  else where.push(isNull(products.archivedAt));
  if (filters.status === 'live') where.push(eq(products.published, true));
  if (filters.status === 'draft') where.push(eq(products.published, false));
  return where;
}

const SORTS: Record<AdminProductSort, SQL[]> = {
  updated: [sql`${products.updatedAt} desc`, sql`${products.id} desc`],
  newest: [sql`${products.createdAt} desc`, sql`${products.id} desc`],
  name: [asc(products.name), asc(products.id)],
  price: [asc(products.shelfPrice), asc(products.id)],
  stock: [asc(products.quantity), asc(products.id)],
};

/** The list's filters from the API's (and the page's) query. */
export function adminProductFiltersOf(query: AdminProductListQuery): AdminProductFilters {
  return {
    q: query.q,
    categoryId: query.category_id,
    brandId: query.brand_id,
    productType: query.product_type,
    stock: query.stock,
    featured: query.featured === undefined ? undefined : query.featured === 'yes',
    status: query.status,
    sort: query.sort,
    page: query.page,
    perPage: query.limit,
  };
}

export async function listProductsForStaff(db: Db, filters: AdminProductFilters): Promise<AdminProductPage> {
  const where = and(...filterConditions(filters));
  const offset = (filters.page - 1) * filters.perPage;
  const [rows, total] = await Promise.all([
    db
      .select({
        id: products.id,
        name: products.name,
        sku: products.sku,
        thumbnail: products.thumbnailImgLink,
        unitPrice: products.unitPrice,
        discount: products.discount,
        shelfPrice: products.shelfPrice,
        quantity: products.quantity,
        productType: products.productType,
        brandName: brands.name,
        published: products.published,
        archivedAt: products.archivedAt,
        featured: sql<boolean>`exists (select 1 from ${featuredProducts} where ${featuredProducts.productId} = ${products.id})`,
        updatedAt: products.updatedAt,
      })
      .from(products)
      .leftJoin(brands, eq(brands.id, products.brandId))
      .where(where)
      .orderBy(...SORTS[filters.sort])
      .limit(filters.perPage)
      .offset(offset),
    cappedCount(db, products, where, ADMIN_PRODUCT_COUNT_CAP),
  ]);
  return {
    rows: rows.map(({ published, archivedAt, ...row }) => ({
      ...row,
      shelfPrice: row.shelfPrice as Fils,
      status: productStatusOf({ published, archivedAt }),
    })),
    page: filters.page,
    perPage: filters.perPage,
    total: Math.min(total, ADMIN_PRODUCT_COUNT_CAP),
    totalCapped: total > ADMIN_PRODUCT_COUNT_CAP,
  };
}

export type ProductRecord = typeof products.$inferSelect;

/** A product as its edit page shows it. */
export interface ProductForEdit {
  product: ProductRecord;
  categoryIds: number[];
  status: ProductStatus;
  featured: boolean;
}

export async function productForEdit(db: Db, id: number): Promise<ProductForEdit> {
  const [product] = await db.select().from(products).where(eq(products.id, id));
  if (!product) throw new NotFoundError(t.productNotFound);
  const featured = await db.select({ id: featuredProducts.id }).from(featuredProducts).where(eq(featuredProducts.productId, id));
  return { product, categoryIds: product.categoryIds, status: productStatusOf(product), featured: featured.length > 0 };
}

/** The columns a product's input sets, its rich text sanitised exactly as on render. */
export function columnsOf(input: ProductInput) {
  return {
    name: input.name,
    sku: input.sku,
    unitPrice: input.price,
    discount: input.discount,
    weightKg: input.weight_kg,
    productType: input.product_type,
    brandId: input.brand_id,
    description: sanitizeProductHtml(input.description),
    productDesc: sanitizeProductHtml(input.specifications),
    videoLink: input.video_link,
    colorGroup: input.color?.group ?? null,
    colorName: input.color?.name ?? null,
    colorHex: input.color?.hex ?? null,
    metaTitle: input.meta_title,
    metaDescription: input.meta_description,
    metaKeywords: input.meta_keywords,
    published: input.published,
  };
}

/** What the audit log keeps of a product: its editable fields and categories, not its derived columns. */
function auditView(product: ProductRecord) {
  const { searchVector: _vector, shelfPrice: _shelf, rating: _rating, reviewCount: _reviews, unitsSold: _sold, ...kept } = product;
  return kept;
}

async function checkReferences(tx: Db, input: ProductInput, exceptId: number | null): Promise<void> {
  const fields: Record<string, string[]> = {};
  const found = await tx.select({ id: categories.id }).from(categories).where(inArray(categories.id, input.category_ids));
  if (found.length !== input.category_ids.length) fields.category_ids = [t.unknownCategory];
  if (input.brand_id !== null) {
    const [brand] = await tx.select({ id: brands.id }).from(brands).where(eq(brands.id, input.brand_id));
    if (!brand) fields.brand_id = [t.unknownBrand];
  }
  const sameSku = await tx
    .select({ id: products.id })
    .from(products)
    .where(sql`lower(${products.sku}) = lower(${input.sku})`);
  if (sameSku.some((row) => row.id !== exceptId)) fields.sku = [t.skuTaken(input.sku)];
  const [first] = Object.values(fields);
  if (first) throw new ValidationError(first[0]!, fields);
}

/** A SKU taken by a concurrent write between the check and the insert. */
function skuRace(error: unknown, sku: string): never {
  if (isUniqueViolation(error)) throw new ValidationError(t.skuTaken(sku), { sku: [t.skuTaken(sku)] });
  throw error;
}

export async function setCategories(tx: Db, productId: number, categoryIds: number[]): Promise<void> {
  await tx.delete(productCategories).where(eq(productCategories.productId, productId));
  if (categoryIds.length > 0) await tx.insert(productCategories).values(categoryIds.map((categoryId) => ({ productId, categoryId })));
}

/** What a product's change alters in the shop: its own answers, every list, its categories and brands before and after. */
export function tagsOf(...states: { id: number; brandId: number | null; categoryIds: number[] }[]): string[] {
  const tags = new Set<string>([cacheTags.lists, cacheTags.topSellers, cacheTags.home]);
  for (const state of states) {
    tags.add(cacheTags.product(state.id));
    if (state.brandId !== null) tags.add(cacheTags.brand(state.brandId));
    for (const id of state.categoryIds) tags.add(cacheTags.category(id));
  }
  return [...tags];
}

async function lockProduct(tx: Db, id: number): Promise<ProductRecord> {
  const [product] = await tx.select().from(products).where(eq(products.id, id)).for('update');
  if (!product) throw new NotFoundError(t.productNotFound);
  return product;
}

function checkVersion(product: ProductRecord, version: number): void {
  if (product.version !== version) throw new ConflictError(t.staleVersion);
}

export async function createProduct(db: Db, staff: StaffMember, input: NewProductInput, now = new Date()): Promise<ProductForEdit> {
  const id = await catalogTransaction(db, async (tx) => {
    await checkReferences(tx, input, null);
    const [created] = await tx
      .insert(products)
      .values({ ...columnsOf(input), quantity: input.quantity, thumbnailImgLink: PLACEHOLDER_THUMBNAIL, createdAt: now, updatedAt: now })
      .returning()
      .catch((error: unknown) => skuRace(error, input.sku));
    await setCategories(tx, created!.id, input.category_ids);
    await recordAudit(
      tx,
      staff,
      {
        action: 'product.create',
        entityType: 'product',
        entityId: created!.id,
        after: { ...auditView(created!), categoryIds: input.category_ids },
      },
      now,
    );
    touch(tx, tagsOf({ id: created!.id, brandId: input.brand_id, categoryIds: input.category_ids }));
    return created!.id;
  });
  return productForEdit(db, id);
}

export async function updateProduct(
  db: Db,
  staff: StaffMember,
  id: number,
  version: number,
  input: ProductInput,
  now = new Date(),
): Promise<ProductForEdit> {
  await catalogTransaction(db, async (tx) => {
    const before = await lockProduct(tx, id);
    checkVersion(before, version);
    if (before.archivedAt) throw new ConflictError(t.archivedNoEdit);
    await checkReferences(tx, input, id);
    const [after] = await tx
      .update(products)
      .set({ ...columnsOf(input), version: before.version + 1, updatedAt: now })
      .where(eq(products.id, id))
      .returning()
      .catch((error: unknown) => skuRace(error, input.sku));
    await setCategories(tx, id, input.category_ids);
    await recordAudit(
      tx,
      staff,
      {
        action: 'product.update',
        entityType: 'product',
        entityId: id,
        before: { ...auditView(before), categoryIds: before.categoryIds },
        after: { ...auditView(after!), categoryIds: input.category_ids },
      },
      now,
    );
    touch(tx, tagsOf(before, { id, brandId: input.brand_id, categoryIds: input.category_ids }));
  });
  return productForEdit(db, id);
}

/** A free SKU for a copy: SKU-COPY, then SKU-COPY-2, ... */
async function copySku(tx: Db, sku: string): Promise<string> {
  const base = `${sku}-COPY`.slice(0, 58);
  const taken = new Set(
    (
      await tx
        .select({ sku: products.sku })
        .from(products)
        .where(ilike(products.sku, `${likeEscape(base)}%`))
    ).map((row) => row.sku.toLowerCase()),
  );
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? base : `${base}-${n}`;
    if (!taken.has(candidate.toLowerCase())) return candidate;
  }
}

/**
 * A copy to start a similar product from: every field, its categories and photos, as a draft
 * (out of the shop) with no stock, no reviews and no sales.
 */
export async function duplicateProduct(db: Db, staff: StaffMember, id: number, now = new Date()): Promise<ProductForEdit> {
  const copyId = await catalogTransaction(db, async (tx) => {
    const source = await lockProduct(tx, id);
    const {
      id: _id,
      searchVector: _vector,
      shelfPrice: _shelf,
      categoryIds: _categories,
      rating: _rating,
      reviewCount: _reviews,
      unitsSold: _sold,
      ...fields
    } = source;
    const [copy] = await tx
      .insert(products)
      .values({
        ...fields,
        name: `${source.name} (copy)`.slice(0, 200),
        sku: await copySku(tx, source.sku),
        quantity: 0,
        published: false,
        archivedAt: null,
        version: 0,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await setCategories(tx, copy!.id, source.categoryIds);
    const images = await tx.select().from(productImages).where(eq(productImages.productId, id));
    if (images.length > 0)
      await tx
        .insert(productImages)
        .values(images.map(({ id: _image, productId: _source, ...image }) => ({ ...image, productId: copy!.id })));
    await recordAudit(
      tx,
      staff,
      { action: 'product.duplicate', entityType: 'product', entityId: copy!.id, after: { from: id, sku: copy!.sku } },
      now,
    );
    return copy!.id;
  });
  return productForEdit(db, copyId);
}

/** Out of the shop for good, but kept: past orders, carts and wishlists still name it. */
export async function archiveProduct(db: Db, staff: StaffMember, id: number, version: number, now = new Date()): Promise<ProductForEdit> {
  await catalogTransaction(db, async (tx) => {
    const before = await lockProduct(tx, id);
    checkVersion(before, version);
    if (before.archivedAt) throw new ConflictError(t.alreadyArchived);
    await tx
      .update(products)
      .set({ archivedAt: now, published: false, version: before.version + 1, updatedAt: now })
      .where(eq(products.id, id));
    await recordAudit(
      tx,
      staff,
      {
        action: 'product.archive',
        entityType: 'product',
        entityId: id,
        before: { published: before.published, archivedAt: null },
        after: { published: false, archivedAt: now },
      },
      now,
    );
    touch(tx, tagsOf(before));
  });
  return productForEdit(db, id);
}

/** Back from the archive as a draft: staff check it, then publish it. */
export async function restoreProduct(db: Db, staff: StaffMember, id: number, version: number, now = new Date()): Promise<ProductForEdit> {
  await catalogTransaction(db, async (tx) => {
    const before = await lockProduct(tx, id);
    checkVersion(before, version);
    if (!before.archivedAt) throw new ConflictError(t.notArchived);
    await tx
      .update(products)
      .set({ archivedAt: null, version: before.version + 1, updatedAt: now })
      .where(eq(products.id, id));
    await recordAudit(
      tx,
      staff,
      {
        action: 'product.restore',
        entityType: 'product',
        entityId: id,
        before: { archivedAt: before.archivedAt },
        after: { archivedAt: null, published: false },
      },
      now,
    );
  });
  return productForEdit(db, id);
}

export interface StockAdjustment {
  id: number;
  delta: number;
  quantityAfter: number;
  reason: StockHistoryReason;
  note: string;
  createdAt: Date;
  staffName: string | null;
}

/**
 * Adds or takes away units, with the reason. One conditional update, so an order taking the last
 * units at the same moment can never leave the stock below 0 (docs/decisions/0020-orders-stock-and-payment.md).
 */
export async function adjustStock(
  db: Db,
  staff: StaffMember,
  id: number,
  input: StockAdjustmentInput,
  now = new Date(),
): Promise<{ quantity: number; adjustment: StockAdjustment }> {
  return catalogTransaction(db, async (tx) => {
    const [updated] = await tx
      .update(products)
      .set({ quantity: sql`${products.quantity} + ${input.delta}`, updatedAt: now })
      .where(and(eq(products.id, id), sql`${products.quantity} + ${input.delta} >= 0`))
      .returning({ quantity: products.quantity });
    if (!updated) {
      const [current] = await tx.select({ quantity: products.quantity }).from(products).where(eq(products.id, id));
      if (!current) throw new NotFoundError(t.productNotFound);
      throw new ValidationError(t.stockBelowZero(current.quantity), { delta: [t.stockBelowZero(current.quantity)] });
    }
    const [row] = await tx
      .insert(stockAdjustments)
      .values({
        productId: id,
        staffId: staff.id,
        delta: input.delta,
        quantityAfter: updated.quantity,
        reason: input.reason,
        note: input.note,
        createdAt: now,
      })
      .returning();
    await recordAudit(
      tx,
      staff,
      {
        action: 'product.stock',
        entityType: 'product',
        entityId: id,
        before: { quantity: updated.quantity - input.delta },
        after: { quantity: updated.quantity, reason: input.reason, note: input.note },
      },
      now,
    );
    // Stock shows on the product's page and cards; it orders no list.
    touch(tx, [cacheTags.product(id)]);
    return {
      quantity: updated.quantity,
      adjustment: { ...row!, reason: row!.reason, staffName: staff.name },
    };
  });
}

/** The product's stock changes made by staff, newest first. */
export async function stockHistory(db: Db, id: number, limit = 50): Promise<StockAdjustment[]> {
  return db
    .select({
      id: stockAdjustments.id,
      delta: stockAdjustments.delta,
      quantityAfter: stockAdjustments.quantityAfter,
      reason: stockAdjustments.reason,
      note: stockAdjustments.note,
      createdAt: stockAdjustments.createdAt,
      staffName: staffUsers.name,
    })
    .from(stockAdjustments)
    .leftJoin(staffUsers, eq(staffUsers.id, stockAdjustments.staffId))
    .where(eq(stockAdjustments.productId, id))
    .orderBy(desc(stockAdjustments.createdAt), desc(stockAdjustments.id))
    .limit(limit);
}

/** The categories and brands staff choose from in the list's filters and the product form. */
export async function catalogChoices(
  db: Db,
): Promise<{ categories: { id: number; name: string }[]; brands: { id: number; name: string }[] }> {
  const [categoryRows, brandRows] = await Promise.all([
    db.select({ id: categories.id, name: categories.name }).from(categories).orderBy(asc(categories.sortOrder), asc(categories.name)),
    db.select({ id: brands.id, name: brands.name }).from(brands).orderBy(asc(brands.name)),
  ]);
  return { categories: categoryRows, brands: brandRows };
}
