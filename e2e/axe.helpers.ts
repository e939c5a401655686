// Accessibility checks with axe-core (WCAG 2.0/2.1, A and AA), failing on serious and critical
// violations with a list a person can act on. The pages and their set-up live here, so the
// desktop and the 390 px specs check the same things.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import {
  ACCOUNT_TEST_TIMEOUT_MS,
  PASSWORD,
  expect as accountExpect,
  forgotDialog,
  openSignIn,
  registerDialog,
  registerThroughApi,
  uniqueEmail,
} from './auth.helpers';
import { seedGuestCart } from './cart.helpers';
import { waitForIslands } from './helpers';
import { addAddressThroughApi, addToServerCart, signUpThroughApi } from './fixtures';

export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const BLOCKING = new Set(['serious', 'critical']);

interface Violation {
  id: string;
  impact?: string | null;
  help: string;
  helpUrl: string;
  nodes: { target: unknown[]; any: { message: string }[]; all: { message: string }[]; none: { message: string }[] }[];
}

/** One paragraph per violation: impact, rule, help, then each element's selector and why it fails. */
export function describeViolations(violations: Violation[]): string {
  return violations
    .map((v) => {
      const nodes = v.nodes
        .map((n) => {
          const selector = n.target.map((t) => (Array.isArray(t) ? t.join(' >>> ') : String(t))).join(' | ');
          // The first message says why, e.g. the two colours and the ratio of a contrast failure.
          const why = [...n.any, ...n.all, ...n.none][0]?.message;
          return `    - ${selector}${why ? `\n      ${why}` : ''}`;
        })
        .join('\n');
      return `[${v.impact}] ${v.id}: ${v.help} (${v.helpUrl})\n${nodes}`;
    })
    .join('\n\n');
}

/** Runs axe on the page as it is now and fails on serious or critical violations. */
export async function expectNoSeriousViolations(page: Page, label: string): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  const blocking = violations.filter((v) => BLOCKING.has(v.impact ?? ''));
  expect(blocking.length, `${label}: serious or critical accessibility violations\n\n${describeViolations(blocking)}\n`).toBe(0);
}

/** Seed products with plenty of stock, so parallel tests do not run out. */
const BOARD_ID = 121;
const POUCHES_ID = 98;
const ADDRESS = {
  name: 'Mariam Al Hashimi',
  phone: '0501234567',
  pincode: '12345',
  flat_building: 'Flat 402, Palm Views',
  address: 'Sheikh Zayed Road',
  locality: 'Al Barsha',
  land_mark: 'Near the metro',
  city: 'Dubai',
  state: 'Dubai',
  address_type: 'Home',
};

/**
 * A signed-in shopper (the page's cookies) with a delivery address, one cash-on-delivery order
 * and one product in the cart, as the checkout and orders specs set them up.
 */
export async function shopperWithOrder(page: Page): Promise<void> {
  await page.goto('/about');
  await signUpThroughApi(page, ADDRESS.name, 'a11y');
  const addressId = await addAddressThroughApi(page, ADDRESS);
  await addToServerCart(page, POUCHES_ID);
  const placed = await page.request.post('/api/products/cash-delivery', { data: { address_id: addressId } });
  expect(placed.status(), await placed.text()).toBe(201);
  await addToServerCart(page, BOARD_ID);
}

export interface A11yPage {
  name: string;
  path: string;
  /** Runs before the page is opened (sign-in, cart). */
  setup?: (page: Page) => Promise<void>;
  /** What shows the page is ready to check. */
  ready: (page: Page) => Promise<void>;
}

const heading = (name: string | RegExp) => async (page: Page) => {
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
};

export const A11Y_PAGES: A11yPage[] = [
  { name: 'home', path: '/', ready: async (page) => expect(page.locator('main')).toBeVisible() },
  { name: 'store', path: '/store', ready: async (page) => expect(page.getByTestId('product-grid')).toBeVisible() },
  { name: 'product', path: '/product/16', ready: heading(/HomeShield Fire Safe HS-28/) },
  {
    name: 'cart with an item',
    path: '/cart',
    setup: (page) => seedGuestCart(page, [{ id: 16 }]),
    ready: async (page) => expect(page.getByTestId('cart-line')).toHaveCount(1),
  },
  {
    name: 'checkout details',
    path: '/cart/checkout-details',
    setup: shopperWithOrder,
    ready: async (page) => accountExpect(page.getByTestId('address-card')).toBeVisible(),
  },
  {
    name: 'orders',
    path: '/orders',
    setup: shopperWithOrder,
    ready: async (page) => expect(page.getByTestId('order-card')).toHaveCount(1),
  },
  { name: 'contact', path: '/contact', ready: heading('Talk to Buddy') },
];

/** Opens the page, waits for its islands and content, and checks it. */
export async function checkPage(page: Page, target: A11yPage): Promise<void> {
  await target.setup?.(page);
  await page.goto(target.path);
  await waitForIslands(page);
  await target.ready(page);
  await expectNoSeriousViolations(page, target.name);
}

/** The sign-in dialog opened from the header, then the register dialog it links to. */
export async function checkAccountDialogs(page: Page): Promise<void> {
  await page.goto('/');
  await waitForIslands(page);
  const signIn = await openSignIn(page);
  await expectNoSeriousViolations(page, 'sign-in dialog');
  await signIn.getByRole('button', { name: 'Create an account' }).click();
  await accountExpect(registerDialog(page)).toBeVisible();
  await expectNoSeriousViolations(page, 'register dialog');
}

/** The forgot-password dialog, opened from the sign-in dialog. */
export async function checkForgotDialog(page: Page): Promise<void> {
  await page.goto('/');
  await waitForIslands(page);
  const signIn = await openSignIn(page);
  await signIn.getByRole('button', { name: 'Forgot password?' }).click();
  await accountExpect(forgotDialog(page)).toBeVisible();
  await expectNoSeriousViolations(page, 'forgot-password dialog');
}

/** The cart's 'Select coupon' popup, with its list loaded. */
export async function checkCouponPicker(page: Page): Promise<void> {
  await seedGuestCart(page, [{ id: 16 }]);
  await page.goto('/cart');
  await waitForIslands(page);
  await page.getByRole('button', { name: 'Select coupon' }).click();
  await expect(page.getByTestId('coupon-option').first()).toBeVisible();
  await expectNoSeriousViolations(page, 'coupon picker');
}

/** The product gallery's full-screen viewer (a native <dialog>). */
export async function checkGalleryViewer(page: Page): Promise<void> {
  await page.goto('/product/16');
  await page.getByRole('button', { name: 'Open full-screen image' }).click();
  await expect(page.locator('dialog[data-gallery-viewer]')).toBeVisible();
  await expectNoSeriousViolations(page, 'gallery viewer');
}

/** The Reviews tab as a signed-in shopper sees it, and the Write a Review dialog showing its errors. */
export async function checkReviewDialog(page: Page): Promise<void> {
  await page.goto('/about');
  await registerThroughApi(page, { name: 'Reem Reviewer', email: uniqueEmail('a11y-review'), password: PASSWORD });
  await page.goto('/product/16');
  await page.getByRole('tab', { name: /^Reviews/ }).click();
  await expectNoSeriousViolations(page, 'reviews tab, signed in');
  await page.getByRole('button', { name: 'Write a Review', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Write a Review' });
  await dialog.getByRole('button', { name: 'Submit review' }).click();
  await expect(dialog.getByText('Please add rating')).toBeVisible();
  await expectNoSeriousViolations(page, 'Write a Review dialog with its errors');
}

/** The whole set of accessibility checks, declared once for each screen size's spec. */
export function describeAccessibilityChecks(title: string): void {
  test.describe(title, () => {
    test.describe.configure({ timeout: ACCOUNT_TEST_TIMEOUT_MS });

    for (const target of A11Y_PAGES) {
      test(`${target.name} (${target.path})`, async ({ page }) => checkPage(page, target));
    }

    test('sign-in and register dialogs', async ({ page }) => checkAccountDialogs(page));
    test('forgot-password dialog', async ({ page }) => checkForgotDialog(page));
    test('coupon picker on the cart', async ({ page }) => checkCouponPicker(page));
    test('product gallery viewer', async ({ page }) => checkGalleryViewer(page));
    test('reviews tab and the Write a Review dialog', async ({ page }) => checkReviewDialog(page));
  });
}
