// The account dialogs and the user menu on a 390 px phone.
import { test } from '@playwright/test';
import { pageWidths } from './helpers';
import {
  PASSWORD,
  openSignIn,
  registerDialog,
  registerThroughApi,
  signOutThroughMenu,
  uniqueEmail,
  userMenuButton,
  ACCOUNT_TEST_TIMEOUT_MS,
  expect,
} from './auth.helpers';

test.describe('account dialogs on a phone', () => {
  test.describe.configure({ timeout: ACCOUNT_TEST_TIMEOUT_MS });

  test('the sign-in and register dialogs fit the screen', async ({ page }) => {
    await page.goto('/');
    const signIn = await openSignIn(page);
    const viewport = page.viewportSize()!;
    const box = (await signIn.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
    await expect(signIn.getByRole('button', { name: 'Sign in' })).toBeInViewport();

    await signIn.getByRole('button', { name: 'Create an account' }).click();
    const register = registerDialog(page);
    await expect(register).toBeVisible();
    const registerBox = (await register.boundingBox())!;
    expect(registerBox.x + registerBox.width).toBeLessThanOrEqual(viewport.width);
    await expect(register.getByRole('button', { name: 'Verify' })).toBeInViewport();
    const widths = await pageWidths(page);
    expect(widths.scrollWidth).toBeLessThanOrEqual(widths.innerWidth);
  });

  test('the user menu opens, closes with Escape and logs out', async ({ page }) => {
    await registerThroughApi(page, { name: 'Hessa Saeed', email: uniqueEmail('mobile'), password: PASSWORD });
    await page.goto('/');
    const button = userMenuButton(page);
    await expect(button).toBeVisible();
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await button.click();
    const menu = page.getByTestId('user-menu');
    await expect(menu).toBeVisible();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    const box = (await menu.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()!.width);
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(button).toBeFocused();
    await signOutThroughMenu(page);
  });
});
