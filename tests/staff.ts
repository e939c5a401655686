// STAND-IN until the lead's back-office foundation lands on main: a staff member row for the
// inbox's service tests. Replaced by main's file at the merge.
import { randomBytes } from 'node:crypto';
import type { Db } from '@/server/db/client';
import { staffUsers } from '@/server/db/schema/staff';
import type { StaffMember } from '@/server/staff/staff.service';

export async function signedInStaff(db: Db, role: 'admin' | 'staff' = 'staff'): Promise<{ staff: StaffMember; token: string }> {
  const email = `staff-${randomBytes(4).toString('hex')}@safebuddy.test`;
  const [row] = await db
    .insert(staffUsers)
    .values({ email, name: 'Test Staff', role, passwordHash: 'x', totpSecret: 'JBSWY3DPEHPK3PXP' })
    .returning();
  return { staff: { id: row!.id, email, name: row!.name, role }, token: randomBytes(16).toString('hex') };
}
