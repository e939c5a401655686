// Shopping with the keyboard only: Tab to the header's live search, type, pick a result with
// the arrow keys and Enter, add the product to the cart and reach /cart. No mouse clicks and
// no programmatic focus, so a control that cannot be reached or used this way fails the test.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { waitForIslands } from './helpers';

/** Presses Tab (at most `max` times) until `target` has focus. */
async function tabTo(page: Page, target: Locator, max = 80): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target, `reachable with Tab within ${max} presses`).toBeFocused();
}

test('search, open a result, add it to the cart and go to the cart with the keyboard only', async ({ page }) => {
  await page.goto('/');
  await waitForIslands(page);

  const search = page.locator('#header-search');
  await tabTo(page, search);
  await page.keyboard.type('fireguard');
  const listbox = page.locator('#header-search-list');
  await expect(listbox.getByRole('option').first()).toBeVisible();
  await expect(search).toHaveAttribute('aria-expanded', 'true');

  // Arrow down twice highlights the second result (the combobox keeps focus).
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  const chosen = listbox.getByRole('option').nth(1);
  await expect(chosen).toHaveAttribute('aria-selected', 'true');
  await expect(search).toHaveAttribute('aria-activedescendant', (await chosen.getAttribute('id'))!);
  await expect(search).toBeFocused();
  const href = (await chosen.getAttribute('href'))!;
  const name = ((await chosen.locator('[data-live-name]').textContent()) ?? '').trim();
  expect(href).toMatch(/^\/product\/\d+$/);

  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  await waitForIslands(page);

  const add = page.getByRole('button', { name: 'Add to cart' });
  await tabTo(page, add);
  await page.keyboard.press('Enter');
  const goToCart = page.getByRole('link', { name: 'Go to cart' });
  // Focus follows the swap from Add to cart to Go to cart.
  await expect(goToCart).toBeFocused();
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(/\/cart$/);
  await waitForIslands(page);
  await expect(page.getByTestId('cart-line')).toHaveCount(1);
  await expect(page.getByTestId('cart-line-name')).toHaveText(name);
});
