// The staff's brands (docs/decisions/0049-categories-brands-seo.md): the list by name with a
// search and product counts, create, edit against a version (the name unique whatever its case),
// and delete when no product has it. Every change is audited in its transaction and, once
// committed, drops the brand's tag (its products' pages carry it), the lists (their brand filter)
// and the home page (its top brands); the header shows no brand (docs/decisions/0037-route-cache.md).
import { and, asc, eq, ilike, ne, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { brands, products } from '@/server/db/schema/catalog';
import { recordAudit } from '@/server/audit/audit.service';
import type { StaffMember } from '@/server/staff/staff.service';
import { ConflictError, NotFoundError, ValidationError } from '@/server/errors';
import { isUniqueViolation } from '@/server/db/faults';
import { catalogTransaction, touch } from '@/server/cache/invalidate';
import { cacheTags } from '@/server/cache/tags';
import type { BrandInput } from '@/domain/taxonomy-admin';
import { adminTaxonomyMessages as t } from '@/domain/messages/admin-taxonomy';

export type BrandRecord = typeof brands.$inferSelect;

export interface StaffBrand {
  brand: BrandRecord;
  productCount: number;
}

export const brandTags = (id: number) => [cacheTags.brand(id), cacheTags.lists, cacheTags.home];

/** Products with the brand, archived ones included (they keep it for past orders). */
// Qualified by hand: inside the subquery, drizzle's bare column names would both name the products' columns.
const productCountOf = sql<number>`(select count(*) from "products" p where p."brand_id" = "brands"."id")`;

export interface StaffBrandFilters {
  q?: string | undefined;
  page: number;
  limit: number;
}

export async function listBrandsForStaff(db: Db, filters: StaffBrandFilters) {
  const condition = filters.q ? ilike(brands.name, `%${filters.q.replace(/[\\%_]/g, '\\$&')}%`) : undefined;
  const rows = await db
    .select({
      brand: brands,
      productCount: productCountOf.mapWith(Number),
      total: sql<number>`count(*) over()`.mapWith(Number),
    })
    .from(brands)
    .where(condition)
    .orderBy(asc(sql`lower(${brands.name})`), asc(brands.id))
    .limit(filters.limit)
    .offset((filters.page - 1) * filters.limit);
  return {
    rows: rows.map(({ brand, productCount }): StaffBrand => ({ brand, productCount })),
    total: rows[0]?.total ?? (filters.page > 1 ? await db.$count(brands, condition) : 0),
    page: filters.page,
    perPage: filters.limit,
  };
}

export async function brandForEdit(db: Db, id: number): Promise<StaffBrand> {
  const [row] = await db
    .select({ brand: brands, productCount: productCountOf.mapWith(Number) })
    .from(brands)
    .where(eq(brands.id, id));
  if (!row) throw new NotFoundError(t.brandNotFound);
  return row;
}

const taken = (name: string) => new ValidationError(t.brandNameTaken(name), { name: [t.brandNameTaken(name)] });

async function checkNameFree(tx: Db, name: string, exceptId: number | null): Promise<void> {
  const [same] = await tx
    .select({ name: brands.name })
    .from(brands)
    .where(and(sql`lower(${brands.name}) = lower(${name})`, exceptId === null ? undefined : ne(brands.id, exceptId)))
    .limit(1);
  if (same) throw taken(same.name);
}

function nameRace(error: unknown, name: string): never {
  if (isUniqueViolation(error)) throw taken(name);
  throw error;
}

export async function createBrand(db: Db, staff: StaffMember, input: BrandInput, now = new Date()): Promise<StaffBrand> {
  const id = await catalogTransaction(db, async (tx) => {
    await checkNameFree(tx, input.name, null);
    const [created] = await tx
      .insert(brands)
      .values(input)
      .returning()
      .catch((error: unknown) => nameRace(error, input.name));
    await recordAudit(tx, staff, { action: 'brand.create', entityType: 'brand', entityId: created!.id, after: created }, now);
    touch(tx, brandTags(created!.id));
    return created!.id;
  });
  return brandForEdit(db, id);
}

export async function updateBrand(
  db: Db,
  staff: StaffMember,
  id: number,
  version: number,
  input: BrandInput,
  now = new Date(),
): Promise<StaffBrand> {
  await catalogTransaction(db, async (tx) => {
    const [before] = await tx.select().from(brands).where(eq(brands.id, id)).for('update');
    if (!before) throw new NotFoundError(t.brandNotFound);
    if (before.version !== version) throw new ConflictError(t.brandStale);
    await checkNameFree(tx, input.name, id);
    const [after] = await tx
      .update(brands)
      .set({ ...input, version: sql`${brands.version} + 1` })
      .where(eq(brands.id, id))
      .returning()
      .catch((error: unknown) => nameRace(error, input.name));
    await recordAudit(tx, staff, { action: 'brand.update', entityType: 'brand', entityId: id, before, after }, now);
    touch(tx, brandTags(id));
  });
  return brandForEdit(db, id);
}

/** Deletes a brand no product has (archived products count). */
export async function deleteBrand(db: Db, staff: StaffMember, id: number, now = new Date()): Promise<void> {
  await catalogTransaction(db, async (tx) => {
    const [before] = await tx.select().from(brands).where(eq(brands.id, id)).for('update');
    if (!before) throw new NotFoundError(t.brandNotFound);
    const used = await tx.$count(products, eq(products.brandId, id));
    if (used > 0) throw new ConflictError(t.brandInUse(used));
    await tx.delete(brands).where(eq(brands.id, id));
    await recordAudit(tx, staff, { action: 'brand.delete', entityType: 'brand', entityId: id, before }, now);
    touch(tx, brandTags(id));
  });
}
