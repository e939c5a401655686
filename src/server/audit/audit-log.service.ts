// The audit log's reading side (docs/decisions/0035-messages-reviews-audit.md#audit-log): newest first, filtered by staff
// member, record type, record id, action and dates (UAE days), paged by keyset on (created_at, id)
// so a page deep in a long log costs what the first one does. Writing is recordAudit's
// (audit.service.ts); nothing here, and no endpoint, changes an entry, and the database refuses
// UPDATE and DELETE on the table anyway (migration 0007's trigger).
import { and, asc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { auditLog, staffUsers } from '@/server/db/schema/staff';
import { ValidationError } from '@/server/errors';
import { changedFields, type FieldChange } from '@/domain/audit-diff';
import { moderationMessages as t } from '@/domain/messages/moderation';
import type { z } from 'zod';
import type { adminAuditQuery } from '@/domain/api/admin-moderation';

type AdminAuditQuery = z.output<typeof adminAuditQuery>;

/** The UAE has no daylight saving: its days start at 00:00 +04:00. */
const UAE_OFFSET = '+04:00';

export interface AuditFilters {
  staffId?: number | undefined;
  entityType?: string | undefined;
  entityId?: string | undefined;
  action?: string | undefined;
  /** First UAE day included, yyyy-mm-dd. */
  from?: string | undefined;
  /** Last UAE day included, yyyy-mm-dd. */
  to?: string | undefined;
  /** The cursor of the page before (its nextCursor): entries older than its last one. */
  after?: string | undefined;
  limit: number;
}

export interface AuditEntryView {
  id: number;
  createdAt: Date;
  /** Null when the change was made by the system (a job), not a staff member. */
  staff: { id: number | null; email: string | null; name: string | null } | null;
  action: string;
  entityType: string;
  entityId: string | null;
  before: unknown;
  after: unknown;
  changes: FieldChange[];
}

export interface AuditPage {
  items: AuditEntryView[];
  /** Pass as `after` for the next (older) page; null on the last page. */
  nextCursor: string | null;
}

/** A cursor: the entry's exact created_at (as PostgreSQL prints it, microseconds kept) and id. */
function encodeCursor(createdAt: string, id: number): string {
  return Buffer.from(JSON.stringify([createdAt, id])).toString('base64url');
}

function decodeCursor(cursor: string): { createdAt: string; id: number } {
  try {
    const [createdAt, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown[];
    if (typeof createdAt === 'string' && !Number.isNaN(Date.parse(createdAt)) && Number.isSafeInteger(id) && (id as number) > 0)
      return { createdAt, id: id as number };
  } catch {
    // falls through to the refusal
  }
  throw new ValidationError('Invalid cursor', { after: ['Invalid cursor'] });
}

/** The instant a UAE day starts. */
const dayStart = (isoDay: string) => new Date(`${isoDay}T00:00:00${UAE_OFFSET}`);
const nextDay = (isoDay: string) => new Date(dayStart(isoDay).getTime() + 24 * 3600 * 1000);

function conditions(filters: AuditFilters): SQL | undefined {
  const where: SQL[] = [];
  if (filters.staffId !== undefined) where.push(eq(auditLog.staffId, filters.staffId));
  if (filters.entityType) where.push(eq(auditLog.entityType, filters.entityType));
  if (filters.entityId) where.push(eq(auditLog.entityId, filters.entityId));
  if (filters.action) where.push(eq(auditLog.action, filters.action));
  if (filters.from && filters.to && filters.from > filters.to) throw new ValidationError(t.badDateRange, { from: [t.badDateRange] });
  if (filters.from) where.push(gte(auditLog.createdAt, dayStart(filters.from)));
  if (filters.to) where.push(lt(auditLog.createdAt, nextDay(filters.to)));
  if (filters.after) {
    const cursor = decodeCursor(filters.after);
    where.push(sql`(${auditLog.createdAt}, ${auditLog.id}) < (${cursor.createdAt}::timestamptz, ${cursor.id})`);
  }
  return where.length > 0 ? and(...where) : undefined;
}

/** A page of the log, newest first. */
/** The filters an audit query names (the API's and the page's, one schema): empty texts are no filter. */
export function auditFiltersOf(query: AdminAuditQuery, limit: number): AuditFilters {
  return {
    staffId: query.staff_id,
    entityType: query.entity_type || undefined,
    entityId: query.entity_id || undefined,
    action: query.action || undefined,
    from: query.from,
    to: query.to,
    after: query.after || undefined,
    limit,
  };
}

export async function listAuditLog(db: Db, filters: AuditFilters): Promise<AuditPage> {
  // The log alone, newest first, walks audit_log_created_idx and stops after the page; the staff
  // names are looked up after, for the few members on the page (figures: scripts/bench-audit-log.ts).
  const rows = await db
    .select({
      id: auditLog.id,
      createdAt: auditLog.createdAt,
      exactCreatedAt: sql<string>`${auditLog.createdAt}::text`,
      staffId: auditLog.staffId,
      staffEmail: auditLog.staffEmail,
      action: auditLog.action,
      entityType: auditLog.entityType,
      entityId: auditLog.entityId,
      before: auditLog.before,
      after: auditLog.after,
    })
    .from(auditLog)
    .where(conditions(filters))
    // NULLS LAST as the index is declared (migration 0007): a plain DESC means NULLS FIRST, which
    // the planner cannot read from this index, and it sorts the whole log instead.
    .orderBy(sql`${auditLog.createdAt} desc nulls last`, sql`${auditLog.id} desc nulls last`)
    .limit(filters.limit + 1);
  const more = rows.length > filters.limit;
  const page = more ? rows.slice(0, filters.limit) : rows;
  const staffIds = [...new Set(page.map((r) => r.staffId).filter((id): id is number => id !== null))];
  const names = new Map(
    staffIds.length === 0
      ? []
      : (await db.select({ id: staffUsers.id, name: staffUsers.name }).from(staffUsers).where(inArray(staffUsers.id, staffIds))).map(
          (s) => [s.id, s.name] as const,
        ),
  );
  const last = page.at(-1);
  return {
    items: page.map((r) => ({
      id: Number(r.id),
      createdAt: new Date(r.createdAt),
      staff:
        r.staffId === null && r.staffEmail === null
          ? null
          : { id: r.staffId, email: r.staffEmail, name: r.staffId === null ? null : (names.get(r.staffId) ?? null) },
      action: r.action,
      entityType: r.entityType,
      entityId: r.entityId,
      before: r.before,
      after: r.after,
      changes: changedFields(r.before, r.after),
    })),
    nextCursor: more && last ? encodeCursor(last.exactCreatedAt, Number(last.id)) : null,
  };
}

/** What the filters offer: the staff members, the record types and the actions the log holds. */
export interface AuditFilterChoices {
  staff: { id: number; name: string; email: string }[];
  entityTypes: string[];
  actions: string[];
}

export async function auditFilterChoices(db: Db): Promise<AuditFilterChoices> {
  const [staff, types, actions] = await Promise.all([
    db.select({ id: staffUsers.id, name: staffUsers.name, email: staffUsers.email }).from(staffUsers).orderBy(asc(staffUsers.name)),
    db.selectDistinct({ v: auditLog.entityType }).from(auditLog).orderBy(asc(auditLog.entityType)),
    db.selectDistinct({ v: auditLog.action }).from(auditLog).orderBy(asc(auditLog.action)),
  ]);
  return { staff, entityTypes: types.map((r) => r.v), actions: actions.map((r) => r.v) };
}

/**
 * The admin page of an entry's record, where there is one. The record types are the ones the
 * services write (order, review, contact message, subscriber, staff member).
 */
export function auditRecordLink(entityType: string, entityId: string | null): string | null {
  if (!entityId || !/^\d{1,10}$/.test(entityId)) return null;
  switch (entityType) {
    case 'order':
      return `/admin/orders/${entityId}`;
    case 'review':
      return `/admin/reviews?review_id=${entityId}`;
    case 'contact_message':
    case 'message':
      return `/admin/messages/${entityId}`;
    case 'staff':
      return '/admin/staff';
    default:
      return null;
  }
}
