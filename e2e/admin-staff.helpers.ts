// Staff management in the browser (docs/decisions/0033-back-office-staff.md#staff-management):
// what both widths' specs share.
import type { Page } from '@playwright/test';
import * as OTPAuth from 'otpauth';
import { expect } from './admin.fixtures';

export interface AddedStaff {
  name: string;
  email: string;
  password: string;
  secret: string;
  recoveryCodes: string[];
}

let counter = 0;

/** Adds a staff member through /admin/staff as the page's admin; reads what is shown once. */
export async function addStaffThroughPage(page: Page, name: string, role: 'Staff' | 'Admin' = 'Staff'): Promise<AddedStaff> {
  const email = `added.${Date.now()}.${++counter}@staff.test`;
  await page.goto('/admin/staff');
  await page.getByText('+ Add a staff member').click();
  const form = page.getByTestId('add-staff');
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('E-mail').fill(email);
  await form.getByLabel('Role').selectOption({ label: role });
  await form.getByRole('button', { name: 'Add staff member' }).click();
  const shown = page.getByTestId('shown-once');
  await expect(shown).toBeVisible();
  await expect(shown.getByRole('heading', { level: 2 })).toHaveText(`Staff account created: ${name}`);
  const qr = shown.getByTestId('otpauth-qr');
  await expect(qr).toBeVisible();
  expect(await qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  const uri = (await shown.getByTestId('otpauth-uri').textContent())!.trim();
  expect(uri).toMatch(/^otpauth:\/\/totp\//);
  const recoveryCodes = (await shown.getByTestId('recovery-codes').locator('li').allTextContents()).map((c) => c.trim());
  expect(recoveryCodes).toHaveLength(10);
  const password = (await shown.getByTestId('temporary-password').textContent())!.trim();
  expect(password).toMatch(/^[A-Z2-7]{4}(-[A-Z2-7]{4}){3}$/);
  const secret = (OTPAuth.URI.parse(uri) as OTPAuth.TOTP).secret.base32;
  return { name, email, password, secret, recoveryCodes };
}

export function totpFor(secret: string): string {
  return new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate();
}

export async function signInThroughPage(page: Page, email: string, password: string, code: string): Promise<void> {
  await page.goto('/admin/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByLabel('Code from your authenticator app').fill(code);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** The row of a staff member in the list, its Manage panel opened. */
export async function manage(page: Page, name: string) {
  const row = page.getByTestId('staff-row').filter({ hasText: name });
  await row.getByText(`Manage ${name}`).click();
  return row;
}
