// The profile page (docs/product.md#profile, #validation, #messages): both cards read-only until Edit, profile and
// avatar update, password change, and the e-mail change (password, then a code to the new address).
import { test, type Locator, type Page } from '@playwright/test';
import { toasts, waitForIslands } from './helpers';
import {
  PASSWORD,
  loginDialog,
  mailSubjectsTo,
  openSignIn,
  outboxFiles,
  readCode,
  registerThroughApi,
  signInThroughDialog,
  signOutThroughMenu,
  typeCode,
  uniqueEmail,
  userMenuButton,
  ACCOUNT_TEST_TIMEOUT_MS,
  expect,
} from './auth.helpers';

// A 1×1 PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

function card(page: Page, title: string): Locator {
  return page.locator('section').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
}

test.describe('profile', () => {
  test.describe.configure({ timeout: ACCOUNT_TEST_TIMEOUT_MS });

  test('profile information: read-only until Edit, validation, then the saved name in the header menu', async ({ page }) => {
    const email = uniqueEmail('profile');
    await registerThroughApi(page, { name: 'Noura Khalid', email, password: PASSWORD });
    await page.goto('/profile');
    await waitForIslands(page);
    await expect(page.getByRole('heading', { level: 1, name: 'My profile' })).toBeVisible();
    const info = card(page, 'Profile Information');
    const name = info.getByLabel('Full name');
    const mail = info.getByLabel('Email');
    await expect(name).toHaveValue('Noura Khalid');
    await expect(mail).toHaveValue(email);
    await expect(name).toHaveAttribute('readonly', '');
    await expect(mail).toHaveAttribute('readonly', '');
    await expect(info.getByRole('button', { name: 'Save changes' })).toHaveCount(0);

    await info.getByRole('button', { name: 'Edit' }).click();
    await expect(name).not.toHaveAttribute('readonly', /.*/);
    await expect(name).toBeFocused();
    // The e-mail is not edited here: it has its own flow (Change e-mail).
    await expect(mail).toHaveAttribute('readonly', '');
    await name.fill('');
    await info.getByRole('button', { name: 'Save changes' }).click();
    await expect(info.getByText('Name is required')).toBeVisible();

    // A picture that is not an image is refused at once; a PNG shows as a preview.
    await info.getByLabel('Change photo').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await expect(info.getByText('The profile picture must be a JPEG, PNG or WebP image')).toBeVisible();
    await info.getByLabel('Change photo').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
    await expect(info.getByTestId('profile-avatar')).toHaveAttribute('src', /^blob:/);

    await name.fill('Noura Al Khalid');
    await info.getByRole('button', { name: 'Save changes' }).click();
    await expect(toasts(page)).toContainText('Profile updated successfully');
    await expect(name).toHaveAttribute('readonly', '');
    await expect(info.getByTestId('profile-avatar')).toHaveAttribute('src', /^(?!blob:)/);

    await page.reload();
    await waitForIslands(page);
    await expect(name).toHaveValue('Noura Al Khalid');
    await expect(mail).toHaveValue(email);
    await expect(userMenuButton(page)).toContainText('Noura');
    await userMenuButton(page).click();
    await expect(page.getByTestId('user-menu')).toContainText('Noura Al Khalid');
    const avatar = page.locator('#site-header img[data-user-avatar]');
    await expect(avatar).toBeVisible();
    expect(await avatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  });

  test('change password: wrong current password, mismatch, then sign in with the new one', async ({ page }) => {
    const email = uniqueEmail('password');
    await registerThroughApi(page, { name: 'Yousef Rahman', email, password: PASSWORD });
    await page.goto('/profile');
    await waitForIslands(page);
    const box = card(page, 'Change password');
    const current = box.getByLabel('Current password');
    await expect(current).toHaveAttribute('readonly', '');
    await box.getByRole('button', { name: 'Edit' }).click();
    await expect(current).toBeFocused();

    const newPassword = 'Changed#Pass7';
    await current.fill('Not#The1Password');
    await box.getByLabel('New password', { exact: true }).fill(newPassword);
    await box.getByLabel('Confirm new password').fill('Changed#Pass8');
    await box.getByRole('button', { name: 'Save changes' }).click();
    await expect(box.getByText('Passwords must match')).toBeVisible();
    await box.getByLabel('Confirm new password').fill(newPassword);
    await box.getByRole('button', { name: 'Save changes' }).click();
    await expect(box.getByText('The current password is not correct')).toBeVisible();

    await current.fill(PASSWORD);
    await box.getByRole('button', { name: 'Save changes' }).click();
    await expect(toasts(page)).toContainText('Password updated successfully');
    await expect(current).toHaveAttribute('readonly', '');
    await expect(current).toHaveValue('');

    await signOutThroughMenu(page);
    const dialog = await openSignIn(page);
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Password').fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Sign in' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('These credentials do not match our records');
    await page.keyboard.press('Escape');
    await expect(loginDialog(page)).toBeHidden();
    await signInThroughDialog(page, email, newPassword);
    await expect(userMenuButton(page)).toContainText('Yousef');
  });

  test('e-mail change: the current password, then the code sent to the new address; the old address is told', async ({ page }) => {
    const email = uniqueEmail('moving');
    await registerThroughApi(page, { name: 'Salma Idris', email, password: PASSWORD });
    await page.goto('/profile');
    await waitForIslands(page);
    const info = card(page, 'Profile Information');
    await info.getByRole('button', { name: 'Change e-mail' }).click();
    const panel = page.getByTestId('email-change');
    await expect(panel.getByLabel('New e-mail')).toBeFocused();
    await panel.getByRole('button', { name: 'Send code' }).click();
    await expect(panel.getByText('Email is required')).toBeVisible();
    await expect(panel.getByText('Current password is required')).toBeVisible();

    const newEmail = uniqueEmail('moved');
    await panel.getByLabel('New e-mail').fill(newEmail);
    await panel.getByLabel('Current password').fill('Not#The1Password');
    await panel.getByRole('button', { name: 'Send code' }).click();
    await expect(panel.getByText('The current password is not correct')).toBeVisible();

    const before = outboxFiles();
    await panel.getByLabel('Current password').fill(PASSWORD);
    await panel.getByRole('button', { name: 'Send code' }).click();
    await expect(toasts(page)).toContainText('We have sent a 4-digit code to your new e-mail');
    await expect(panel).toContainText(newEmail);
    const code = await readCode(newEmail, before);
    await typeCode(panel, code);
    await panel.getByRole('button', { name: 'Verify' }).click();

    await expect(toasts(page)).toContainText('Your e-mail has been changed');
    await expect(info.getByLabel('Email')).toHaveValue(newEmail);
    await userMenuButton(page).click();
    await expect(page.getByTestId('user-menu')).toContainText(newEmail);
    // The old address got a notice (no code in it).
    await expect.poll(() => mailSubjectsTo(email)).toContain('Your Safe Buddy e-mail was changed');
  });
});
