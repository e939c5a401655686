// Helpers for the account specs: unique e-mails, the code from the development mail outbox
// (docs/decisions/0021-email.md: the e2e server writes each mail as a file in ${e2eDataDir}/outbox/), and accounts made
// through the dialogs or, when a spec is about something else, straight through the API.
import fs from 'node:fs';
import path from 'node:path';
import { expect as baseExpect, type Locator, type Page } from '@playwright/test';
import { e2eDataDir } from '../playwright.config';

export const PASSWORD = 'Safe#Buddy1';

/**
 * Signing in, registering and changing passwords run a memory-hard hash on the server (docs/decisions/0008-sessions.md),
 * which takes seconds on a busy machine: the account specs wait longer than the default.
 */
export const expect = baseExpect.configure({ timeout: 20_000 });
export const ACCOUNT_TEST_TIMEOUT_MS = 90_000;

export function uniqueEmail(tag = 'e2e'): string {
  return `${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.ae`;
}

const outbox = path.join(e2eDataDir, 'outbox');

function codeInMail(text: string): string | null {
  // Skip the headers (their date has a standalone year), undo quoted-printable line breaks.
  const body = text.slice(text.search(/\r?\n\r?\n/)).replace(/=\r?\n/g, '');
  return /(?<![\w-])(\d{4})(?![\w-])/.exec(body)?.[1] ?? null;
}

/** Names of the mails in the outbox now, to tell a new mail from an old one. */
export function outboxFiles(): Set<string> {
  return new Set(fs.existsSync(outbox) ? fs.readdirSync(outbox) : []);
}

/**
 * The code in the newest mail to `email` that was not in `before`. Specs run in parallel, so
 * the newest file of all may be another test's: the recipient is matched too.
 */
export async function readCode(email: string, before: Set<string> = new Set()): Promise<string> {
  let code: string | null = null;
  await expect
    .poll(
      () => {
        const files = fs.existsSync(outbox)
          ? fs
              .readdirSync(outbox)
              .filter((f) => !before.has(f))
              .sort()
              .reverse()
          : [];
        for (const file of files) {
          const text = fs.readFileSync(path.join(outbox, file), 'utf8');
          const to = /^To:\s*(.+)$/im.exec(text)?.[1] ?? '';
          if (!to.toLowerCase().includes(email.toLowerCase())) continue;
          code = codeInMail(text);
          if (code) return code;
        }
        return null;
      },
      { message: `a mail with a code to ${email} in ${outbox}`, timeout: 20_000 },
    )
    .not.toBeNull();
  return code!;
}

/** The subjects of the mails to `email` in the outbox. */
export function mailSubjectsTo(email: string): string[] {
  const files = fs.existsSync(outbox) ? fs.readdirSync(outbox) : [];
  return files
    .map((file) => fs.readFileSync(path.join(outbox, file), 'utf8'))
    .filter((text) => (/^To:\s*(.+)$/im.exec(text)?.[1] ?? '').toLowerCase().includes(email.toLowerCase()))
    .map((text) => /^Subject:\s*(.+)$/im.exec(text)?.[1]?.trim() ?? '');
}

export const loginDialog = (page: Page): Locator => page.getByRole('dialog', { name: 'Sign in' });
export const registerDialog = (page: Page): Locator => page.getByRole('dialog', { name: 'Create an account' });
export const otpDialog = (page: Page): Locator => page.getByRole('dialog', { name: 'Verify your e-mail' });
export const forgotDialog = (page: Page): Locator => page.getByRole('dialog', { name: 'Reset your password' });
export const userMenuButton = (page: Page): Locator => page.locator('#site-header [data-user-menu-button]');
export const otpBoxes = (scope: Locator): Locator => scope.locator('[data-otp-box]');

export async function openSignIn(page: Page): Promise<Locator> {
  await page.locator('#site-header').getByRole('button', { name: 'Sign in' }).click();
  const dialog = loginDialog(page);
  await expect(dialog).toBeVisible();
  return dialog;
}

export async function typeCode(scope: Locator, code: string): Promise<void> {
  await otpBoxes(scope).first().focus();
  await scope.page().keyboard.type(code);
}

/** Registers through the dialogs (e-mail code included) and waits for the signed-in reload. */
export async function registerThroughDialogs(page: Page, account: { name: string; email: string; password: string }): Promise<void> {
  const signIn = await openSignIn(page);
  await signIn.getByRole('button', { name: 'Create an account' }).click();
  const dialog = registerDialog(page);
  await dialog.getByLabel('Full name').fill(account.name);
  await dialog.getByLabel('Email').fill(account.email);
  const before = outboxFiles();
  await dialog.getByRole('button', { name: 'Verify' }).click();
  const otp = otpDialog(page);
  await expect(otp).toBeVisible();
  await typeCode(otp, await readCode(account.email, before));
  await otp.getByRole('button', { name: 'Verify' }).click();
  await expect(otp).toBeHidden();
  await expect(dialog.getByText('Verified', { exact: true })).toBeVisible();
  await dialog.getByLabel('Password', { exact: true }).fill(account.password);
  await dialog.getByLabel('Confirm password').fill(account.password);
  await dialog.getByRole('button', { name: 'Create account' }).click();
  await expect(userMenuButton(page)).toBeVisible();
}

export async function signInThroughDialog(page: Page, email: string, password: string): Promise<void> {
  const dialog = await openSignIn(page);
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password').fill(password);
  await dialog.getByRole('button', { name: 'Sign in' }).click();
  await expect(userMenuButton(page)).toBeVisible();
}

export async function signOutThroughMenu(page: Page): Promise<void> {
  await userMenuButton(page).click();
  await page.getByTestId('user-menu').getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.locator('#site-header').getByRole('button', { name: 'Sign in' })).toBeVisible();
}

/**
 * An account made through the API with the page's cookies (the browser is then signed in), for
 * specs about what comes after registration.
 */
export async function registerThroughApi(page: Page, account: { name: string; email: string; password: string }): Promise<number> {
  const before = outboxFiles();
  const sent = await page.request.post('/api/send-otp', { data: { email: account.email, purpose: 'register' } });
  expect(sent.status(), await sent.text()).toBe(200);
  const verified = await page.request.post('/api/verify-otp', {
    data: { email: account.email, otp: await readCode(account.email, before) },
  });
  expect(verified.status(), await verified.text()).toBe(200);
  const registered = await page.request.post('/api/user_register', {
    data: { name: account.name, email: account.email, password: account.password, c_password: account.password, user_type: 'customer' },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const body = (await registered.json()) as { data: { id: number } };
  return body.data.id;
}
