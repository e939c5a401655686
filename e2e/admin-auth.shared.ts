// The back office's sign-in in a real browser (docs/decisions/0033-back-office-staff.md): password
// and a TOTP code, a wrong code, a recovery code used once, the return to where staff were going
// (never off the back office), sign-out that really ends the session, axe on the sign-in and the
// shell. The same journeys at 1280 px (admin-auth.spec.ts) and 390 px (admin-auth.mobile.spec.ts),
// each with accounts of its own (a TOTP code is accepted once per account).
import type { Page } from '@playwright/test';
import { test, expect, staffAccount, totpNow, signInAsStaff } from './admin.fixtures';
import { expectNoSeriousViolations } from './axe.helpers';
import { expectNoSidewaysScroll } from './helpers';

export interface AdminAuthOptions {
  /** This project's accounts in scripts/e2e-staff.ts. */
  login: string;
  logout: string;
  /** Which of 'login-recovery''s ten codes this project spends (projects run in parallel). */
  recoveryIndex: number;
  /** The widths the shell is checked at (the project's own first). */
  widths: number[];
}

async function fillSignIn(page: Page, email: string, password: string, code: string) {
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByLabel('Code from your authenticator app').fill(code);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

export function adminAuthTests({ login, logout, recoveryIndex, widths }: AdminAuthOptions) {
  test('signs in with the password and the authenticator code and lands on the dashboard', async ({ page }) => {
    const account = staffAccount(login);
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/admin\/login\?next=%2Fadmin$/);
    await expectNoSeriousViolations(page, 'admin sign-in');
    await fillSignIn(page, account.email, account.password, totpNow(account));
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(page.getByTestId('admin-staff-name')).toContainText(account.name);
    await expectNoSeriousViolations(page, 'admin shell (dashboard)');
    await expectNoSidewaysScroll(page);
  });

  test('a wrong code shows the error and keeps the e-mail; the same message as a wrong password', async ({ page }) => {
    const account = staffAccount(login);
    await page.goto('/admin/login');
    const wrong = totpNow(account) === '000000' ? '111111' : '000000';
    await fillSignIn(page, account.email, account.password, wrong);
    await expect(page.getByTestId('admin-login-error')).toHaveText('E-mail, password or code is wrong');
    await expect(page.getByLabel('E-mail')).toHaveValue(account.email);
    await expect(page.getByLabel('Password')).toHaveValue('');
    await expectNoSeriousViolations(page, 'admin sign-in with an error');
    await fillSignIn(page, account.email, 'not the password at all', '123456');
    await expect(page.getByTestId('admin-login-error')).toHaveText('E-mail, password or code is wrong');
    await expect(page).toHaveURL(/\/admin\/login/);
  });

  test('a recovery code signs in once', async ({ page, browser }) => {
    const account = staffAccount('login-recovery');
    const code = account.recoveryCodes[recoveryIndex]!;
    await page.goto('/admin/login');
    await fillSignIn(page, account.email, account.password, code.toLowerCase().replace('-', ' '));
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    const other = await browser.newContext();
    const second = await other.newPage();
    await second.goto(page.url().replace(/\/admin$/, '/admin/login'));
    await fillSignIn(second, account.email, account.password, code);
    await expect(second.getByTestId('admin-login-error')).toHaveText('E-mail, password or code is wrong');
    await other.close();
  });

  test('returns to the back-office page asked for, never to another site', async ({ page }) => {
    const account = staffAccount(login);
    await page.goto('/admin/orders');
    await expect(page).toHaveURL(/\/admin\/login\?next=%2Fadmin%2Forders$/);
    // Codes of this account: its TOTP code went to the first test (a code is accepted once).
    await fillSignIn(page, account.email, account.password, account.recoveryCodes[0]!);
    await expect(page).toHaveURL(/\/admin\/orders$/);

    await page.context().clearCookies();
    await page.goto('/admin/login?next=https://evil.test/admin');
    await fillSignIn(page, account.email, account.password, account.recoveryCodes[1]!);
    await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/admin$/);
    await page.context().clearCookies();
    await page.goto('/admin/login?next=//evil.test');
    await fillSignIn(page, account.email, account.password, account.recoveryCodes[2]!);
    await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/admin$/);
  });

  test('sign out ends the session: back and reload show the sign-in, the old cookie opens nothing', async ({ page, baseURL }) => {
    const account = await signInAsStaff(page, logout, baseURL!);
    await page.goto('/admin');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/admin\/login$/);
    await page.goBack();
    await expect(page).toHaveURL(/\/admin\/login/);
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    // The session is revoked on the server, not only its cookie dropped.
    await page.context().addCookies([{ name: 'staff_session', value: account.token!, url: baseURL!, httpOnly: true, sameSite: 'Strict' }]);
    const me = await page.request.get('/api/admin/auth/me');
    expect(me.status()).toBe(401);
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/admin\/login\?next=%2Fadmin$/);
  });

  test('the shell fits the screen, marks the current section and shows a focus ring', async ({ adminPage: page }, testInfo) => {
    for (const width of widths) {
      await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
      await page.goto('/admin/staff');
      await expect(page.getByRole('heading', { level: 1, name: 'Staff' })).toBeVisible();
      const nav = page.getByRole('navigation', { name: /^Back office/ }).filter({ visible: true });
      await expect(nav).toHaveCount(1);
      await expect(nav.getByRole('link', { name: 'Staff' })).toHaveAttribute('aria-current', 'page');
      await expect(nav.getByRole('link', { name: 'Staff' })).toBeInViewport();
      await expectNoSidewaysScroll(page);
      await page.screenshot({ path: testInfo.outputPath(`admin-shell-${width}.png`), fullPage: true });
      // The top bar stays on top while the page scrolls.
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await expect(page.getByRole('button', { name: 'Sign out' })).toBeInViewport();
    }
    await page.goto('/admin/staff');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
    await page.keyboard.press('Tab');
    const outline = await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle);
    expect(outline).not.toBe('none');
    await expectNoSeriousViolations(page, 'admin shell (staff)');
  });
}
