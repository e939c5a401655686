// Categories, brands and SEO texts by staff (docs/decisions/0049-categories-brands-seo.md): each
// change is audited, versioned (a stale edit is refused), and reaches the shop at once: the route
// cache's tags are dropped after the commit and the shop's reads (the menu's memo included) show it.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { auditLog } from '@/server/db/schema/staff';
import { categories } from '@/server/db/schema/catalog';
import type { StaffMember } from '@/server/staff/staff.service';
import { ConflictError, ValidationError } from '@/server/errors';
import { isUniqueViolation } from '@/server/db/faults';
import { invalidateLocal, registerLocalCache } from '@/server/cache/registry';
import { getBrand, listCategories, listSeoKeywords } from '@/server/catalog/catalog.service';
import { listMenuCategories } from '@/server/catalog/menu-categories';
import { brandInput, categoryInput, seoInput } from '@/domain/taxonomy-admin';
import { adminTaxonomyMessages as t } from '@/domain/messages/admin-taxonomy';
import { useFreshDatabase } from '../../../tests/db';
import { insertBrand, insertCategory, insertProduct, insertSeoKeyword } from '../../../tests/factories';
import { signedInStaff } from '../../../tests/staff';
import {
  categoryForEdit,
  createCategory,
  deleteCategory,
  listCategoriesForStaff,
  orderCategories,
  updateCategory,
} from './category-admin.service';
import { brandForEdit, createBrand, deleteBrand, listBrandsForStaff, updateBrand } from './brand-admin.service';
import { listSeoForStaff, updateSeo } from './seo-admin.service';

let db: Db;
let staff: StaffMember;
useFreshDatabase(async (database) => {
  db = database.db;
  staff = (await signedInStaff(db, 'staff', { name: 'Huda Catalog' })).staff;
});

/** What this process's route cache was told to drop. */
const invalidated: string[][] = [];
beforeAll(() => registerLocalCache({ invalidate: async ({ tags }) => void invalidated.push(tags) }));
afterEach(() => {
  invalidated.length = 0;
});

const category = (overrides: Record<string, unknown> = {}) =>
  categoryInput.parse({
    name: 'Key Cabinets',
    icon: '/images/categories/19.svg',
    image: '',
    coming_soon: false,
    sort_order: '5',
    ...overrides,
  });

/** The audit log's entries of one record. */
const auditOf = async (entityType: string, id: number | string) =>
  (await db.select().from(auditLog).where(eq(auditLog.entityType, entityType)))
    .filter((a) => a.entityId === String(id))
    .map((a) => a.action);

describe('categories by staff', () => {
  it('creates a category with the next id, leaving the others’ ids alone, audits it and shows it in the menu at once', async () => {
    const first = await insertCategory(db, { id: 12, name: 'Fire Safes', sortOrder: 1 });
    await insertCategory(db, { id: 19, name: 'Storage', sortOrder: 2 });
    // The menu is kept for a minute: read it once so the memo holds the old list.
    expect((await listMenuCategories(db)).map((c) => c.name)).toEqual(['Fire Safes', 'Storage']);

    const created = await createCategory(db, staff, category());
    expect(created.category).toMatchObject({ id: 20, name: 'Key Cabinets', icon: '/images/categories/19.svg', image: null, version: 0 });
    expect(created.productCount).toBe(0);
    expect((await categoryForEdit(db, 12)).category).toEqual(first);
    expect(invalidated.flat()).toEqual(expect.arrayContaining(['category:20', 'lists', 'home', 'all']));
    expect((await listMenuCategories(db)).map((c) => c.name)).toEqual(['Fire Safes', 'Storage', 'Key Cabinets']);
    expect(await auditOf('category', 20)).toEqual(['category.create']);
  });

  it('saves against the version read: a stale edit is refused and changes nothing; the shop shows the new name and banner', async () => {
    const row = await insertCategory(db, { name: 'Safes' });
    await listMenuCategories(db);
    const saved = await updateCategory(
      db,
      staff,
      row.id,
      row.version,
      category({ name: 'Home Safes', image: '/images/categories/banner-3.svg', sort_order: '0' }),
    );
    expect(saved.category).toMatchObject({ name: 'Home Safes', image: '/images/categories/banner-3.svg', version: 1 });
    expect((await listMenuCategories(db)).find((c) => c.id === row.id)?.name).toBe('Home Safes');
    expect((await listCategories(db)).find((c) => c.id === row.id)).toMatchObject({
      name: 'Home Safes',
      image: '/images/categories/banner-3.svg',
    });
    expect(invalidated.flat()).toContain(`category:${row.id}`);

    invalidated.length = 0;
    await expect(updateCategory(db, staff, row.id, row.version, category({ name: 'Lost' }))).rejects.toThrow(
      new ConflictError(t.categoryStale),
    );
    expect((await categoryForEdit(db, row.id)).category.name).toBe('Home Safes');
    expect(invalidated).toEqual([]);
    const [entry] = await db.select().from(auditLog).where(eq(auditLog.action, 'category.update'));
    expect(entry).toMatchObject({ staffId: staff.id, entityId: String(row.id) });
    expect(entry!.before).toMatchObject({ name: 'Safes' });
    expect(entry!.after).toMatchObject({ name: 'Home Safes' });
  });

  it('reorders every category; a list that is not every category once is refused', async () => {
    const a = await insertCategory(db, { name: 'A' });
    const before = (await listCategoriesForStaff(db)).map((r) => r.category.id);
    const wanted = [a.id, ...before.filter((id) => id !== a.id).reverse()];
    const ordered = await orderCategories(db, staff, wanted);
    expect(ordered.map((r) => r.category.id)).toEqual(wanted);
    expect(ordered.map((r) => r.category.sortOrder)).toEqual(wanted.map((_, i) => i + 1));
    expect((await listCategories(db)).map((r) => r.id)).toEqual(wanted);
    expect((await listMenuCategories(db))[0]?.name).toBe('A');
    expect(invalidated.flat()).toContain('all');
    await expect(orderCategories(db, staff, wanted.slice(1))).rejects.toThrow(new ConflictError(t.categoryOrder));
    await expect(orderCategories(db, staff, [a.id, ...wanted.slice(0, -1)])).rejects.toThrow(ConflictError);
    expect((await listCategoriesForStaff(db)).map((r) => r.category.id)).toEqual(wanted);
  });

  it('deletes only a category no product is in, archived products included, saying how many are', async () => {
    const used = await insertCategory(db);
    const unused = await insertCategory(db);
    await insertProduct(db, { categoryIds: [used.id] });
    await insertProduct(db, { categoryIds: [used.id], archivedAt: new Date() });
    await expect(deleteCategory(db, staff, used.id)).rejects.toThrow(new ConflictError(t.categoryInUse(2)));
    expect((await listCategoriesForStaff(db)).find((r) => r.category.id === used.id)?.productCount).toBe(2);
    await deleteCategory(db, staff, unused.id);
    expect(await db.select().from(categories).where(eq(categories.id, unused.id))).toEqual([]);
    expect(await auditOf('category', unused.id)).toEqual(['category.delete']);
    expect(invalidated.flat()).toContain(`category:${unused.id}`);
  });
});

describe('another instance’s change', () => {
  it('drops the menu kept in memory when its notification arrives (the same path as a NOTIFY)', async () => {
    await listMenuCategories(db);
    // Written by another instance: this one only hears of it by the invalidation channel.
    const elsewhere = await insertCategory(db, { name: 'Added elsewhere' });
    expect((await listMenuCategories(db)).map((c) => c.name)).not.toContain('Added elsewhere');
    await invalidateLocal([`category:${elsewhere.id}`]);
    expect((await listMenuCategories(db)).map((c) => c.name)).toContain('Added elsewhere');
  });
});

describe('brands by staff', () => {
  it('creates a brand with a free name (whatever its case), lists it by search with its product count', async () => {
    const taken = await insertBrand(db, { name: 'Ironclad' });
    await insertProduct(db, { brandId: taken.id });
    await expect(createBrand(db, staff, brandInput.parse({ name: 'IRONCLAD', logo: '/images/brands/ironclad.svg' }))).rejects.toThrow(
      new ValidationError(t.brandNameTaken('Ironclad'), { name: [t.brandNameTaken('Ironclad')] }),
    );
    const created = await createBrand(db, staff, brandInput.parse({ name: 'Deskmate', logo: '/images/brands/archiva.svg' }));
    expect(created).toMatchObject({ brand: { name: 'Deskmate', version: 0 }, productCount: 0 });
    expect(invalidated.flat()).toEqual(expect.arrayContaining([`brand:${created.brand.id}`, 'lists', 'home']));
    const page = await listBrandsForStaff(db, { q: 'iron', page: 1, limit: 10 });
    expect(page.rows.map((r) => [r.brand.name, r.productCount])).toEqual([['Ironclad', 1]]);
    expect(page.total).toBe(1);
    expect(await auditOf('brand', created.brand.id)).toEqual(['brand.create']);
  });

  it('keeps a name unique whatever its case in the database too: two saves at once make one brand', async () => {
    await insertBrand(db, { name: 'Keyguard' });
    // Past the service's check, the database's own index refuses it.
    await expect(insertBrand(db, { name: 'KEYGUARD' })).rejects.toSatisfy(isUniqueViolation);
    const logo = '/images/brands/archiva.svg';
    const results = await Promise.allSettled([
      createBrand(db, staff, brandInput.parse({ name: 'Twinlock', logo })),
      createBrand(db, staff, brandInput.parse({ name: 'TWINLOCK', logo })),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = results.find((r) => r.status === 'rejected');
    expect(refused?.reason).toBeInstanceOf(ValidationError);
    expect((await listBrandsForStaff(db, { q: 'twinlock', page: 1, limit: 10 })).total).toBe(1);
  });

  it('renames against the version read (the shop shows it at once), refuses a stale edit, deletes only an unused brand', async () => {
    const brand = await insertBrand(db, { name: 'Vaultline' });
    const saved = await updateBrand(
      db,
      staff,
      brand.id,
      0,
      brandInput.parse({ name: 'Vaultline Pro', logo: '/images/brands/vaultline.svg' }),
    );
    expect(saved.brand).toMatchObject({ name: 'Vaultline Pro', version: 1 });
    expect((await getBrand(db, brand.id))?.name).toBe('Vaultline Pro');
    expect(invalidated.flat()).toContain(`brand:${brand.id}`);
    await expect(
      updateBrand(db, staff, brand.id, 0, brandInput.parse({ name: 'Old', logo: '/images/brands/vaultline.svg' })),
    ).rejects.toThrow(new ConflictError(t.brandStale));
    await insertProduct(db, { brandId: brand.id, archivedAt: new Date() });
    await expect(deleteBrand(db, staff, brand.id)).rejects.toThrow(new ConflictError(t.brandInUse(1)));
    const spare = await insertBrand(db);
    await deleteBrand(db, staff, spare.id);
    await expect(brandForEdit(db, spare.id)).rejects.toThrow(t.brandNotFound);
    expect(await auditOf('brand', brand.id)).toEqual(['brand.update']);
    expect(await auditOf('brand', spare.id)).toEqual(['brand.delete']);
  });
});

describe('SEO texts by staff', () => {
  it('saves a page’s texts against the version read, drops every cached page, and refuses a stale edit', async () => {
    await insertSeoKeyword(db, 'home');
    await insertSeoKeyword(db, 'office_buddy');
    expect((await listSeoForStaff(db)).map((r) => r.pageKey)).toEqual(['home', 'office_buddy']);
    const saved = await updateSeo(
      db,
      staff,
      'home',
      0,
      seoInput.parse({ title: 'Safes in Dubai', description: 'Fire safes.', keywords: 'safes' }),
    );
    expect(saved).toMatchObject({ title: 'Safes in Dubai', version: 1 });
    expect((await listSeoKeywords(db)).find((r) => r.pageKey === 'home')?.title).toBe('Safes in Dubai');
    expect(invalidated.flat()).toContain('all');
    await expect(updateSeo(db, staff, 'home', 0, seoInput.parse({ title: 'x', description: 'y' }))).rejects.toThrow(
      new ConflictError(t.seoStale),
    );
    expect(await auditOf('seo', 'home')).toEqual(['seo.update']);
  });
});
