// Stand-in until the back-office foundation lands on main (the lead's file replaces this one).
import type { Db } from '@/server/db/client';
import { auditLog } from '@/server/db/schema/staff';
import type { StaffMember } from '@/server/staff/staff.service';

export interface AuditEntry {
  action: string;
  entityType: string;
  entityId: string | number | null;
  before?: unknown;
  after?: unknown;
}

export async function recordAudit(db: Db, staff: StaffMember | null, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    staffId: staff?.id ?? null,
    staffEmail: staff?.email ?? null,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId === null ? null : String(entry.entityId),
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}
