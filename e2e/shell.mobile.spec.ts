// The page shell on a 390 px phone (docs/product.md#header, #page-shell, #messages): the menu
// drawer, the chat link that never covers the page, toasts below the header for the spec's time,
// and the newsletter field on its dark panel.
import type { Locator, Page } from '@playwright/test';
import { test } from './fixtures';
import { expect } from './auth.helpers';
import { seedGuestCart } from './cart.helpers';
import { expectNoSeriousViolations } from './axe.helpers';
import { nextFrames, scrollWindowTo, waitForIslands } from './helpers';
import { recordNextToast, recordedToast } from './toast.helpers';
import { NOTIFICATION_MS } from '../src/domain/constants';

// Generous: the shared test machine is slow, and some tests walk several pages.
test.describe.configure({ timeout: 120_000 });

const menuButton = (page: Page): Locator => page.locator('#site-header').getByRole('button', { name: 'Menu', exact: true });
const drawer = (page: Page): Locator => page.getByRole('dialog', { name: 'Menu' });

async function openDrawer(page: Page): Promise<Locator> {
  await menuButton(page).click();
  const dialog = drawer(page);
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Whether the drawer's <dialog> is open (a closed one is display: none, so not visible either). */
const drawerOpen = (page: Page) => page.locator('dialog#mobile-menu').evaluate((d: HTMLDialogElement) => d.open);

test.describe('the menu drawer', () => {
  test('opens as a labelled modal dialog with the ranges, categories, account, orders, wishlist and contact', async ({ page }) => {
    await page.goto('/store?product-type=office');
    await expect(menuButton(page)).toHaveAttribute('aria-expanded', 'false');
    const dialog = await openDrawer(page);
    await expect(menuButton(page)).toHaveAttribute('aria-expanded', 'true');
    await expect(dialog).toHaveAttribute('aria-modal', 'true');
    const nav = dialog.getByRole('navigation', { name: 'Main' });
    for (const name of [
      'Home',
      'Office Buddy',
      'Home Buddy',
      'All products',
      'Fire Safes',
      'Paper Shredders / Laminating / Binding machines',
    ])
      await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Fire Safes' })).toHaveAttribute('href', '/store?category=12');
    await expect(nav.getByRole('link', { name: 'Office Buddy' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await expect(nav.getByRole('button', { name: 'Create an account' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'My Orders' })).toHaveAttribute('href', '/orders');
    await expect(nav.getByRole('link', { name: 'Wishlist' })).toHaveAttribute('href', '/wishlist');
    await expect(nav.getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', '/contact');
    await expect(nav.getByRole('link', { name: 'Chat with us on WhatsApp' })).toHaveAttribute('href', /wa\.me|whatsapp/);
    // The drawer sits on the screen's start edge, full height, over the header.
    const box = (await dialog.locator('[data-menu-panel]').boundingBox())!;
    expect(box.x).toBe(0);
    expect(box.height).toBeGreaterThanOrEqual(844 - 1);
    expect(box.width).toBeLessThan(390);
  });

  test('focus moves in and is trapped; Escape closes it and focus returns to Menu', async ({ page }) => {
    await page.goto('/');
    const dialog = await openDrawer(page);
    const close = dialog.getByRole('button', { name: 'Close menu' });
    await expect(close).toBeFocused();
    const stops = await dialog.evaluate(
      (d) => [...d.querySelectorAll<HTMLElement>('a[href], button:not([disabled])')].filter((el) => el.getClientRects().length > 0).length,
    );
    expect(stops).toBeGreaterThan(15);
    // Tab through every stop: focus never leaves the drawer and comes back round to Close.
    for (let i = 0; i < stops; i++) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    }
    await expect(close).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await expect(dialog.getByRole('link', { name: 'FAQ' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(close).toBeFocused();

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(menuButton(page)).toBeFocused();
    await expect(menuButton(page)).toHaveAttribute('aria-expanded', 'false');
  });

  test('the close button and a tap outside the panel close it; the page behind does not scroll', async ({ page }) => {
    await page.goto('/');
    await scrollWindowTo(page, 600);
    let dialog = await openDrawer(page);
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe('hidden');
    await page.mouse.move(370, 500);
    await page.mouse.wheel(0, 900);
    await nextFrames(page);
    await nextFrames(page);
    expect(await page.evaluate(() => window.scrollY)).toBe(600);
    await dialog.getByRole('button', { name: 'Close menu' }).click();
    await expect(dialog).toBeHidden();
    await expect(menuButton(page)).toBeFocused();
    expect(await page.evaluate(() => window.scrollY)).toBe(600);

    dialog = await openDrawer(page);
    // The dimmed strip beside the panel is the backdrop.
    await page.touchscreen.tap(380, 420);
    await expect(dialog).toBeHidden();
    await expect(menuButton(page)).toBeFocused();
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).not.toBe('hidden');
  });

  test('a link navigates and the drawer is closed on the new page and back on the old one', async ({ page }) => {
    await page.goto('/');
    const dialog = await openDrawer(page);
    await dialog.getByRole('link', { name: 'Fire Safes' }).click();
    await expect(page).toHaveURL('/store?category=12');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await drawerOpen(page)).toBe(false);
    await expect(menuButton(page)).toHaveAttribute('aria-expanded', 'false');
    await page.goBack();
    await expect(page).toHaveURL('/');
    expect(await drawerOpen(page)).toBe(false);
    // The page scrolls again.
    await scrollWindowTo(page, 400);
    expect(await page.evaluate(() => window.scrollY)).toBe(400);
  });

  test('Sign in in the drawer closes it and opens the sign-in dialog', async ({ page }) => {
    await page.goto('/');
    const dialog = await openDrawer(page);
    await dialog.getByRole('button', { name: 'Sign in' }).click();
    await expect(dialog).toBeHidden();
    const login = page.getByRole('dialog', { name: /sign in|login/i });
    await expect(login).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(login).toBeHidden();
    await expect(menuButton(page)).toBeFocused();
  });

  test('signed in, it shows the shopper, Profile, My Orders and Logout, and passes axe', async ({ signedInPage: page, shopper }) => {
    await page.goto('/');
    const dialog = await openDrawer(page);
    await expect(dialog).toContainText(shopper.name);
    await expect(dialog).toContainText(shopper.email);
    await expect(dialog.getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/profile');
    await expect(dialog.getByRole('link', { name: 'My Orders' })).toHaveAttribute('href', '/orders');
    await expect(dialog.getByRole('button', { name: 'Sign in' })).toHaveCount(0);
    await expectNoSeriousViolations(page, 'menu drawer, signed in');
    await dialog.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL('/');
    await expect(page.locator('#site-header').getByRole('button', { name: 'Sign in' })).toBeVisible();
  });

  test('passes axe while open, signed out', async ({ page }) => {
    await page.goto('/store');
    await openDrawer(page);
    await expectNoSeriousViolations(page, 'menu drawer');
  });
});

test.describe('the menu without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('Menu goes to /menu, the same links as a page', async ({ page }) => {
    await page.goto('/');
    await menuButton(page).click();
    await expect(page).toHaveURL(/\/menu\??$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Menu' })).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'Menu' });
    for (const name of ['Office Buddy', 'Home Buddy', 'Fire Safes', 'My Orders', 'Wishlist', 'Contact Us'])
      await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
    await nav.getByRole('link', { name: 'Home Buddy' }).click();
    await expect(page).toHaveURL('/store?product-type=home');
  });
});

/**
 * The overlaps of the floating chat link with the page's controls at the scroll position now:
 * links, buttons, fields and the cart's total. None when the link is not shown.
 */
async function chatOverlaps(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const chat = document.querySelector<HTMLElement>('[data-testid="chat-with-seller"]');
    if (!chat || chat.getClientRects().length === 0) return [];
    const c = chat.getBoundingClientRect();
    const hits: string[] = [];
    const targets = document.querySelectorAll<HTMLElement>(
      'a[href], button, input:not([type="hidden"]), select, textarea, [data-testid="summary-total"]',
    );
    for (const el of targets) {
      if (el === chat || chat.contains(el) || el.getClientRects().length === 0) continue;
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      if (r.left < c.right && r.right > c.left && r.top < c.bottom && r.bottom > c.top)
        hits.push(
          `${el.tagName.toLowerCase()} "${(el.textContent || el.getAttribute('aria-label') || el.getAttribute('name') || '').trim().slice(0, 40)}"`,
        );
    }
    return hits;
  });
}

/** Checks the page at the top, at every screen down, and at the end. */
async function expectChatCoversNothing(page: Page, label: string): Promise<void> {
  const [height, screen] = await page.evaluate(() => [document.documentElement.scrollHeight - window.innerHeight, window.innerHeight]);
  const positions = [...Array.from({ length: Math.ceil(height! / screen!) }, (_, i) => i * screen!), height!];
  for (const y of positions) {
    await scrollWindowTo(page, y);
    expect(await chatOverlaps(page), `${label}, scrolled to ${y} px`).toEqual([]);
  }
}

test.describe('the floating chat link at 390 px', () => {
  test.describe.configure({ timeout: 180_000 });

  test('covers no link, button, field or total on the shop pages, and the chat stays reachable', async ({ page }) => {
    await seedGuestCart(page, [{ id: 16 }]);
    for (const path of [
      '/',
      '/store',
      '/store?q=safe',
      '/store?category=11',
      '/top-sellings',
      '/new-arrival',
      '/product/16',
      '/cart',
      '/contact',
      '/wishlist',
      '/faq',
      '/about',
      '/terms-and-conditions',
      '/menu',
    ]) {
      await page.goto(path);
      if (path === '/cart') {
        await waitForIslands(page);
        await expect(page.getByTestId('summary-total')).toBeVisible();
        await expect(page.getByRole('textbox', { name: /coupon/i })).toBeVisible();
      }
      await expectChatCoversNothing(page, path);
    }
    // The chat itself is one tap from the menu and in the footer.
    await page.goto('/');
    await expect(page.locator('footer').getByRole('link', { name: 'Chat with us on WhatsApp' })).toBeAttached();
    const dialog = await openDrawer(page);
    await expect(dialog.getByRole('link', { name: 'Chat with us on WhatsApp' })).toBeVisible();
  });

  test('covers nothing on the account pages', async ({ signedInPage: page, address, cartWithItems: _cart }) => {
    for (const path of ['/profile', '/orders', '/wishlist', '/cart']) {
      await page.goto(path);
      await waitForIslands(page);
      await expectChatCoversNothing(page, path);
    }
    // An order's own page, after a cash order.
    const placed = await page.request.post('/api/products/cash-delivery', { data: { address_id: address } });
    expect(placed.status(), await placed.text()).toBe(201);
    const orderId = ((await placed.json()) as { data: { order_id: number } }).data.order_id;
    await page.goto(`/order/${orderId}`);
    await waitForIslands(page);
    await expectChatCoversNothing(page, `/order/${orderId}`);
  });

  test('is absent during the checkout steps', async ({ signedInPage: page, address: _address, cartWithItems: _cart }) => {
    await page.goto('/cart');
    await expect(page.getByTestId('chat-with-seller')).toHaveCount(1);
    // (/checkout itself shows only with an order awaiting payment; the same rule hides it there.)
    for (const path of ['/cart/checkout-details', '/cart/choose-address', '/cart/save-address']) {
      await page.goto(path);
      await expect(page.getByTestId('chat-with-seller'), path).toHaveCount(0);
    }
  });
});

test.describe('toasts', () => {
  test('show below the header for the spec’s time', async ({ page }) => {
    await page.goto('/product/121');
    await waitForIslands(page);
    await scrollWindowTo(page, 300);
    await recordNextToast(page);
    await page.getByRole('button', { name: 'Add to cart' }).click();
    const log = await recordedToast(page);
    expect(log.text).toBe('Item added to the cart');
    expect(log.top).toBeGreaterThanOrEqual(log.headerBottom);
    expect(log.top - log.headerBottom).toBeLessThan(24);
    const shown = log.removed - log.added;
    expect(shown).toBeGreaterThanOrEqual(NOTIFICATION_MS - 50);
    expect(shown).toBeLessThan(NOTIFICATION_MS + 600);
  });
});

/** Relative luminance of a computed `rgb(…)`/`rgba(…)` colour (WCAG 2). */
function luminance(color: string): number {
  const [r, g, b] = (color.match(/[\d.]+/g) ?? [])
    .slice(0, 3)
    .map(Number)
    .map((v) => {
      const c = v / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
};
const opaque = (color: string) => !/rgba\(.*,\s*0\)$/.test(color) && color !== 'transparent';

test('the home newsletter field stands out on its dark panel, with a readable placeholder', async ({ page }) => {
  await page.goto('/');
  const input = page.locator('#newsletter-email');
  await input.scrollIntoViewIfNeeded();
  const colours = await input.evaluate((el) => {
    let panel = el.parentElement;
    while (panel && /rgba\(.*,\s*0\)$|transparent/.test(getComputedStyle(panel).backgroundColor)) panel = panel.parentElement;
    const style = getComputedStyle(el);
    return {
      field: style.backgroundColor,
      border: style.borderTopColor,
      borderWidth: style.borderTopWidth,
      text: style.color,
      placeholder: getComputedStyle(el, '::placeholder').color,
      panel: panel ? getComputedStyle(panel).backgroundColor : 'rgb(255, 255, 255)',
    };
  });
  expect(opaque(colours.field), `field background ${colours.field}`).toBe(true);
  expect(contrast(colours.field, colours.panel), 'field against the panel').toBeGreaterThanOrEqual(3);
  expect(opaque(colours.border), `border ${colours.border}`).toBe(true);
  expect(parseFloat(colours.borderWidth)).toBeGreaterThan(0);
  expect(contrast(colours.border, colours.panel), 'edge against the panel').toBeGreaterThanOrEqual(3);
  expect(contrast(colours.placeholder, colours.field), 'placeholder').toBeGreaterThanOrEqual(4.5);
  expect(contrast(colours.text, colours.field), 'typed text').toBeGreaterThanOrEqual(4.5);
});
