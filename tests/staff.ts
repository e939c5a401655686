// Staff members for tests (docs/decisions/0033-back-office-staff.md): an account with a known
// password and TOTP secret, and a live staff session to call the admin API with.
import * as OTPAuth from 'otpauth';
import type { Db } from '@/server/db/client';
import { staffUsers } from '@/server/db/schema/staff';
import { hashPassword } from '@/server/accounts/password';
import { createStaffSession, type StaffMember } from '@/server/staff/staff.service';
import type { StaffRole } from '@/domain/staff';

export const STAFF_PASSWORD = 'Back-office pass 2026';

/** Cheap scrypt parameters: verifyPassword reads them from the hash, so sign-in still works. */
const CHEAP = { N: 1024, r: 8, p: 1 };

export interface StaffCaller {
  staff: StaffMember;
  token: string;
  /** The TOTP secret (base32), to make codes with `totpCode`. */
  secret: string;
}

let counter = 0;

/** A new staff account (role 'staff' unless told) signed in, with its session token. */
export async function signedInStaff(
  db: Db,
  role: StaffRole = 'staff',
  overrides: { email?: string; name?: string } = {},
): Promise<StaffCaller> {
  counter += 1;
  const secret = new OTPAuth.Secret({ size: 20 }).base32;
  const [row] = await db
    .insert(staffUsers)
    .values({
      email: overrides.email ?? `${role}.${counter}.${Date.now()}@shop.test`,
      name: overrides.name ?? `${role === 'admin' ? 'Admin' : 'Staff'} ${counter}`,
      role,
      passwordHash: await hashPassword(STAFF_PASSWORD, CHEAP),
      totpSecret: secret,
    })
    .returning();
  const { token } = await createStaffSession(db, row!.id, 'vitest');
  return { staff: { id: row!.id, email: row!.email, name: row!.name, role: row!.role }, token, secret };
}

/** The 6-digit code an authenticator app shows for `secret` at `at`. */
export function totpCode(secret: string, at: Date = new Date()): string {
  return new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({
    timestamp: at.getTime(),
  });
}
