// Header at phone width (390 px): the menu drawer's ranges and the search box under the bar
// (the drawer itself: shell.mobile.spec.ts).
import { expect, test } from '@playwright/test';
import { cardNames } from './helpers';

test.describe('mobile header', () => {
  test.describe.configure({ timeout: 60_000 });

  test('the menu opens with Home, Office Buddy and Home Buddy and marks the current one', async ({ page }) => {
    await page.goto('/');
    const header = page.locator('#site-header');
    const menuButton = header.getByRole('button', { name: 'Menu', exact: true });
    await expect(menuButton).toBeVisible();
    // Contact Us is in the drawer, not the bar.
    await expect(header.getByRole('link', { name: 'Contact Us' })).toHaveCount(0);
    const nav = page.getByRole('dialog', { name: 'Menu' }).getByRole('navigation', { name: 'Main' });
    await expect(nav).toBeHidden();
    await menuButton.click();
    await expect(nav).toBeVisible();
    await expect(nav.getByRole('list').first().getByRole('link')).toHaveText(['Home', 'Office Buddy', 'Home Buddy', 'All products']);
    await expect(nav.getByRole('link', { name: 'Home', exact: true })).toHaveAttribute('aria-current', 'page');

    await nav.getByRole('link', { name: 'Office Buddy' }).click();
    await expect(page).toHaveURL('/store?product-type=office');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Office Buddy');
    await menuButton.click();
    await expect(nav.getByRole('link', { name: 'Office Buddy' })).toHaveAttribute('aria-current', 'page');
    await nav.getByRole('link', { name: 'Home Buddy' }).click();
    await expect(page).toHaveURL('/store?product-type=home');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Home Buddy');
    await menuButton.click();
    await nav.getByRole('link', { name: 'Home', exact: true }).click();
    await expect(page).toHaveURL('/');
  });

  test('the search box is visible and searches', async ({ page }) => {
    await page.goto('/');
    const box = page.locator('#site-header').getByRole('combobox', { name: 'Search' });
    await expect(box).toHaveCount(1); // only the phone one is shown
    await expect(box).toBeVisible();
    await expect(box).toBeInViewport();
    await box.fill('shreder');
    await page.locator('#site-header').getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL('/store?q=shreder');
    const names = await cardNames(page);
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) expect(name).toContain('Shredder');
  });

  test('the desktop-only top banner is not shown', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('#top-banner')).toBeHidden();
    await expect(page.locator('#site-header').getByRole('link', { name: 'Cart' })).toBeVisible();
    await expect(page.locator('#site-header').getByRole('link', { name: 'Wishlist' })).toBeVisible();
  });
});
