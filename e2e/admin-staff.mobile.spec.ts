// Staff management on a 390 px phone (docs/decisions/0033-back-office-staff.md#staff-management):
// the list, the add form, what is shown once (QR code, password, recovery codes) and the own
// account page fit the screen and pass axe.
import { test, expect } from './admin.fixtures';
import { expectNoSeriousViolations } from './axe.helpers';
import { addStaffThroughPage, manage } from './admin-staff.helpers';
import { expectNoSidewaysScroll } from './helpers';

test('an admin adds a member on a phone: everything shown once fits the screen', async ({ adminPage }, testInfo) => {
  await adminPage.goto('/admin/staff');
  await expectNoSidewaysScroll(adminPage);
  const added = await addStaffThroughPage(adminPage, 'Phone Added Member');
  await expectNoSidewaysScroll(adminPage);
  await expect(adminPage.getByTestId('otpauth-qr')).toBeInViewport({ ratio: 0.5 });
  await adminPage.screenshot({ path: testInfo.outputPath('staff-shown-once-390.png'), fullPage: true });
  await expectNoSeriousViolations(adminPage, 'staff added on a phone');
  await adminPage.goto('/admin/staff');
  const row = await manage(adminPage, added.name);
  await expect(row.getByRole('button', { name: 'Reset second factor' })).toBeVisible();
  await expectNoSidewaysScroll(adminPage);
  await adminPage.screenshot({ path: testInfo.outputPath('staff-manage-390.png'), fullPage: true });
});

test('the own account page fits a phone', async ({ staffPage }) => {
  await staffPage.goto('/admin/account');
  await expect(staffPage.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible();
  await expectNoSidewaysScroll(staffPage);
  await expectNoSeriousViolations(staffPage, 'own account on a phone');
});
