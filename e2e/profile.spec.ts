// The profile page (spec sections 2, 5 and 8): both cards read-only until Edit, profile and
// avatar update, password change.
import { test, type Locator, type Page } from '@playwright/test';
import { toasts, waitForIslands } from './helpers';
import { PASSWORD, loginDialog, openSignIn, registerThroughApi, signInThroughDialog, signOutThroughMenu, uniqueEmail, userMenuButton, ACCOUNT_TEST_TIMEOUT_MS, expect } from './auth.helpers';

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
    await name.fill('');
    await mail.fill('');
    await info.getByRole('button', { name: 'Save changes' }).click();
    await expect(info.getByText('Name is required')).toBeVisible();
    await expect(info.getByText('Email is required')).toBeVisible();
    await mail.fill('noura-at-example');
    await info.getByRole('button', { name: 'Save changes' }).click();
    await expect(info.getByText('Invalid email format')).toBeVisible();

    // A picture that is not an image is refused at once; a PNG shows as a preview.
    await info.getByLabel('Change photo').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await expect(info.getByText('The profile picture must be a JPEG, PNG or WebP image')).toBeVisible();
    await info.getByLabel('Change photo').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
    await expect(info.getByTestId('profile-avatar')).toHaveAttribute('src', /^blob:/);

    const newEmail = uniqueEmail('profile-new');
    await name.fill('Noura Al Khalid');
    await mail.fill(newEmail);
    await info.getByRole('button', { name: 'Save changes' }).click();
    await expect(toasts(page)).toContainText('Profile updated successfully');
    await expect(name).toHaveAttribute('readonly', '');
    await expect(info.getByTestId('profile-avatar')).toHaveAttribute('src', /^(?!blob:)/);

    await page.reload();
    await waitForIslands(page);
    await expect(name).toHaveValue('Noura Al Khalid');
    await expect(mail).toHaveValue(newEmail);
    await expect(userMenuButton(page)).toContainText('Noura');
    await userMenuButton(page).click();
    await expect(page.getByTestId('user-menu')).toContainText('Noura Al Khalid');
    await expect(page.getByTestId('user-menu')).toContainText(newEmail);
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
});
