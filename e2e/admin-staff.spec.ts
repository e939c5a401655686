// Staff management at 1280 px (docs/decisions/0033-back-office-staff.md#staff-management): an admin
// adds a member (QR code, password and recovery codes shown once), the member signs in and changes
// the password, the admin disables them (their open page is signed out at once), enables them,
// resets their second factor; staff without the admin role are refused the page.
import { test, expect } from './admin.fixtures';
import { expectNoSeriousViolations } from './axe.helpers';
import { addStaffThroughPage, manage, signInThroughPage, totpFor } from './admin-staff.helpers';

test('an admin adds a member, who signs in, changes the password, is disabled, enabled and re-enrolled', async ({ adminPage, browser }) => {
  test.setTimeout(150_000);
  await adminPage.goto('/admin/staff');
  await expectNoSeriousViolations(adminPage, 'staff list');
  const added = await addStaffThroughPage(adminPage, 'Amal Added');
  await expectNoSeriousViolations(adminPage, 'staff added (shown once)');
  // Shown once: the list again shows none of it.
  await adminPage.goto('/admin/staff');
  await expect(adminPage.getByTestId('shown-once')).toHaveCount(0);
  await expect(adminPage.locator('body')).not.toContainText(added.recoveryCodes[0]!);
  await expect(adminPage.getByTestId('staff-row').filter({ hasText: added.name })).toContainText('Last sign-in: never');

  const memberContext = await browser.newContext();
  const member = await memberContext.newPage();
  await signInThroughPage(member, added.email, added.password, totpFor(added.secret));
  await expect(member.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(member.getByRole('navigation', { name: 'Back office sections' }).getByRole('link', { name: 'Staff' })).toHaveCount(0);
  // The member changes the temporary password on their account page.
  await member.getByTestId('admin-staff-name').click();
  await expect(member.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible();
  await member.getByLabel('Current password').fill('not the temporary one');
  await member.getByLabel('New password', { exact: true }).fill('Amal chose this 2026');
  await member.getByRole('button', { name: 'Change password' }).click();
  await expect(member.getByTestId('account-problem')).toHaveText('The current password is wrong');
  await member.getByLabel('Current password').fill(added.password);
  await member.getByLabel('New password', { exact: true }).fill('Amal chose this 2026');
  await member.getByRole('button', { name: 'Change password' }).click();
  await expect(member.getByTestId('account-done')).toHaveText('Password changed: your other sessions have ended');
  await expectNoSeriousViolations(member, 'own account');

  // The admin disables the member: their open page is signed out at the next request.
  await adminPage.reload();
  await expect(adminPage.getByTestId('staff-row').filter({ hasText: added.name })).not.toContainText('Last sign-in: never');
  let row = await manage(adminPage, added.name);
  await row.getByRole('button', { name: 'Disable account' }).click();
  await expect(adminPage.getByTestId('staff-done')).toHaveText('Account disabled: its sessions have ended');
  await expect(adminPage.getByTestId('staff-row').filter({ hasText: added.name }).getByTestId('staff-status')).toHaveText('Disabled');
  await member.reload();
  await expect(member).toHaveURL(/\/admin\/login\?next=%2Fadmin%2Faccount/);
  await signInThroughPage(member, added.email, 'Amal chose this 2026', added.recoveryCodes[0]!);
  await expect(member.getByTestId('admin-login-error')).toHaveText('E-mail, password or code is wrong');

  row = await manage(adminPage, added.name);
  await row.getByRole('button', { name: 'Enable account' }).click();
  await expect(adminPage.getByTestId('staff-done')).toHaveText('Account enabled');
  await signInThroughPage(member, added.email, 'Amal chose this 2026', added.recoveryCodes[1]!);
  await expect(member.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

  // A lost phone: the reset shows a new QR code and codes once, and ends the member's session.
  row = await manage(adminPage, added.name);
  await row.getByRole('button', { name: 'Reset second factor' }).click();
  const shown = adminPage.getByTestId('shown-once');
  await expect(shown.getByRole('heading', { level: 2 })).toHaveText(
    'Second factor reset: the old authenticator and recovery codes no longer work',
  );
  await expect(shown.getByTestId('otpauth-qr')).toBeVisible();
  await expect(shown.getByTestId('temporary-password')).toHaveCount(0);
  await member.reload();
  await expect(member).toHaveURL(/\/admin\/login/);
  await signInThroughPage(member, added.email, 'Amal chose this 2026', added.recoveryCodes[2]!);
  await expect(member.getByTestId('admin-login-error')).toBeVisible();
  await memberContext.close();
});

test('a typed temporary password that is too short is refused, the form keeps what was typed', async ({ adminPage }) => {
  await adminPage.goto('/admin/staff');
  await adminPage.getByText('+ Add a staff member').click();
  const form = adminPage.getByTestId('add-staff');
  await form.getByLabel('Name').fill('Short Password');
  await form.getByLabel('E-mail').fill('short.password@staff.test');
  await form.getByLabel('Temporary password (optional)').fill('short');
  await form.getByRole('button', { name: 'Add staff member' }).click();
  await expect(adminPage.getByTestId('staff-problem')).toHaveText('Use at least 12 characters');
  await expect(form.getByLabel('Name')).toHaveValue('Short Password');
  await expect(form.getByLabel('E-mail')).toHaveValue('short.password@staff.test');
  await expect(adminPage.getByTestId('staff-row').filter({ hasText: 'Short Password' })).toHaveCount(0);
});

test('staff without the admin role are refused the staff page', async ({ staffPage }) => {
  const response = await staffPage.goto('/admin/staff');
  expect(response?.status()).toBe(403);
  await expect(staffPage.getByRole('alert')).toHaveText('Only an administrator may do this');
  await expect(staffPage.getByTestId('staff-row')).toHaveCount(0);
});
