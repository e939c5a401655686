// TEMPORARY stand-in for the back-office foundation (StaffMember, recordAudit) until it lands on
// main; replaced by imports of src/server/staff/staff.service.ts and src/server/audit/audit.service.ts.
import type { Db } from '@/server/db/client';
import { auditLog } from '@/server/db/schema/staff';

export interface StaffMember {
  id: number;
  email: string;
  name: string;
  role: 'admin' | 'staff';
}

export interface AuditEntry {
  action: string;
  entityType: string;
  entityId: string | number | null;
  before?: unknown;
  after?: unknown;
}

export async function recordAudit(db: Pick<Db, 'insert'>, staff: StaffMember | null, entry: AuditEntry, now = new Date()): Promise<void> {
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
