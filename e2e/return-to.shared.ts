// Sign-in returns the shopper where they were going (docs/product.md#after-sign-in,
// docs/decisions/0031-return-after-sign-in.md), the contact form prefilled from the session and
// the e-mail typed in Sign in carried into Forgot password (docs/product.md#contact,
// #account-dialogs). The same journeys at 1280 px (return-to.spec.ts) and 390 px
// (return-to.mobile.spec.ts).
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import {
  ACCOUNT_TEST_TIMEOUT_MS,
  PASSWORD,
  forgotDialog,
  loginDialog,
  otpDialog,
  outboxFiles,
  readCode,
  registerDialog,
  registerThroughApi,
  typeCode,
  uniqueEmail,
} from './auth.helpers';
import { SMALL_BOARD, seedGuestCart } from './cart.helpers';
import { waitForIslands } from './helpers';

/** A product whose reviews no spec writes to: only its dialog is opened here. */
const REVIEWED = { id: 2, name: 'Ironclad FireGuard 60 Fire Safe FG-45S' };

/** An account that exists, with the browser signed out (its cookies cleared). */
async function existingAccount(page: Page, name = 'Hind Al Falasi'): Promise<string> {
  const email = uniqueEmail('return');
  await registerThroughApi(page, { name, email, password: PASSWORD });
  await page.context().clearCookies();
  return email;
}

/** Signs in through the dialog already open on the page (it does not reload by itself). */
async function signInHere(page: Page, email: string): Promise<void> {
  const dialog = loginDialog(page);
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password').fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Sign in' }).click();
}

/** The guest asked for `path`: the home page with the sign-in dialog, the address bar cleaned. */
async function sentToSignIn(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(loginDialog(page)).toBeVisible();
  await expect(page).toHaveURL((url) => url.pathname === '/' && url.search === '');
}

/**
 * Signing in hashes the password (seconds on a busy machine) and then loads the next page:
 * what follows it waits longer than the account specs' usual wait.
 */
const AFTER_SIGN_IN = { timeout: 90_000 };
/** An account made through the API, a sign-in through the dialog and a page load or two. */
const JOURNEY_TIMEOUT_MS = 240_000;

const contactForm = (page: Page) => page.locator('[data-contact-form]');

export function returnToTests(options: { hostile: string[] }): void {
  test.describe('sign-in returns the shopper where they were going', () => {
    test.describe.configure({ timeout: JOURNEY_TIMEOUT_MS });

    test('a guest who opens /orders signs in and lands on /orders', async ({ page }) => {
      const email = await existingAccount(page);
      await sentToSignIn(page, '/orders');
      await signInHere(page, email);
      await expect(page).toHaveURL((url) => url.pathname === '/orders', AFTER_SIGN_IN);
      await expect(page.getByRole('heading', { level: 1, name: 'Your Orders' })).toBeVisible();
    });

    test('a guest who opens /profile signs in and lands on /profile', async ({ page }) => {
      const email = await existingAccount(page, 'Salem Al Nuaimi');
      await sentToSignIn(page, '/profile');
      await signInHere(page, email);
      await expect(page).toHaveURL((url) => url.pathname === '/profile', AFTER_SIGN_IN);
      await expect(page.getByRole('heading', { level: 1, name: 'My profile' })).toBeVisible();
      await expect(page.locator('main').getByLabel('Full name')).toHaveValue('Salem Al Nuaimi');
    });

    test('a guest who opens /orders creates an account (with the e-mailed code) and lands on /orders', async ({ page }) => {
      const email = uniqueEmail('return-register');
      await sentToSignIn(page, '/orders?status=delivered');
      await loginDialog(page).getByRole('button', { name: 'Create an account' }).click();
      const dialog = registerDialog(page);
      await dialog.getByLabel('Full name').fill('Noura Al Shamsi');
      await dialog.getByLabel('Email').fill(email);
      const before = outboxFiles();
      await dialog.getByRole('button', { name: 'Verify' }).click();
      const otp = otpDialog(page);
      await expect(otp).toBeVisible();
      await typeCode(otp, await readCode(email, before));
      await otp.getByRole('button', { name: 'Verify' }).click();
      await expect(dialog.getByText('Verified', { exact: true })).toBeVisible();
      await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await dialog.getByLabel('Confirm password').fill(PASSWORD);
      await dialog.getByRole('button', { name: 'Create account' }).click();
      await expect(page).toHaveURL((url) => url.pathname === '/orders' && url.searchParams.get('status') === 'delivered', AFTER_SIGN_IN);
      await expect(page.getByRole('heading', { level: 1, name: 'Your Orders' })).toBeVisible();
    });

    test('a guest who opens checkout details (cash on delivery) signs in and lands there, query kept', async ({ page }) => {
      const email = await existingAccount(page);
      await sentToSignIn(page, '/cart/checkout-details?payment=cash_on_delivery');
      await signInHere(page, email);
      await expect(page).toHaveURL(
        (url) => url.pathname === '/cart/checkout-details' && url.searchParams.get('payment') === 'cash_on_delivery',
        AFTER_SIGN_IN,
      );
      await expect(page.getByRole('heading', { level: 1, name: 'Checkout details' })).toBeVisible();
    });

    test("the cart's Continue to checkout: a guest signs in and goes on to checkout details with the cart", async ({ page }) => {
      const email = await existingAccount(page);
      await seedGuestCart(page, [{ id: SMALL_BOARD.id }]);
      await page.goto('/cart');
      await waitForIslands(page);
      await page.getByTestId('cart-summary').getByRole('button', { name: 'Continue to checkout' }).click();
      await signInHere(page, email);
      await expect(page).toHaveURL((url) => url.pathname === '/cart/checkout-details', AFTER_SIGN_IN);
      await expect(page.getByRole('heading', { level: 1, name: 'Checkout details' })).toBeVisible();
      await expect(page.locator('main')).toContainText(SMALL_BOARD.name);
    });

    test("'Log in to write a review': back on the product with the Write a Review dialog open", async ({ page }) => {
      const email = await existingAccount(page, 'Khalid Al Marri');
      await page.goto(`/product/${REVIEWED.id}`);
      await page.getByRole('tab', { name: /^Reviews/ }).click();
      await page.getByRole('button', { name: 'Log in to write a review' }).click();
      await signInHere(page, email);
      const review = page.getByRole('dialog', { name: 'Write a Review' });
      await expect(review).toBeVisible(AFTER_SIGN_IN);
      await expect(page).toHaveURL((url) => url.pathname === `/product/${REVIEWED.id}` && url.hash === '#write-review');
      await expect(review).toContainText(REVIEWED.name);
      await expect(page.getByRole('tab', { name: /^Reviews/ })).toHaveAttribute('aria-selected', 'true');
      // Closed, the hash goes: a reload does not open it again.
      await review.getByRole('button', { name: 'Cancel' }).click();
      await expect(review).toBeHidden();
      await expect(page).toHaveURL((url) => url.pathname === `/product/${REVIEWED.id}` && url.hash === '');
    });

    for (const hostile of options.hostile) {
      test(`a hostile return path (${hostile}) lands on the home page`, async ({ page }) => {
        const email = await existingAccount(page);
        await page.goto(`/?login=1&next=${encodeURIComponent(hostile)}`);
        await expect(page).toHaveURL((url) => url.pathname === '/' && url.search === '');
        await signInHere(page, email);
        // Signed in, and still on this shop's home page.
        await expect(page.locator('#site-header [data-user-menu-button]')).toBeVisible(AFTER_SIGN_IN);
        await expect(loginDialog(page)).toBeHidden();
        await expect(page).toHaveURL((url) => /^127\.0\.0\.1:\d+$/.test(url.host) && url.pathname === '/' && url.search === '');
      });
    }
  });

  test.describe('the contact form and the forgot-password e-mail', () => {
    test.describe.configure({ timeout: ACCOUNT_TEST_TIMEOUT_MS });
    test("a signed-in shopper's contact form is prefilled from the session, still editable", async ({
      signedInPage: page,
      shopper,
      address,
    }) => {
      expect(address).toBeGreaterThan(0);
      // A query cannot fill it with anything else.
      await page.goto('/contact?email=someone.else%40example.ae&first_name=Mallory');
      const form = contactForm(page);
      await expect(form.getByLabel('First name')).toHaveValue('Aisha');
      await expect(form.getByLabel('Last name')).toHaveValue('Al Mansoori');
      await expect(form.getByLabel('E-mail', { exact: true })).toHaveValue(shopper.email);
      await expect(form.getByLabel('Phone number')).toHaveValue('0501234567');
      await expect(form.getByLabel('Message', { exact: true })).toHaveValue('');
      await form.getByLabel('First name').fill('Aisha M.');
      await expect(form.getByLabel('First name')).toHaveValue('Aisha M.');
    });

    test("a guest's contact form starts empty", async ({ page }) => {
      await page.goto('/contact?email=someone%40example.ae');
      const form = contactForm(page);
      for (const label of ['First name', 'Last name', 'Phone number']) await expect(form.getByLabel(label)).toHaveValue('');
      await expect(form.getByLabel('E-mail', { exact: true })).toHaveValue('');
    });

    test('the e-mail typed in Sign in carries into Forgot password, and back', async ({ page }) => {
      await page.goto('/?login=1');
      const signIn = loginDialog(page);
      await signIn.getByLabel('Email').fill('  Reem.Ali@example.ae ');
      await signIn.getByRole('button', { name: 'Forgot password?' }).click();
      const forgot = forgotDialog(page);
      await expect(forgot).toBeVisible();
      await expect(forgot.getByLabel('Email')).toHaveValue('Reem.Ali@example.ae');
      await forgot.getByLabel('Email').fill('reem@example.ae');
      await forgot.getByRole('button', { name: /Back to sign in/ }).click();
      await expect(loginDialog(page).getByLabel('Email')).toHaveValue('reem@example.ae');
    });
  });
}
