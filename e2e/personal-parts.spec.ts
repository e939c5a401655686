// The personal parts of the shared pages (docs/product.md#personal-parts): the cached pages are
// the same HTML for everyone, and the browser fills in the signed-in shopper's user menu from
// GET /api/session/me; a page after the first paints the kept look before that answer, without
// moving the header; sign-out forgets it.
import type { Page, Route } from '@playwright/test';
import { expect, signOutThroughMenu, userMenuButton } from './auth.helpers';
import { test } from './fixtures';

/** The header's layout shifts since the page started (PerformanceObserver's buffered entries). */
async function headerShift(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        const header = document.getElementById('site-header');
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as unknown as { value: number; sources?: { node?: Node | null }[] }[]) {
            if (entry.sources?.some((s) => s.node && header?.contains(s.node))) total += entry.value;
          }
          resolve(total);
        }).observe({ type: 'layout-shift', buffered: true });
        // No entry at all calls the observer never: answer after two frames.
        requestAnimationFrame(() => requestAnimationFrame(() => resolve(total)));
      }),
  );
}

test.use({ shopperName: 'Latifa Al Suwaidi' });

test('signed in, a cached page shows the shopper in the header once loaded', async ({ signedInPage: page, shopper }) => {
  await page.goto('/store');
  await expect(userMenuButton(page)).toBeVisible();
  await expect(userMenuButton(page)).toContainText('Latifa');
  await expect(page.locator('#site-header').getByRole('button', { name: 'Sign in' })).toBeHidden();
  await userMenuButton(page).click();
  const menu = page.getByTestId('user-menu');
  await expect(menu).toContainText(shopper.name);
  await expect(menu).toContainText(shopper.email);
});

test('the next page paints the kept look before the server answers, and the header does not move', async ({ signedInPage: page }) => {
  await page.goto('/');
  await expect(userMenuButton(page)).toContainText('Latifa');
  // Hold the next page's question: what shows meanwhile is the look kept by the last page.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/session/me*', async (route: Route) => {
    await held;
    await route.continue();
  });
  await page.goto('/top-sellings');
  await expect(userMenuButton(page)).toBeVisible();
  await expect(userMenuButton(page)).toContainText('Latifa');
  release();
  await page.waitForResponse('**/api/session/me*');
  await userMenuButton(page).click();
  await expect(page.getByTestId('user-menu')).toContainText('Latifa Al Suwaidi');
  expect(await headerShift(page)).toBe(0);
});

test('signing out forgets the look: the next page is the guest one from its first paint', async ({ signedInPage: page }) => {
  await page.goto('/');
  await expect(userMenuButton(page)).toContainText('Latifa');
  await signOutThroughMenu(page);
  expect(await page.evaluate(() => localStorage.getItem('account-look'))).toBeNull();
  await page.route('**/api/session/me*', (route) => route.abort());
  await page.goto('/new-arrival');
  await expect(page.locator('#site-header').getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expect(userMenuButton(page)).toBeHidden();
});

test('a guest keeps the guest header, and a session that ended turns a kept look back into it', async ({ page }) => {
  await page.goto('/');
  await page.evaluate(() => localStorage.setItem('account-look', JSON.stringify({ first: 'Stale', initial: 'S', picture: null })));
  await page.goto('/about');
  // The server says nobody is signed in: the guest look comes back and the kept one goes.
  await expect(page.locator('#site-header').getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expect(userMenuButton(page)).toBeHidden();
  expect(await page.evaluate(() => localStorage.getItem('account-look'))).toBeNull();
});
