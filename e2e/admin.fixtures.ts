// The back office's browser-test setup (docs/decisions/0033-back-office-staff.md): pages signed in
// as the admin or the staff member the e2e server made (scripts/e2e-staff.ts), by their session
// cookie, and the accounts' details for the sign-in specs.
//
//   import { test, expect } from './admin.fixtures';
//   test('…', async ({ staffPage: page }) => { await page.goto('/admin/orders'); … });
import fs from 'node:fs';
import path from 'node:path';
import { test as base, type Page } from '@playwright/test';
import * as OTPAuth from 'otpauth';
import { e2eDataDir } from '../playwright.config';
import type { E2eStaffAccount } from '../scripts/e2e-staff';

export { expect } from '@playwright/test';

/** The staff accounts the e2e server made, by key (admin, staff, login-desktop, …). */
export function staffAccount(key: string): E2eStaffAccount {
  const accounts = JSON.parse(fs.readFileSync(path.join(e2eDataDir, 'staff.json'), 'utf8')) as Record<string, E2eStaffAccount>;
  const account = accounts[key];
  if (!account) throw new Error(`no e2e staff account '${key}' (scripts/e2e-staff.ts)`);
  return account;
}

/** The code the authenticator app shows now for an account. */
export function totpNow(account: E2eStaffAccount): string {
  return new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(account.secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate();
}

/** Signs the page in as the account by its session cookie (the sign-in form is proven by admin-auth specs). */
export async function signInAsStaff(page: Page, key: string, baseURL: string): Promise<E2eStaffAccount> {
  const account = staffAccount(key);
  if (!account.token) throw new Error(`e2e staff account '${key}' has no session`);
  await page.context().addCookies([{ name: 'staff_session', value: account.token, url: baseURL, httpOnly: true, sameSite: 'Strict' }]);
  return account;
}

interface AdminFixtures {
  /** A page signed in as the 'staff' role member. */
  staffPage: Page;
  /** A page signed in as an admin. */
  adminPage: Page;
}

export const test = base.extend<AdminFixtures>({
  staffPage: async ({ page, baseURL }, use) => {
    await signInAsStaff(page, 'staff', baseURL!);
    await use(page);
  },
  adminPage: async ({ page, baseURL }, use) => {
    await signInAsStaff(page, 'admin', baseURL!);
    await use(page);
  },
});
