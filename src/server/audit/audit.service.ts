// The audit log's writing side (docs/decisions/0035-messages-reviews-audit.md): every change staff
// make is recorded in the same transaction as the change, with the values before and after.
import type { Db } from '@/server/db/client';
import { auditLog } from '@/server/db/schema/staff';
import type { StaffMember } from '@/server/staff/staff.service';

/** A database or a transaction: the entry commits (or not) with the change it records. */
type Writer = Pick<Db, 'insert'>;

export interface AuditEntry {
  /** What was done, e.g. 'order.ship', 'review.hide', 'staff.create'. */
  action: string;
  entityType: string;
  entityId: string | number | null;
  before?: unknown;
  after?: unknown;
}

export async function recordAudit(db: Writer, staff: StaffMember | null, entry: AuditEntry, now = new Date()): Promise<void> {
  await db.insert(auditLog).values({
    staffId: staff?.id ?? null,
    staffEmail: staff?.email ?? null,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId === null ? null : String(entry.entityId),
    before: entry.before ?? null,
    after: entry.after ?? null,
    createdAt: now,
  });
}
