import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { auditLog, staffUsers } from '@/server/db/schema/staff';
import type { StaffMember } from '@/server/staff/staff.service';
import { ValidationError } from '@/server/errors';
import { useFreshDatabase } from '../../../tests/db';
import { recordAudit } from './audit.service';
import { auditFilterChoices, auditRecordLink, listAuditLog } from './audit-log.service';

let db: Db;
let admin: StaffMember, clerk: StaffMember;
let counter = 0;

async function staffMember(role: StaffMember['role'], name: string): Promise<StaffMember> {
  const email = `audit${++counter}@example.test`;
  const [row] = await db.insert(staffUsers).values({ email, name, role, passwordHash: 'x', totpSecret: 'x' }).returning();
  return { id: row!.id, email, name, role };
}

/** An entry written at a given instant (recordAudit stamps now(); the test needs known times). */
async function entryAt(
  at: string,
  staff: StaffMember | null,
  action: string,
  entityType: string,
  entityId: string,
  before: unknown,
  after: unknown,
) {
  const [row] = await db
    .insert(auditLog)
    .values({
      staffId: staff?.id ?? null,
      staffEmail: staff?.email ?? null,
      action,
      entityType,
      entityId,
      before,
      after,
      createdAt: new Date(at),
    })
    .returning({ id: auditLog.id });
  return Number(row!.id);
}

let ids: Record<string, number>;

useFreshDatabase(async (database) => {
  db = database.db;
  admin = await staffMember('admin', 'Adam Admin');
  clerk = await staffMember('staff', 'Sara Staff');
  ids = {
    // 19:59 UTC on the 1st is 23:59 on the 1st in Dubai; 20:00 UTC is the 2nd there.
    ship: await entryAt(
      '2026-03-01T19:59:00Z',
      clerk,
      'order.ship',
      'order',
      '7',
      { delivery_status: 'pending' },
      { delivery_status: 'shipped' },
    ),
    hide: await entryAt(
      '2026-03-01T20:00:00Z',
      clerk,
      'review.hide',
      'review',
      '3',
      { hidden: false },
      { hidden: true, hidden_reason: 'Spam' },
    ),
    staff: await entryAt('2026-03-03T08:00:00Z', admin, 'staff.create', 'staff', '9', null, { email: 'new@example.test', role: 'staff' }),
    job: await entryAt(
      '2026-03-04T08:00:00Z',
      null,
      'order.cancel',
      'order',
      '8',
      { delivery_status: 'pending' },
      { delivery_status: 'cancelled' },
    ),
  };
});

const idsOf = async (filters: Partial<Parameters<typeof listAuditLog>[1]>) =>
  (await listAuditLog(db, { limit: 50, ...filters })).items.map((e) => e.id);

describe('listAuditLog', () => {
  it('lists newest first, with who, what, which record and the changed fields', async () => {
    const page = await listAuditLog(db, { limit: 50, from: '2026-03-01', to: '2026-03-31' });
    expect(page.items.map((e) => e.id)).toEqual([ids.job, ids.staff, ids.hide, ids.ship]);
    expect(page.nextCursor).toBeNull();
    const hide = page.items[2]!;
    expect(hide).toMatchObject({
      staff: { id: clerk.id, email: clerk.email, name: 'Sara Staff' },
      action: 'review.hide',
      entityType: 'review',
      entityId: '3',
      createdAt: new Date('2026-03-01T20:00:00Z'),
      changes: [
        { field: 'hidden', before: false, after: true },
        { field: 'hidden_reason', before: null, after: 'Spam' },
      ],
    });
    expect(page.items[0]!.staff).toBeNull();
  });

  it('filters by staff member, record type, record id, action and UAE days', async () => {
    const march = { from: '2026-03-01', to: '2026-03-31' };
    expect(await idsOf({ ...march, staffId: clerk.id })).toEqual([ids.hide, ids.ship]);
    expect(await idsOf({ ...march, entityType: 'order' })).toEqual([ids.job, ids.ship]);
    expect(await idsOf({ ...march, entityType: 'order', entityId: '7' })).toEqual([ids.ship]);
    expect(await idsOf({ ...march, action: 'staff.create' })).toEqual([ids.staff]);
    // Days are the UAE's: 19:59 UTC on the 1st is still the 1st, 20:00 UTC is the 2nd.
    expect(await idsOf({ from: '2026-03-01', to: '2026-03-01' })).toEqual([ids.ship]);
    expect(await idsOf({ from: '2026-03-02', to: '2026-03-03' })).toEqual([ids.staff, ids.hide]);
    await expect(listAuditLog(db, { limit: 5, from: '2026-03-05', to: '2026-03-01' })).rejects.toThrow(ValidationError);
  });

  it('pages by keyset on (created_at, id): entries with the same instant are neither skipped nor repeated', async () => {
    const same = '2026-04-01T10:00:00.123456Z';
    // Microseconds the JavaScript Date cannot hold: the cursor must keep them.
    const written: number[] = [];
    for (let i = 0; i < 5; i++) written.push(await entryAt(same, admin, 'product.edit', 'product', String(i), { n: i }, { n: i + 1 }));
    await db.execute(sql`select 1`);
    const seen: number[] = [];
    let after: string | undefined;
    for (let guard = 0; guard < 10; guard++) {
      const page = await listAuditLog(db, { limit: 2, from: '2026-04-01', to: '2026-04-01', after });
      seen.push(...page.items.map((e) => e.id));
      if (!page.nextCursor) break;
      after = page.nextCursor;
    }
    expect(seen).toEqual([...written].reverse());
    await expect(listAuditLog(db, { limit: 2, after: 'not-a-cursor' })).rejects.toThrow(ValidationError);
  });

  it('offers the staff members, record types and actions the log holds', async () => {
    const choices = await auditFilterChoices(db);
    expect(choices.staff.map((s) => s.id)).toEqual(expect.arrayContaining([admin.id, clerk.id]));
    expect(choices.entityTypes).toEqual(expect.arrayContaining(['order', 'review', 'staff']));
    expect(choices.actions).toEqual(expect.arrayContaining(['order.ship', 'review.hide']));
  });

  it("keeps the staff member's e-mail on the entry, and the staff member's account cannot be deleted under it", async () => {
    const temp = await staffMember('staff', 'Temp');
    await recordAudit(db, temp, {
      action: 'review.unhide',
      entityType: 'review',
      entityId: 44,
      before: { hidden: true },
      after: { hidden: false },
    });
    const [entry] = (await listAuditLog(db, { limit: 1, entityType: 'review', entityId: '44' })).items;
    expect(entry!.staff).toEqual({ id: temp.id, email: temp.email, name: 'Temp' });
    // The foreign key's ON DELETE SET NULL is an UPDATE of the log, which the trigger refuses:
    // a staff member with entries is disabled (staff_users.disabled_at), never deleted.
    await expect(db.delete(staffUsers).where(eq(staffUsers.id, temp.id))).rejects.toThrow();
    const [still] = (await listAuditLog(db, { limit: 1, entityType: 'review', entityId: '44' })).items;
    expect(still!.staff).toEqual({ id: temp.id, email: temp.email, name: 'Temp' });
  });
});

describe('the audit log is append-only', () => {
  it('the database refuses UPDATE and DELETE of an entry (migration 0007 trigger)', async () => {
    const error = (p: Promise<unknown>) =>
      p.then(
        () => null,
        (e: unknown) => e,
      );
    const update = await error(db.update(auditLog).set({ action: 'rewritten' }).where(eq(auditLog.id, ids.ship!)));
    const remove = await error(db.delete(auditLog).where(eq(auditLog.id, ids.ship!)));
    const raw = await error(db.execute(sql`delete from audit_log`));
    for (const e of [update, remove, raw])
      expect(String(e) + String((e as { cause?: unknown })?.cause)).toMatch(/audit_log is append-only/);
    const [row] = await db.select().from(auditLog).where(eq(auditLog.id, ids.ship!));
    expect(row).toMatchObject({ action: 'order.ship', entityId: '7' });
  });
});

describe('auditRecordLink', () => {
  it('links the records that have an admin page', () => {
    expect(auditRecordLink('order', '7')).toBe('/admin/orders/7');
    expect(auditRecordLink('review', '3')).toBe('/admin/reviews?review_id=3');
    expect(auditRecordLink('product', '3')).toBeNull();
    expect(auditRecordLink('order', '../x')).toBeNull();
    expect(auditRecordLink('order', null)).toBeNull();
  });
});
