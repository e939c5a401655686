// The Content Security Policy (astro.config.ts): every page answers with one, scripts run only
// from the shop itself or by hash, and nothing the shop does itself is blocked by it: the main
// pages, their dialogs and islands, the payment step, and the idle-loaded live chat.
import { expect, test, type Page } from '@playwright/test';
import { ACCOUNT_TEST_TIMEOUT_MS } from './auth.helpers';
import { A11Y_PAGES, shopperWithOrder } from './axe.helpers';
import { waitForIslands } from './helpers';

declare global {
  interface Window {
    __cspViolations: string[];
    __liveChatLoaded?: boolean;
  }
}

/** Collects every CSP violation the page reports, from its first script on. */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      window.__cspViolations.push(`${e.effectiveDirective} blocked ${e.blockedURI || 'inline'} (${e.sourceFile}:${e.lineNumber})`);
    });
  });
  const fromConsole: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) fromConsole.push(message.text());
  });
  return async () => [...(await page.evaluate(() => window.__cspViolations)), ...fromConsole];
}

test.describe.configure({ timeout: ACCOUNT_TEST_TIMEOUT_MS });

test('every page answers with a policy that allows scripts only from the shop or by hash', async ({ page }) => {
  for (const path of ['/', '/store', '/product/16', '/contact', '/cart', '/no-such-page']) {
    const response = await page.request.get(path);
    const policy = response.headers()['content-security-policy'] ?? '';
    const scriptSrc =
      policy
        .split(';')
        .map((d) => d.trim())
        .find((d) => d.startsWith('script-src ')) ?? '';
    expect(scriptSrc, path).toContain("'self'");
    expect(scriptSrc, path).toMatch(/'sha256-[A-Za-z0-9+/=]+'/);
    expect(scriptSrc, path).not.toContain("'unsafe-inline'");
    expect(scriptSrc, path).not.toContain("'unsafe-eval'");
    expect(policy, path).toContain("object-src 'none'");
    expect(policy, path).toContain("base-uri 'self'");
  }
});

for (const target of A11Y_PAGES) {
  test(`nothing is blocked on ${target.name} (${target.path})`, async ({ page }) => {
    const violations = await watchViolations(page);
    await target.setup?.(page);
    await page.goto(target.path);
    await waitForIslands(page);
    await target.ready(page);
    expect(await violations()).toEqual([]);
  });
}

test('nothing is blocked in the dialogs, the live search and the gallery', async ({ page }) => {
  const violations = await watchViolations(page);
  await page.goto('/product/16');
  await waitForIslands(page);
  await page.locator('header').getByRole('combobox', { name: 'Search' }).fill('fire safe');
  await expect(page.getByRole('option').first()).toBeVisible();
  await page.getByRole('button', { name: 'Open full-screen image' }).click();
  await expect(page.locator('dialog[data-gallery-viewer]')).toBeVisible();
  await page.keyboard.press('Escape');
  await page.getByRole('tab', { name: /^Reviews/ }).click();
  await page.getByRole('button', { name: 'Log in to write a review' }).click();
  await expect(page.getByRole('dialog').first()).toBeVisible();
  expect(await violations()).toEqual([]);
});

test('nothing is blocked on the payment step and the test payment page', async ({ page }) => {
  const violations = await watchViolations(page);
  await shopperWithOrder(page);
  await page.goto('/cart/checkout-details');
  await waitForIslands(page);
  await page.getByTestId('pay-online').click();
  await expect(page).toHaveURL(/\/checkout$/);
  await waitForIslands(page);
  await page.getByRole('button', { name: /^Pay now AED/ }).click();
  await expect(page).toHaveURL(/\/checkout\/test-payment\?/);
  await page.getByRole('button', { name: 'Pay successfully' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Order Placed Successfully' })).toBeVisible();
  expect(await violations()).toEqual([]);
});

test('the live chat loads from its configured host once the page is idle, allowed by the policy', async ({ page }) => {
  const violations = await watchViolations(page);
  // Not part of the page as it arrives: only the small loader, with the configured address.
  const html = await (await page.request.get('/contact')).text();
  expect(html).toContain('data-live-chat="https://chat.example.test/widget.js"');
  expect(html).not.toContain('src="https://chat.example.test');
  // The e2e server is configured with this chat address (playwright.config.ts); no network here.
  const requests: { url: string; readyState: string }[] = [];
  await page.route('https://chat.example.test/**', async (route) => {
    requests.push({ url: route.request().url(), readyState: await page.evaluate(() => document.readyState) });
    await route.fulfill({ contentType: 'text/javascript', body: 'window.__liveChatLoaded = true;' });
  });
  await page.goto('/contact');
  await expect.poll(() => page.evaluate(() => window.__liveChatLoaded === true), { timeout: 10_000 }).toBe(true);
  // Requested once, after the page had finished loading.
  expect(requests).toEqual([{ url: 'https://chat.example.test/widget.js', readyState: 'complete' }]);
  expect(await violations()).toEqual([]);
});
