// Every dialog keeps keyboard focus inside while open (a whole Tab cycle and a whole Shift+Tab
// cycle never leave it, so both wrap-arounds are covered), closes on Escape, and gives focus
// back to the control that opened it.
import { test, type Locator, type Page } from '@playwright/test';
import { expect, forgotDialog, loginDialog, openSignIn, registerDialog } from './auth.helpers';
import { seedGuestCart } from './cart.helpers';
import { waitForIslands } from './helpers';

interface Focus {
  inside: boolean;
  key: string;
  what: string;
}

/** Where focus is now: inside `dialog` or not, a stable key for the element, and a description. */
async function focusOf(dialog: Locator): Promise<Focus> {
  return dialog.evaluate((root) => {
    const el = document.activeElement;
    if (!(el instanceof HTMLElement) || el === document.body)
      return { inside: false, key: 'body', what: 'the page body (focus left the document)' };
    el.dataset.focusKey ??= Math.random().toString(36).slice(2);
    const what = `<${el.tagName.toLowerCase()}> "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}"`;
    return { inside: root.contains(el) && el !== root, key: el.dataset.focusKey, what };
  });
}

/**
 * Presses `key` until focus is back where it started, failing if it ever leaves the dialog;
 * answers the elements visited in order (the start last).
 */
async function cycle(page: Page, dialog: Locator, key: 'Tab' | 'Shift+Tab'): Promise<string[]> {
  const start = await focusOf(dialog);
  expect(start.inside, `focus starts inside the dialog, not on ${start.what}`).toBe(true);
  const visited: string[] = [];
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press(key);
    const now = await focusOf(dialog);
    expect(now.inside, `${key} #${i + 1} left the dialog: focus on ${now.what}`).toBe(true);
    visited.push(now.key);
    if (now.key === start.key) return visited;
  }
  throw new Error(`${key} never came back to where it started within 40 presses`);
}

/** Tab and Shift+Tab both go round the dialog, and one is the other reversed. */
async function expectFocusTrapped(page: Page, dialog: Locator): Promise<void> {
  const forward = await cycle(page, dialog, 'Tab');
  expect(forward.length, 'more than one element to tab between').toBeGreaterThan(1);
  const backward = await cycle(page, dialog, 'Shift+Tab');
  // Both lists end at the start; the rest of the backward list is the forward one reversed.
  expect(backward.slice(0, -1)).toEqual(forward.slice(0, -1).reverse());
}

async function expectEscapeCloses(page: Page, dialog: Locator, opener: Locator): Promise<void> {
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
}

const headerSignIn = (page: Page) => page.locator('#site-header').getByRole('button', { name: 'Sign in' });

test.describe('dialogs trap focus and close on Escape', () => {
  test('sign-in dialog, opened from the header', async ({ page }) => {
    await page.goto('/');
    await waitForIslands(page);
    const dialog = await openSignIn(page);
    await expect(dialog.getByLabel('Email')).toBeFocused();
    await expectFocusTrapped(page, dialog);
    await expectEscapeCloses(page, dialog, headerSignIn(page));
  });

  test('sign-in dialog opened with the keyboard', async ({ page }) => {
    await page.goto('/');
    await waitForIslands(page);
    await headerSignIn(page).focus();
    await page.keyboard.press('Enter');
    const dialog = loginDialog(page);
    await expect(dialog.getByLabel('Email')).toBeFocused();
    await expectFocusTrapped(page, dialog);
    await expectEscapeCloses(page, dialog, headerSignIn(page));
  });

  test('register dialog', async ({ page }) => {
    await page.goto('/');
    await waitForIslands(page);
    const signIn = await openSignIn(page);
    await signIn.getByRole('button', { name: 'Create an account' }).click();
    const dialog = registerDialog(page);
    await expect(dialog.getByLabel('Full name')).toBeFocused();
    await expectFocusTrapped(page, dialog);
    // The sign-in dialog it came from is gone: focus goes back to the header's Sign in.
    await expectEscapeCloses(page, dialog, headerSignIn(page));
  });

  test('forgot-password dialog', async ({ page }) => {
    await page.goto('/');
    await waitForIslands(page);
    const signIn = await openSignIn(page);
    await signIn.getByRole('button', { name: 'Forgot password?' }).click();
    const dialog = forgotDialog(page);
    await expect(dialog.getByLabel('Email')).toBeFocused();
    await expectFocusTrapped(page, dialog);
    await expectEscapeCloses(page, dialog, headerSignIn(page));
  });

  test("the cart's Select coupon popup", async ({ page }) => {
    await seedGuestCart(page, [{ id: 16 }]);
    await page.goto('/cart');
    await waitForIslands(page);
    const opener = page.getByRole('button', { name: 'Select coupon' });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'Select coupon' });
    await expect(dialog.getByTestId('coupon-option').first()).toBeVisible();
    await expect(dialog.getByRole('searchbox')).toBeFocused();
    await expectFocusTrapped(page, dialog);
    await expectEscapeCloses(page, dialog, opener);
  });

  test("the product gallery's full-screen viewer", async ({ page }) => {
    await page.goto('/product/16');
    await waitForIslands(page);
    const opener = page.getByRole('button', { name: 'Open full-screen image' });
    await opener.focus();
    await page.keyboard.press('Enter');
    const dialog = page.locator('dialog[data-gallery-viewer]');
    await expect(dialog).toBeVisible();
    await expectFocusTrapped(page, dialog);
    await expectEscapeCloses(page, dialog, opener);
  });
});
