// Account dialogs at desktop width (docs/product.md#account-dialogs, #behaviour, #validation, #messages; docs/decisions/0008-sessions.md): register with the
// e-mailed code, sign out and in, wrong password, forgot password, keyboard and OTP boxes.
import { test } from '@playwright/test';
import { toasts } from './helpers';
import {
  PASSWORD,
  forgotDialog,
  loginDialog,
  openSignIn,
  otpBoxes,
  outboxFiles,
  readCode,
  registerDialog,
  registerThroughApi,
  registerThroughDialogs,
  signInThroughDialog,
  signOutThroughMenu,
  typeCode,
  uniqueEmail,
  userMenuButton,
  ACCOUNT_TEST_TIMEOUT_MS,
  expect,
} from './auth.helpers';

test.describe('account dialogs', () => {
  test.describe.configure({ timeout: ACCOUNT_TEST_TIMEOUT_MS });

  test('register with the e-mailed code, sign out, then sign in again', async ({ page, context }) => {
    const email = uniqueEmail('register');
    await page.goto('/');
    await registerThroughDialogs(page, { name: 'Mariam Al Suwaidi', email, password: PASSWORD });
    await expect(toasts(page)).toContainText('Thanks for registering with us');
    // The menu is rendered on the server from the session.
    await expect(userMenuButton(page)).toContainText('Mariam');
    await userMenuButton(page).click();
    const menu = page.getByTestId('user-menu');
    await expect(menu).toContainText('Mariam Al Suwaidi');
    await expect(menu).toContainText(email);
    await expect(menu.getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/profile');
    await expect(menu.getByRole('link', { name: 'My Orders' })).toHaveAttribute('href', '/orders');

    // docs/decisions/0008-sessions.md: the user id may be stored, the session token never is.
    const session = (await context.cookies()).find((c) => c.name === 'session');
    expect(session?.httpOnly).toBe(true);
    const stored = await page.evaluate(() => ({ local: { ...localStorage }, session: { ...sessionStorage } }));
    expect(Number(stored.local.user_id)).toBeGreaterThan(0);
    expect(JSON.stringify(stored)).not.toContain(session!.value);

    await page.keyboard.press('Escape');
    await signOutThroughMenu(page);
    expect(await page.evaluate(() => localStorage.getItem('user_id'))).toBeNull();
    expect((await context.cookies()).find((c) => c.name === 'session')).toBeUndefined();

    await signInThroughDialog(page, email, PASSWORD);
    await expect(toasts(page)).toContainText('Login successful');
    await expect(userMenuButton(page)).toContainText('Mariam');
  });

  test('register: Create account waits for the verified e-mail; the validation messages', async ({ page }) => {
    await page.goto('/');
    const signIn = await openSignIn(page);
    await signIn.getByRole('button', { name: 'Create an account' }).click();
    const dialog = registerDialog(page);
    await expect(dialog).toBeVisible();
    await expect(loginDialog(page)).toBeHidden();
    await expect(dialog.getByRole('button', { name: 'Create account' })).toBeDisabled();
    await expect(dialog.getByText('Verify your e-mail to continue')).toBeVisible();
    // The privacy and terms checkbox is shown but not required.
    await expect(dialog.getByRole('checkbox', { name: /I agree to the Privacy Policy and Terms & Conditions/ })).not.toBeChecked();

    await dialog.getByRole('button', { name: 'Verify' }).click();
    await expect(dialog.getByText('Please enter a valid email')).toBeVisible();
    await dialog.getByLabel('Email').fill('not-an-email');
    await expect(dialog.getByText('Please enter a valid email')).toBeHidden();
    await dialog.getByRole('button', { name: 'Verify' }).click();
    await expect(dialog.getByText('Please enter a valid email')).toBeVisible();

    await dialog.getByLabel('Password', { exact: true }).fill('short');
    await dialog.getByLabel('Confirm password').focus();
    await expect(
      dialog.getByText(
        /^Password must contain at least one uppercase letter, one lowercase letter, one digit, one special character, and be between 8 and 32 characters long$/,
      ),
    ).toBeVisible();
    await dialog.getByLabel('Confirm password').fill('other');
    await dialog.getByLabel('Full name').focus();
    await expect(dialog.getByText('Passwords must match')).toBeVisible();

    await dialog.getByRole('button', { name: 'Sign in' }).click();
    await expect(loginDialog(page)).toBeVisible();
    await expect(dialog).toBeHidden();
  });

  test('sign-in: required fields, then the wrong password message', async ({ page }) => {
    await page.goto('/store');
    const dialog = await openSignIn(page);
    await dialog.getByRole('button', { name: 'Sign in' }).click();
    await expect(dialog.getByText('Email is required')).toBeVisible();
    await expect(dialog.getByText('Password is required')).toBeVisible();
    await expect(dialog.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');

    await dialog.getByLabel('Email').fill(uniqueEmail('nobody'));
    await dialog.getByLabel('Password').fill('Wrong#Pass1');
    await dialog.getByRole('button', { name: 'Sign in' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('These credentials do not match our records');
    await expect(dialog).toBeVisible();
    await expect(userMenuButton(page)).toBeHidden();
  });

  test('forgot password: the code, then the new password, then sign in with it', async ({ page, context }) => {
    const email = uniqueEmail('reset');
    await registerThroughApi(page, { name: 'Omar Haddad', email, password: PASSWORD });
    await context.clearCookies();
    await page.goto('/');

    const signIn = await openSignIn(page);
    await signIn.getByRole('button', { name: 'Forgot password?' }).click();
    const dialog = forgotDialog(page);
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Send code' }).click();
    await expect(dialog.getByText('Please enter a valid email')).toBeVisible();

    await dialog.getByLabel('Email').fill(email);
    const before = outboxFiles();
    await dialog.getByRole('button', { name: 'Send code' }).click();
    await expect(otpBoxes(dialog)).toHaveCount(4);
    await expect(dialog.getByText('Resend code in 3:')).toBeVisible();
    // The new password form appears only once the code is validated.
    await expect(dialog.getByLabel('New password')).toHaveCount(0);
    await typeCode(dialog, await readCode(email, before));
    await dialog.getByRole('button', { name: 'Verify' }).click();

    await expect(dialog.getByLabel('New password')).toBeVisible();
    await dialog.getByLabel('New password').fill('weak');
    await dialog.getByLabel('Confirm password').fill('weak');
    await dialog.getByRole('button', { name: 'Reset password' }).click();
    await expect(dialog.getByText(/^Password must contain at least one uppercase letter/)).toBeVisible();
    const newPassword = 'New#Secret9';
    await dialog.getByLabel('New password').fill(newPassword);
    await dialog.getByLabel('Confirm password').fill('New#Secret8');
    await dialog.getByRole('button', { name: 'Reset password' }).click();
    await expect(dialog.getByText('Passwords must match')).toBeVisible();
    await dialog.getByLabel('Confirm password').fill(newPassword);
    await dialog.getByRole('button', { name: 'Reset password' }).click();
    await expect(toasts(page)).toContainText('Reset password successful');
    await expect(dialog).toBeHidden();

    const again = await openSignIn(page);
    await again.getByLabel('Email').fill(email);
    await again.getByLabel('Password').fill(PASSWORD);
    await again.getByRole('button', { name: 'Sign in' }).click();
    await expect(again.getByRole('alert')).toHaveText('These credentials do not match our records');
    await again.getByLabel('Password').fill(newPassword);
    await again.getByRole('button', { name: 'Sign in' }).click();
    await expect(userMenuButton(page)).toContainText('Omar');
  });

  test('keyboard: focus moves in and stays in, Escape closes, focus returns to the opener', async ({ page }) => {
    await page.goto('/');
    const opener = page.locator('#site-header').getByRole('button', { name: 'Sign in' });
    await opener.focus();
    await page.keyboard.press('Enter');
    const dialog = loginDialog(page);
    await expect(dialog).toBeVisible();
    await expect(dialog).toHaveAttribute('aria-modal', 'true');
    await expect(dialog.getByLabel('Email')).toBeFocused();

    const inDialog = () => page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]')));
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press('Tab');
      expect(await inDialog()).toBe(true);
    }
    // Shift+Tab from the first control wraps to the last one (the register link).
    await dialog.getByRole('button', { name: 'Close' }).focus();
    await page.keyboard.press('Shift+Tab');
    await expect(dialog.getByRole('button', { name: 'Create an account' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
    // The page behind is usable again.
    await expect(page.locator('#main')).not.toHaveAttribute('inert', /.*/);
  });

  test('the OTP boxes: digits only, typing moves on, Backspace goes back, a 4-digit paste fills them; a wrong code locks', async ({
    page,
  }) => {
    await page.goto('/');
    const signIn = await openSignIn(page);
    await signIn.getByRole('button', { name: 'Forgot password?' }).click();
    const dialog = forgotDialog(page);
    // An e-mail without an account gets the same answer (nothing tells who has an account).
    await dialog.getByLabel('Email').fill(uniqueEmail('otp-boxes'));
    await dialog.getByRole('button', { name: 'Send code' }).click();
    const boxes = otpBoxes(dialog);
    await expect(boxes).toHaveCount(4);
    for (let i = 0; i < 4; i++) await expect(dialog.getByLabel(`Digit ${i + 1} of 4`)).toBeVisible();

    await expect(boxes.nth(0)).toBeFocused();
    await page.keyboard.type('a');
    await expect(boxes.nth(0)).toHaveValue('');
    await page.keyboard.type('7');
    await expect(boxes.nth(0)).toHaveValue('7');
    await expect(boxes.nth(1)).toBeFocused();
    await page.keyboard.type('x');
    await expect(boxes.nth(1)).toHaveValue('');
    await page.keyboard.press('Backspace');
    await expect(boxes.nth(0)).toBeFocused();

    const paste = (text: string) =>
      boxes.nth(0).evaluate((box, value) => {
        const data = new DataTransfer();
        data.setData('text/plain', value);
        box.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
      }, text);
    await paste('12ab');
    for (let i = 0; i < 4; i++) await expect(boxes.nth(i)).toHaveValue('');
    await paste('48213');
    for (let i = 0; i < 4; i++) await expect(boxes.nth(i)).toHaveValue('');
    await paste('4821');
    for (const [i, digit] of ['4', '8', '2', '1'].entries()) await expect(boxes.nth(i)).toHaveValue(digit);
    await expect(boxes.nth(3)).toBeFocused();

    // No mail went to this address, so 4821 is wrong (the code is random; 1 in 10,000 it is not).
    await dialog.getByRole('button', { name: 'Verify' }).click();
    await expect(toasts(page)).toContainText('Invalid Otp');
    await expect(dialog.getByText('Wait for three minutes to verify again')).toBeVisible();
    await expect(dialog.getByText(/Try again in [0-3]:\d\d/)).toBeVisible();
    for (let i = 0; i < 4; i++) await expect(boxes.nth(i)).toBeDisabled();
    await expect(dialog.getByRole('button', { name: 'Verify' })).toBeDisabled();
    // Focus stays in the dialog, and Escape still closes it.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  test('a signed-out visit to /profile opens the sign-in dialog on the home page', async ({ page }) => {
    await page.goto('/profile');
    await expect(page).toHaveURL('/');
    await expect(loginDialog(page)).toBeVisible();
    expect(new URL(page.url()).search).toBe('');
  });

  test('catalog pages load React only when a dialog is opened', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto('/store', { waitUntil: 'networkidle' });
    await expect(page.locator('astro-island')).toHaveCount(0);
    const reactChunk = /\/_astro\/(react|client|jsx-runtime|mount|AuthDialogs)\b/;
    expect(scripts.filter((s) => reactChunk.test(s))).toEqual([]);
    await openSignIn(page);
    expect(scripts.filter((s) => reactChunk.test(s)).length).toBeGreaterThan(0);
  });
});
