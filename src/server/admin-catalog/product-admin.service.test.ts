// Staff edit the catalog (docs/decisions/0045-catalog-editing.md): products created, edited,
// duplicated, archived and restored, stock adjusted with a reason; every change in the audit log,
// in the shop at once (its route cache tags invalidated after the commit), and refused with a clear
// message when the input, the SKU, the version or the stock does not allow it.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { productImages, products } from '@/server/db/schema/catalog';
import { auditLog } from '@/server/db/schema/staff';
import type { StaffMember } from '@/server/staff/staff.service';
import { ConflictError, NotFoundError, ValidationError } from '@/server/errors';
import { getProductDetail, listProducts } from '@/server/catalog/catalog.service';
import { registerLocalCache } from '@/server/cache/registry';
import { newProductInput, productInput, stockAdjustmentInput } from '@/domain/catalog-admin';
import { adminCatalogMessages as t } from '@/domain/messages/admin-catalog';
import { useFreshDatabase } from '../../../tests/db';
import { addFeatured, insertBrand, insertCategory, insertProduct, productFilter } from '../../../tests/factories';
import { signedInStaff } from '../../../tests/staff';
import {
  adjustStock,
  archiveProduct,
  createProduct,
  duplicateProduct,
  listProductsForStaff,
  PLACEHOLDER_THUMBNAIL,
  productForEdit,
  restoreProduct,
  stockHistory,
  updateProduct,
  type AdminProductFilters,
} from './product-admin.service';

let db: Db;
let staff: StaffMember;
let categoryId: number;
let otherCategoryId: number;
let brandId: number;
useFreshDatabase(async (database) => {
  db = database.db;
  staff = (await signedInStaff(db, 'staff', { name: 'Omar Catalog' })).staff;
  categoryId = (await insertCategory(db)).id;
  otherCategoryId = (await insertCategory(db)).id;
  brandId = (await insertBrand(db)).id;
});

/** What this process's route cache was told to drop. */
const invalidated: string[][] = [];
beforeAll(() => registerLocalCache({ invalidate: async ({ tags }) => void invalidated.push(tags) }));
afterEach(() => {
  invalidated.length = 0;
});

let skuCounter = 0;
/** A valid form as the editor sends it (AED as text), with overrides. */
const form = (overrides: Record<string, unknown> = {}) => ({
  name: 'Fire Safe FS-300',
  sku: `FS-300-${++skuCounter}`,
  price: '1299.50',
  discount: 10,
  weight_kg: '45.5',
  product_type: 'home',
  category_ids: [categoryId],
  brand_id: brandId,
  description: '<p>Keeps papers safe for <strong>an hour</strong>.</p><script>alert(1)</script><img src=x onerror=alert(2)>',
  specifications: '<table><tr><td onclick="x()">Weight</td><td>45 kg</td></tr></table>',
  video_link: 'https://www.youtube.com/watch?v=abc',
  color: { group: 'fs-300', name: 'Grey', hex: '#8A9099' },
  meta_title: 'Fire safe',
  published: true,
  quantity: 7,
  ...overrides,
});

const create = (overrides: Record<string, unknown> = {}) => createProduct(db, staff, newProductInput.parse(form(overrides)));
const edit = (id: number, version: number, overrides: Record<string, unknown> = {}) =>
  updateProduct(db, staff, id, version, productInput.parse(form(overrides)));
const auditOf = async (id: number) =>
  db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityType, 'product'), eq(auditLog.entityId, String(id))));
const list = (filters: Partial<AdminProductFilters>) => listProductsForStaff(db, { sort: 'newest', page: 1, perPage: 50, ...filters });

describe('the product form', () => {
  it('takes AED as typed and refuses each bad field with its own message', () => {
    expect(productInput.parse(form()).price).toBe(1299_50);
    const bad = productInput.safeParse(
      form({
        sku: 'bad sku!',
        price: '12.345',
        category_ids: [],
        color: { group: 'g', name: 'Grey', hex: 'grey' },
        video_link: 'http://x.test',
      }),
    );
    expect(bad.success).toBe(false);
    const messages = Object.fromEntries(bad.error!.issues.map((issue) => [issue.path.join('.'), issue.message]));
    expect(messages).toMatchObject({
      sku: t.skuFormat,
      price: t.priceFormat,
      category_ids: t.categoriesRequired,
      'color.hex': t.colorHex,
      video_link: t.videoLink,
    });
    expect(productInput.safeParse(form({ price: '0' })).error?.issues[0]?.message).toMatch(/more than 0/);
  });

  it('asks for a note when the stock reason is "other", and refuses a change of 0', () => {
    expect(stockAdjustmentInput.safeParse({ delta: 3, reason: 'other' }).error?.issues[0]?.message).toBe(t.noteRequired);
    expect(stockAdjustmentInput.safeParse({ delta: 0, reason: 'counted' }).error?.issues[0]?.message).toBe(t.deltaZero);
  });
});

describe('creating a product', () => {
  it('stores it sanitised, with its categories and a placeholder photo, in the audit log and in the shop at once', async () => {
    const { product, categoryIds, status } = await create();
    expect(status).toBe('live');
    expect(categoryIds).toEqual([categoryId]);
    expect(product.thumbnailImgLink).toBe(PLACEHOLDER_THUMBNAIL);
    expect(product.unitPrice).toBe(1299_50);
    expect(product.description).toBe('<p>Keeps papers safe for <strong>an hour</strong>.</p>');
    expect(product.productDesc).not.toMatch(/onclick/);
    expect(product.colorHex).toBe('#8a9099');
    const detail = await getProductDetail(db, product.id);
    expect(detail?.name).toBe('Fire Safe FS-300');
    const listed = await listProducts(db, productFilter({ categoryIds: [categoryId], limit: 100 }));
    expect(listed.items.map((item) => item.id)).toContain(product.id);
    const [entry] = await auditOf(product.id);
    expect(entry).toMatchObject({ action: 'product.create', staffId: staff.id });
    const tags = new Set(invalidated.flat());
    for (const tag of [`product:${product.id}`, 'lists', `category:${categoryId}`, `brand:${brandId}`]) expect(tags).toContain(tag);
  });

  it('refuses a SKU another product has, whatever its case, and an unknown category or brand', async () => {
    const { product } = await create();
    invalidated.length = 0;
    await expect(create({ sku: product.sku.toLowerCase() })).rejects.toMatchObject({
      fields: { sku: [t.skuTaken(product.sku.toLowerCase())] },
    });
    await expect(create({ category_ids: [999_999] })).rejects.toMatchObject({ fields: { category_ids: [t.unknownCategory] } });
    await expect(create({ brand_id: 999_999 })).rejects.toBeInstanceOf(ValidationError);
    expect(invalidated.flat()).not.toContain('lists');
  });

  it('keeps a draft out of the shop', async () => {
    const { product, status } = await create({ published: false });
    expect(status).toBe('draft');
    expect(await getProductDetail(db, product.id)).toBeNull();
  });
});

describe('editing a product', () => {
  it('changes what the shop shows, raises the version and records before and after', async () => {
    const { product } = await create();
    const edited = await edit(product.id, product.version, {
      sku: product.sku,
      price: '999',
      category_ids: [otherCategoryId],
      name: 'Fire Safe FS-300 Plus',
    });
    expect(edited.product.version).toBe(product.version + 1);
    expect(edited.categoryIds).toEqual([otherCategoryId]);
    const detail = await getProductDetail(db, product.id);
    expect(detail?.name).toBe('Fire Safe FS-300 Plus');
    expect(detail?.categories.map((c) => c.id)).toEqual([otherCategoryId]);
    const update = (await auditOf(product.id)).find((entry) => entry.action === 'product.update');
    expect(update?.before).toMatchObject({ name: 'Fire Safe FS-300', unitPrice: 1299_50, categoryIds: [categoryId] });
    expect(update?.after).toMatchObject({ name: 'Fire Safe FS-300 Plus', unitPrice: 999_00, categoryIds: [otherCategoryId] });
    // The lists of the category it left and of the one it joined both drop their copies.
    const tags = new Set(invalidated.flat());
    expect(tags).toContain(`category:${categoryId}`);
    expect(tags).toContain(`category:${otherCategoryId}`);
  });

  it('refuses an edit made against an older version, and an unknown product', async () => {
    const { product } = await create();
    await edit(product.id, product.version, { sku: product.sku, name: 'First' });
    await expect(edit(product.id, product.version, { sku: product.sku, name: 'Second' })).rejects.toEqual(
      new ConflictError(t.staleVersion),
    );
    expect((await productForEdit(db, product.id)).product.name).toBe('First');
    await expect(edit(999_999, 0)).rejects.toBeInstanceOf(NotFoundError);
  });
});

describe('duplicating, archiving and restoring', () => {
  it('copies every field, the categories and photos into a draft with no stock and a free SKU', async () => {
    const { product } = await create({ sku: 'DUP-1' });
    await db.insert(productImages).values({ productId: product.id, imageLink: '/images/products/a.webp', position: 0 });
    const first = await duplicateProduct(db, staff, product.id);
    const second = await duplicateProduct(db, staff, product.id);
    expect(first.product).toMatchObject({
      sku: 'DUP-1-COPY',
      name: 'Fire Safe FS-300 (copy)',
      quantity: 0,
      published: false,
      unitPrice: 1299_50,
    });
    expect(second.product.sku).toBe('DUP-1-COPY-2');
    expect(first.categoryIds).toEqual([categoryId]);
    expect(await db.select().from(productImages).where(eq(productImages.productId, first.product.id))).toHaveLength(1);
    expect(first.status).toBe('draft');
  });

  it('takes an archived product out of the shop, keeps its row, refuses edits, and restores it as a draft', async () => {
    const { product } = await create();
    const archived = await archiveProduct(db, staff, product.id, product.version);
    expect(archived.status).toBe('archived');
    expect(await getProductDetail(db, product.id)).toBeNull();
    expect(new Set(invalidated.flat())).toContain(`product:${product.id}`);
    await expect(edit(product.id, archived.product.version, { sku: product.sku })).rejects.toEqual(new ConflictError(t.archivedNoEdit));
    await expect(archiveProduct(db, staff, product.id, archived.product.version)).rejects.toEqual(new ConflictError(t.alreadyArchived));
    expect((await list({ q: product.sku })).rows).toEqual([]);
    expect((await list({ q: product.sku, status: 'archived' })).rows.map((row) => row.id)).toEqual([product.id]);
    const restored = await restoreProduct(db, staff, product.id, archived.product.version);
    expect(restored.status).toBe('draft');
    expect((await auditOf(product.id)).map((entry) => entry.action)).toEqual(['product.create', 'product.archive', 'product.restore']);
  });
});

describe('stock adjustments', () => {
  it('adds and takes away units with the reason, never below 0, and lists them newest first', async () => {
    const { product } = await create({ quantity: 2 });
    const received = await adjustStock(
      db,
      staff,
      product.id,
      stockAdjustmentInput.parse({ delta: 5, reason: 'received', note: 'Delivery 114' }),
    );
    expect(received.quantity).toBe(7);
    await expect(adjustStock(db, staff, product.id, stockAdjustmentInput.parse({ delta: -8, reason: 'damaged' }))).rejects.toEqual(
      new ValidationError(t.stockBelowZero(7), { delta: [t.stockBelowZero(7)] }),
    );
    await adjustStock(db, staff, product.id, stockAdjustmentInput.parse({ delta: -7, reason: 'counted' }));
    const [row] = await db.select({ quantity: products.quantity }).from(products).where(eq(products.id, product.id));
    expect(row?.quantity).toBe(0);
    const history = await stockHistory(db, product.id);
    expect(history.map((entry) => [entry.delta, entry.quantityAfter, entry.reason, entry.staffName])).toEqual([
      [-7, 0, 'counted', 'Omar Catalog'],
      [5, 7, 'received', 'Omar Catalog'],
    ]);
    expect((await auditOf(product.id)).filter((entry) => entry.action === 'product.stock')).toHaveLength(2);
  });

  it('lets parallel adjustments all apply, and never two take the last unit', async () => {
    const { product } = await create({ quantity: 1 });
    const results = await Promise.allSettled(
      [1, 2, 3].map(() => adjustStock(db, staff, product.id, stockAdjustmentInput.parse({ delta: -1, reason: 'damaged' }))),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    expect(await stockHistory(db, product.id)).toHaveLength(1);
  });
});

describe('the staff list', () => {
  it('finds by part of the name or the start of the SKU, and filters by category, brand, stock, featured and status', async () => {
    const unique = `Zq${Date.now()}`;
    const a = (await create({ name: `${unique} Alpha`, sku: `${unique}-A`, quantity: 0 })).product;
    const b = (await create({ name: `${unique} Beta`, sku: `${unique}-B`, quantity: 3, category_ids: [otherCategoryId], brand_id: null }))
      .product;
    const c = (await create({ name: `${unique} Gamma`, sku: `${unique}-C`, quantity: 50, published: false })).product;
    await addFeatured(db, c.id);
    const ids = async (filters: Partial<AdminProductFilters>) => (await list({ q: unique, ...filters })).rows.map((row) => row.id).sort();
    expect(await ids({})).toEqual([a.id, b.id, c.id].sort());
    expect((await list({ q: `${unique} Be` })).rows.map((row) => row.id)).toEqual([b.id]);
    expect((await list({ q: `${unique}-C`.toLowerCase() })).rows.map((row) => row.id)).toEqual([c.id]);
    expect(await ids({ stock: 'out' })).toEqual([a.id]);
    expect(await ids({ stock: 'low' })).toEqual([b.id]);
    expect(await ids({ stock: 'in' })).toEqual([c.id]);
    expect(await ids({ featured: true })).toEqual([c.id]);
    expect(await ids({ status: 'draft' })).toEqual([c.id]);
    expect(await ids({ categoryId: otherCategoryId })).toEqual([b.id]);
    expect(await ids({ brandId })).toEqual([a.id, c.id].sort());
    const page = await list({ q: unique, perPage: 2, sort: 'name' });
    expect(page).toMatchObject({ total: 3, totalCapped: false });
    expect(page.rows.map((row) => row.name)).toEqual([`${unique} Alpha`, `${unique} Beta`]);
    const [row] = (await list({ q: `${unique}-C` })).rows;
    expect(row).toMatchObject({ featured: true, status: 'draft', quantity: 50 });
  });

  it('searches a % typed into the box as a character, not a wildcard', async () => {
    await insertProduct(db, { name: 'Shredder 100% cut' });
    expect((await list({ q: '100%' })).rows.map((row) => row.name)).toEqual(['Shredder 100% cut']);
    expect((await list({ q: '%' })).rows.map((row) => row.name)).toEqual(['Shredder 100% cut']);
  });
});
