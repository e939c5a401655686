// The staff's categories (docs/decisions/0049-categories-brands-seo.md): the list with product
// counts, create (the next id: existing ids never change, links like /store?category=12 use them),
// edit against a version, reorder, and delete when no product is in it. Every change is audited in
// its transaction and, once committed, drops the cached pages and answers that show categories:
// the header's menu is on every page, so `all` (docs/decisions/0037-route-cache.md#invalidation).
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { categories, productCategories } from '@/server/db/schema/catalog';
import { recordAudit } from '@/server/audit/audit.service';
import type { StaffMember } from '@/server/staff/staff.service';
import { ConflictError, NotFoundError } from '@/server/errors';
import { catalogTransaction, touch } from '@/server/cache/invalidate';
import { cacheTags } from '@/server/cache/tags';
import type { CategoryInput } from '@/domain/taxonomy-admin';
import { adminTaxonomyMessages as t } from '@/domain/messages/admin-taxonomy';

export type CategoryRecord = typeof categories.$inferSelect;

export interface StaffCategory {
  category: CategoryRecord;
  productCount: number;
}

/** What a category change drops: its own tag, the lists and home that show it, and every page (the menu). */
export const categoryTags = (id: number) => [cacheTags.category(id), cacheTags.lists, cacheTags.home, cacheTags.all];

// Qualified by hand: drizzle writes bare column names, which inside a subquery name its own table's first.
const productCountOf = sql<number>`(select count(*) from "product_categories" pc where pc."category_id" = "categories"."id")`;

/** Every category in the shop's order (a shop has tens, not thousands). */
export async function listCategoriesForStaff(db: Db): Promise<StaffCategory[]> {
  const rows = await db
    .select({ category: categories, productCount: productCountOf.mapWith(Number) })
    .from(categories)
    .orderBy(asc(categories.sortOrder), asc(categories.id));
  return rows;
}

export async function categoryForEdit(db: Db, id: number): Promise<StaffCategory> {
  const [row] = await db
    .select({ category: categories, productCount: productCountOf.mapWith(Number) })
    .from(categories)
    .where(eq(categories.id, id));
  if (!row) throw new NotFoundError(t.categoryNotFound);
  return row;
}

export async function createCategory(db: Db, staff: StaffMember, input: CategoryInput, now = new Date()): Promise<StaffCategory> {
  const id = await catalogTransaction(db, async (tx) => {
    // One new id at a time: the table is locked against other inserts until the commit.
    await tx.execute(sql`lock table ${categories} in share row exclusive mode`);
    const [{ next }] = (await tx
      .select({ next: sql<number>`coalesce(max(${categories.id}), 0) + 1`.mapWith(Number) })
      .from(categories)) as [{ next: number }];
    const [created] = await tx
      .insert(categories)
      .values({ id: next, ...input })
      .returning();
    await recordAudit(tx, staff, { action: 'category.create', entityType: 'category', entityId: next, after: created }, now);
    touch(tx, categoryTags(next));
    return next;
  });
  return categoryForEdit(db, id);
}

export async function updateCategory(
  db: Db,
  staff: StaffMember,
  id: number,
  version: number,
  input: CategoryInput,
  now = new Date(),
): Promise<StaffCategory> {
  await catalogTransaction(db, async (tx) => {
    const [before] = await tx.select().from(categories).where(eq(categories.id, id)).for('update');
    if (!before) throw new NotFoundError(t.categoryNotFound);
    if (before.version !== version) throw new ConflictError(t.categoryStale);
    const [after] = await tx
      .update(categories)
      .set({ ...input, version: sql`${categories.version} + 1` })
      .where(eq(categories.id, id))
      .returning();
    await recordAudit(tx, staff, { action: 'category.update', entityType: 'category', entityId: id, before, after }, now);
    touch(tx, categoryTags(id));
  });
  return categoryForEdit(db, id);
}

/** Puts every category in the order given (positions 1, 2, 3 ...); each one's version goes up. */
export async function orderCategories(db: Db, staff: StaffMember, ids: number[], now = new Date()): Promise<StaffCategory[]> {
  await catalogTransaction(db, async (tx) => {
    await tx.execute(sql`lock table ${categories} in share row exclusive mode`);
    const rows = await tx.select().from(categories).orderBy(asc(categories.sortOrder), asc(categories.id));
    const known = new Set(rows.map((r) => r.id));
    if (ids.length !== rows.length || new Set(ids).size !== ids.length || ids.some((id) => !known.has(id)))
      throw new ConflictError(t.categoryOrder);
    for (const [i, id] of ids.entries()) {
      const position = i + 1;
      if (rows.find((r) => r.id === id)!.sortOrder !== position)
        await tx
          .update(categories)
          .set({ sortOrder: position, version: sql`${categories.version} + 1` })
          .where(eq(categories.id, id));
    }
    await recordAudit(
      tx,
      staff,
      { action: 'category.reorder', entityType: 'category', entityId: null, before: rows.map((r) => r.id), after: ids },
      now,
    );
    touch(tx, [cacheTags.lists, cacheTags.home, cacheTags.all]);
  });
  return listCategoriesForStaff(db);
}

/** Deletes a category no product is in (archived products count: they keep theirs for past orders). */
export async function deleteCategory(db: Db, staff: StaffMember, id: number, now = new Date()): Promise<void> {
  await catalogTransaction(db, async (tx) => {
    const [before] = await tx.select().from(categories).where(eq(categories.id, id)).for('update');
    if (!before) throw new NotFoundError(t.categoryNotFound);
    const used = await tx.$count(productCategories, eq(productCategories.categoryId, id));
    if (used > 0) throw new ConflictError(t.categoryInUse(used));
    await tx.delete(categories).where(eq(categories.id, id));
    await recordAudit(tx, staff, { action: 'category.delete', entityType: 'category', entityId: id, before }, now);
    touch(tx, categoryTags(id));
  });
}
