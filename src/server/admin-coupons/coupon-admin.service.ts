// The staff's coupons (docs/decisions/0047-coupons-by-staff.md): the list with each coupon's uses
// and state, create, and edit against a version. Every change is audited in its transaction. A
// use is an order placed with the code that was not cancelled, so the code of a used coupon
// cannot change (its orders would stop counting).
import { and, desc, eq, ilike, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { coupons } from '@/server/db/schema/shopping';
import { orders } from '@/server/db/schema/orders';
import { recordAudit } from '@/server/audit/audit.service';
import type { StaffMember } from '@/server/staff/staff.service';
import { ConflictError, NotFoundError, ValidationError } from '@/server/errors';
import { isUniqueViolation } from '@/server/db/faults';
import type { CouponInput } from '@/domain/coupon-admin';
import type { CouponStateName } from '@/domain/api/admin-coupons';
import { adminCouponMessages as t } from '@/domain/messages/admin-coupons';

export type CouponState = CouponStateName;

export type CouponRecord = typeof coupons.$inferSelect;

export interface StaffCoupon {
  coupon: CouponRecord;
  uses: number;
  state: CouponState;
}

/** Where a coupon stands now: switched off first, then used up, then its dates. */
export function couponStateOf(coupon: CouponRecord, uses: number, now = new Date()): CouponState {
  if (!coupon.active) return 'off';
  if (coupon.maxUses !== null && uses >= coupon.maxUses) return 'used_up';
  if (coupon.startDate && coupon.startDate > now) return 'scheduled';
  if (coupon.endDate < now) return 'ended';
  return 'running';
}

const usesOf = sql<number>`(select count(*) from ${orders} where ${orders.couponCode} = ${coupons.code} and ${orders.deliveryStatus} <> 'cancelled')`;

function stateCondition(state: CouponState, now: Date): SQL {
  const active = sql`${coupons.active}`;
  const notUsedUp = sql`(${coupons.maxUses} is null or ${usesOf} < ${coupons.maxUses})`;
  switch (state) {
    case 'off':
      return sql`not ${coupons.active}`;
    case 'used_up':
      return sql`${active} and ${coupons.maxUses} is not null and ${usesOf} >= ${coupons.maxUses}`;
    case 'scheduled':
      return sql`${active} and ${notUsedUp} and ${coupons.startDate} > ${now}`;
    case 'ended':
      return sql`${active} and ${notUsedUp} and (${coupons.startDate} is null or ${coupons.startDate} <= ${now}) and ${coupons.endDate} < ${now}`;
    case 'running':
      return sql`${active} and ${notUsedUp} and (${coupons.startDate} is null or ${coupons.startDate} <= ${now}) and ${coupons.endDate} >= ${now}`;
  }
}

export interface StaffCouponFilters {
  q?: string | undefined;
  state?: CouponState | undefined;
  page: number;
  limit: number;
}

/** The coupons, newest first, with their uses (a shop has tens or hundreds, not millions). */
export async function listCouponsForStaff(db: Db, filters: StaffCouponFilters, now = new Date()) {
  const conditions = and(
    filters.q ? ilike(coupons.code, `%${filters.q.replace(/[\\%_]/g, '\\$&')}%`) : undefined,
    filters.state ? stateCondition(filters.state, now) : undefined,
  );
  const rows = await db
    .select({ coupon: coupons, uses: usesOf.mapWith(Number), total: sql<number>`count(*) over()`.mapWith(Number) })
    .from(coupons)
    .where(conditions)
    .orderBy(desc(coupons.createdAt), desc(coupons.id))
    .limit(filters.limit)
    .offset((filters.page - 1) * filters.limit);
  return {
    rows: rows.map((r): StaffCoupon => ({ coupon: r.coupon, uses: r.uses, state: couponStateOf(r.coupon, r.uses, now) })),
    total: rows[0]?.total ?? (filters.page > 1 ? await db.$count(coupons, conditions) : 0),
    page: filters.page,
    perPage: filters.limit,
  };
}

export async function couponForEdit(db: Db, id: number, now = new Date()): Promise<StaffCoupon> {
  const [row] = await db
    .select({ coupon: coupons, uses: usesOf.mapWith(Number) })
    .from(coupons)
    .where(eq(coupons.id, id));
  if (!row) throw new NotFoundError(t.notFound);
  return { coupon: row.coupon, uses: row.uses, state: couponStateOf(row.coupon, row.uses, now) };
}

async function checkCodeFree(tx: Db, code: string, exceptId: number | null): Promise<void> {
  const same = await tx
    .select({ id: coupons.id })
    .from(coupons)
    .where(and(sql`upper(${coupons.code}) = ${code}`, exceptId === null ? undefined : ne(coupons.id, exceptId)));
  if (same.length > 0) throw new ValidationError(t.codeTaken(code), { code: [t.codeTaken(code)] });
}

function codeRace(error: unknown, code: string): never {
  if (isUniqueViolation(error)) throw new ValidationError(t.codeTaken(code), { code: [t.codeTaken(code)] });
  throw error;
}

export async function createCoupon(db: Db, staff: StaffMember, input: CouponInput, now = new Date()): Promise<StaffCoupon> {
  const id = await db.transaction(async (tx) => {
    await checkCodeFree(tx, input.code, null);
    const [created] = await tx
      .insert(coupons)
      .values({ ...input, createdAt: now, updatedAt: now })
      .returning()
      .catch((error: unknown) => codeRace(error, input.code));
    await recordAudit(tx, staff, { action: 'coupon.create', entityType: 'coupon', entityId: created!.id, after: created }, now);
    return created!.id;
  });
  return couponForEdit(db, id, now);
}

export async function updateCoupon(
  db: Db,
  staff: StaffMember,
  id: number,
  version: number,
  input: CouponInput,
  now = new Date(),
): Promise<StaffCoupon> {
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(coupons).where(eq(coupons.id, id)).for('update');
    if (!before) throw new NotFoundError(t.notFound);
    if (before.version !== version) throw new ConflictError(t.staleVersion);
    if (input.code !== before.code) {
      const [used] = await tx
        .select({ id: orders.id })
        .from(orders)
        .where(sql`${orders.couponCode} = ${before.code}`)
        .limit(1);
      if (used) throw new ValidationError(t.codeFixed, { code: [t.codeFixed] });
      await checkCodeFree(tx, input.code, id);
    }
    const [after] = await tx
      .update(coupons)
      .set({ ...input, updatedAt: now, version: sql`${coupons.version} + 1` })
      .where(eq(coupons.id, id))
      .returning()
      .catch((error: unknown) => codeRace(error, input.code));
    await recordAudit(tx, staff, { action: 'coupon.update', entityType: 'coupon', entityId: id, before, after }, now);
  });
  return couponForEdit(db, id, now);
}
