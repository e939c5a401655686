// The back office's door in a real browser (docs/decisions/0033-back-office-staff.md): every /admin
// page, found by reading src/pages/admin/ (a new page is walked without touching this file), sends
// a guest and a signed-in customer to the staff sign-in and shows them nothing of any customer;
// every /api/admin route in the OpenAPI document answers a guest 401 and a customer 403; and a
// staff session is not a shopper's session on the shop's own pages.
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect, staffAccount } from './admin.fixtures';
import { signUpThroughApi, type Shopper } from './fixtures';
import { ACCOUNT_TEST_TIMEOUT_MS } from './auth.helpers';

const PAGES_DIR = path.resolve('src/pages/admin');
/** Open to anyone (the sign-in) or not a page (sign-out only takes a POST). */
const SKIPPED = new Set(['login.astro', 'logout.ts']);

/** The URL of every page file under src/pages/admin: index -> the folder, [param] -> 1. */
function adminPages(dir = PAGES_DIR): string[] {
  const urls: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      urls.push(...adminPages(full));
      continue;
    }
    const relative = path.relative(PAGES_DIR, full);
    if (SKIPPED.has(relative) || !/\.(astro|ts|md|mdx|html)$/.test(entry.name) || /\.test\.ts$/.test(entry.name)) continue;
    const route = relative
      .replace(/\.(astro|ts|md|mdx|html)$/, '')
      .split(path.sep)
      .map((segment) => segment.replace(/^\[\.\.\.\w+\]$/, '1/1').replace(/\[\w+\]/g, '1'))
      .filter((segment) => segment !== 'index')
      .join('/');
    urls.push(`/admin${route ? `/${route}` : ''}`);
  }
  return urls.sort();
}

const PAGES = adminPages();

/** What would betray a customer's data on a page: their e-mail and name, and any e-mail of the seeded staff. */
async function expectSignInOnly(page: Page, url: string, shopper: Shopper | null) {
  const response = await page.goto(url);
  expect(response?.status(), url).toBe(200);
  await expect(page, url).toHaveURL(new RegExp(`/admin/login\\?next=${encodeURIComponent(url).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  const text = await page.locator('body').innerText();
  expect(text, url).not.toContain('@');
  if (shopper) expect(text, url).not.toContain(shopper.name);
  // No menu of back-office sections for someone who is not staff.
  await expect(page.getByRole('navigation', { name: /^Back office/ })).toHaveCount(0);
}

test.describe('every /admin page', () => {
  test('the walk finds the pages (the dashboard, staff and the account at least)', () => {
    expect(PAGES).toEqual(expect.arrayContaining(['/admin', '/admin/staff', '/admin/account']));
    expect(PAGES).not.toContain('/admin/login');
  });

  test('a guest lands on the staff sign-in', async ({ page }) => {
    for (const url of PAGES) await expectSignInOnly(page, url, null);
  });

  test('a signed-in customer lands on the staff sign-in and sees no customer data', async ({ page }) => {
    test.setTimeout(ACCOUNT_TEST_TIMEOUT_MS);
    await page.goto('/about');
    const shopper = await signUpThroughApi(page, 'Walking Customer', 'admin-walk');
    // Signed in as a shopper indeed.
    expect((await page.request.get('/api/user/user-details')).status()).toBe(200);
    for (const url of PAGES) await expectSignInOnly(page, url, shopper);
  });
});

interface OpenApi {
  paths: Record<string, Record<string, unknown>>;
}

test.describe('every /api/admin route in the OpenAPI document', () => {
  async function adminRoutes(page: Page): Promise<{ method: string; url: string }[]> {
    const document = (await (await page.request.get('/api/openapi.json')).json()) as OpenApi;
    const routes = Object.entries(document.paths)
      .filter(([p]) => p.startsWith('/api/admin/'))
      .flatMap(([p, operations]) =>
        Object.keys(operations).map((method) => ({ method: method.toUpperCase(), url: p.replace(/\{\w+\}/g, '1') })),
      )
      .filter((r) => !(r.method === 'POST' && r.url === '/api/admin/auth/login'));
    expect(routes.length).toBeGreaterThan(5);
    return routes;
  }

  async function call(page: Page, route: { method: string; url: string }) {
    return route.method === 'GET' ? page.request.get(route.url) : page.request.post(route.url, { data: {} });
  }

  test('answers a guest 401', async ({ page }) => {
    for (const route of await adminRoutes(page)) {
      const answer = await call(page, route);
      expect(answer.status(), `${route.method} ${route.url}`).toBe(401);
    }
  });

  test('answers a signed-in customer 403', async ({ page }) => {
    test.setTimeout(ACCOUNT_TEST_TIMEOUT_MS);
    await page.goto('/about');
    await signUpThroughApi(page, 'Calling Customer', 'admin-api-walk');
    for (const route of await adminRoutes(page)) {
      const answer = await call(page, route);
      expect(answer.status(), `${route.method} ${route.url}`).toBe(403);
    }
  });
});

test.describe('a staff session is not a shopper session', () => {
  test("the staff cookie, or its token in the shopper's cookie, opens no shopper-only page", async ({ page, baseURL }) => {
    const admin = staffAccount('admin');
    await page.context().addCookies([{ name: 'staff_session', value: admin.token!, url: baseURL!, httpOnly: true, sameSite: 'Strict' }]);
    // The staff session works where it belongs...
    expect((await page.request.get('/api/admin/auth/me')).status()).toBe(200);
    // ...and the shop treats its holder as a guest.
    // A guest is sent to the shop's sign-in (the dialog then tidies the address bar).
    for (const url of ['/profile', '/orders']) expect((await page.goto(url))?.url(), url).toMatch(/\/\?login=1/);
    expect((await page.request.get('/api/user/user-details')).status()).toBe(401);
    await page.context().addCookies([{ name: 'session', value: admin.token!, url: baseURL!, httpOnly: true, sameSite: 'Lax' }]);
    expect((await page.goto('/profile'))?.url()).toMatch(/\/\?login=1/);
    expect((await page.request.get('/api/user/user-details')).status()).toBe(401);
  });
});
