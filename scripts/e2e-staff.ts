// Staff accounts for the browser tests (docs/decisions/0033-back-office-staff.md), made by the e2e
// server before it starts: an admin and a staff member with live sessions (e2e/admin.fixtures.ts
// sets their cookie), and accounts without a session for the sign-in specs, which type the
// password and a TOTP code made from the secret. Written to DATA_DIR/staff.json.
import fs from 'node:fs';
import path from 'node:path';
import * as OTPAuth from 'otpauth';
import { config } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { createStaff, createStaffSession } from '../src/server/staff/staff.service';
import type { StaffRole } from '../src/domain/staff';

export const E2E_STAFF_PASSWORD = 'E2E back office 2026!';

export interface E2eStaffAccount {
  id: number;
  email: string;
  name: string;
  role: StaffRole;
  password: string;
  /** Base32 TOTP secret. */
  secret: string;
  recoveryCodes: string[];
  /** A live staff session, for accounts the fixtures sign in without the form. */
  token: string | null;
}

const ACCOUNTS: { key: string; name: string; role: StaffRole; session: boolean }[] = [
  { key: 'admin', name: 'Hessa Admin', role: 'admin', session: true },
  { key: 'staff', name: 'Omar Staff', role: 'staff', session: true },
  // Each sign-in spec (and project) its own account: a TOTP code is accepted once per account.
  { key: 'login-desktop', name: 'Layla Desktop', role: 'staff', session: false },
  { key: 'login-mobile', name: 'Karim Mobile', role: 'staff', session: false },
  { key: 'login-recovery', name: 'Noor Recovery', role: 'admin', session: false },
  { key: 'logout-desktop', name: 'Sami Logout', role: 'staff', session: true },
  { key: 'logout-mobile', name: 'Rana Logout', role: 'staff', session: true },
];

export async function seedE2eStaff(dataDir: string): Promise<void> {
  const handle = await openDatabase({ url: undefined, dataDir: path.resolve(dataDir, 'pglite') });
  const accounts: Record<string, E2eStaffAccount> = {};
  try {
    for (const account of ACCOUNTS) {
      const email = `${account.key}@staff.test`;
      const created = await createStaff(
        handle.db,
        { email, name: account.name, role: account.role, password: E2E_STAFF_PASSWORD },
        { issuer: config().SHOP_NAME },
      );
      const secret = (OTPAuth.URI.parse(created.otpauthUri) as OTPAuth.TOTP).secret.base32;
      const token = account.session ? (await createStaffSession(handle.db, created.staff.id, 'e2e')).token : null;
      accounts[account.key] = { ...created.staff, password: E2E_STAFF_PASSWORD, secret, recoveryCodes: created.recoveryCodes, token };
    }
  } finally {
    await handle.close();
  }
  fs.writeFileSync(path.join(dataDir, 'staff.json'), JSON.stringify(accounts, null, 2));
}
