// The page shell on a desktop (1280 px) and a tablet (820 px) (docs/product.md#header,
// #page-shell, #messages); the phone's: shell.mobile.spec.ts.
import { test } from './fixtures';
import { expect } from './auth.helpers';
import { waitForIslands } from './helpers';
import { recordNextToast, recordedToast } from './toast.helpers';

// Generous: the shared test machine is slow.
test.describe.configure({ timeout: 180_000 });

test.describe('desktop, 1280 px', () => {
  test('no Menu button; the floating chat shows, and rests clear of the footer at the end', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('#site-header').getByRole('button', { name: 'Menu', exact: true })).toBeHidden();
    await expect(page.locator('#site-header').getByRole('navigation', { name: 'Main' })).toBeVisible();
    const chat = page.getByTestId('chat-with-seller');
    await expect(chat).toBeVisible();
    await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }));
    const overlaps = await page.evaluate(() => {
      const c = document.querySelector('[data-testid="chat-with-seller"]')!.getBoundingClientRect();
      return [...document.querySelectorAll('footer a, footer img, footer button')]
        .map((el) => el.getBoundingClientRect())
        .filter((r) => r.left < c.right && r.right > c.left && r.top < c.bottom && r.bottom > c.top).length;
    });
    expect(overlaps).toBe(0);
  });

  test('the floating chat is absent during the checkout steps', async ({ signedInPage: page, address: _address, cartWithItems: _cart }) => {
    for (const path of ['/cart/checkout-details', '/cart/choose-address', '/cart/save-address']) {
      await page.goto(path);
      await expect(page.getByTestId('chat-with-seller'), path).toHaveCount(0);
    }
  });

  test('a toast shows below the header and its top banner, not over them', async ({ page }) => {
    await page.goto('/product/121');
    await waitForIslands(page);
    await recordNextToast(page);
    await page.getByRole('button', { name: 'Add to cart' }).click();
    const toast = await recordedToast(page);
    expect(toast.text).toBe('Item added to the cart');
    // At the top of the page the header's bottom edge is below the top banner.
    expect(toast.headerBottom).toBeGreaterThan(100);
    expect(toast.top).toBeGreaterThanOrEqual(toast.headerBottom);
  });
});

test.describe('tablet, 820 px', () => {
  test.use({ viewport: { width: 820, height: 1180 } });

  test('Menu opens the drawer; no floating chat over the page', async ({ page }) => {
    await page.goto('/store');
    await expect(page.getByTestId('chat-with-seller')).toBeHidden();
    await page.locator('#site-header').getByRole('button', { name: 'Menu', exact: true }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await expect(drawer.getByRole('link', { name: 'All products' })).toHaveAttribute('aria-current', 'page');
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
  });
});
