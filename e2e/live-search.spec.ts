// Header live search at desktop width (docs/product.md#header: live search; section 9: threshold).
import { expect, test, type Locator, type Page, type Request } from '@playwright/test';
import { nextFrames, parseAed } from './helpers';

const API = '**/api/products/all-product-list?*';

function parts(page: Page) {
  const header = page.locator('#site-header');
  const box = header.getByRole('combobox', { name: 'Search' });
  const listbox = header.getByRole('listbox', { name: 'Matching products' });
  const panel = header.locator('[data-live-panel]:visible');
  return { header, box, listbox, options: listbox.getByRole('option'), panel };
}

/** Names shown in the dropdown, in order. */
async function optionNames(options: Locator): Promise<string[]> {
  return (await options.locator('[data-live-name]').allTextContents()).map((s) => s.trim());
}

/** Counts the live search requests the page sends. */
function countSearches(page: Page): Request[] {
  const seen: Request[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/products/all-product-list')) seen.push(r);
  });
  return seen;
}

test.describe('header live search', () => {
  test('one character shows nothing and asks nothing', async ({ page }) => {
    await page.clock.install();
    await page.goto('/');
    const { box, panel } = parts(page);
    const requests = countSearches(page);
    await box.pressSequentially('s');
    await page.clock.runFor(700); // well past the 250 ms debounce
    await expect(panel).toHaveCount(0);
    await expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(requests).toHaveLength(0);
  });

  test("'shredder' lists shredders with AED prices, stars and product links; one request per pause", async ({ page }) => {
    await page.goto('/');
    const { box, listbox, options } = parts(page);
    const requests = countSearches(page);
    await box.pressSequentially('shredder', { delay: 40 });
    await expect(options.first()).toBeVisible();
    await expect(box).toHaveAttribute('aria-expanded', 'true');
    await expect(box).toHaveAttribute('aria-controls', (await listbox.getAttribute('id'))!);
    const names = await optionNames(options);
    expect(names.length).toBeGreaterThan(1);
    expect(names.length).toBeLessThanOrEqual(6);
    for (const name of names) expect(name).toContain('Shredder');
    const prices = await options.locator('[data-live-price]').allTextContents();
    expect(prices).toHaveLength(names.length);
    for (const price of prices) expect(parseAed(price)).toBeGreaterThan(0);
    let rated = 0;
    for (const option of await options.all()) {
      await expect(option).toHaveAttribute('href', /^\/product\/\d+$/);
      await expect(option).toHaveAttribute('aria-selected', 'false');
      await expect(option.locator('img')).toHaveAttribute('src', /^\/images\//);
      // Stars for a reviewed product; nothing (never '0.0 (0)') for one nobody reviewed.
      const stars = await option.getByText(/^Rated \d\.\d out of 5$/).count();
      if (stars === 0) await expect(option).not.toContainText('(0)');
      rated += stars;
    }
    expect(rated).toBeGreaterThan(0);
    // Typed with pauses shorter than the debounce: a single request.
    expect(requests).toHaveLength(1);
    expect(new URL(requests[0]!.url()).searchParams.get('search')).toBe('shredder');
  });

  test('a discounted product shows its discounted price', async ({ page }) => {
    await page.goto('/');
    const { box, options } = parts(page);
    await box.fill('HomeShield Fire Safe HS-28 (Black)');
    const option = options.filter({ hasText: 'SteelNest HomeShield Fire Safe HS-28 (Black)' }).first();
    await expect(option.locator('[data-live-price]')).toHaveText('AED 1,351.50');
    await expect(option.locator('s')).toHaveText('AED 1,590.00');
  });

  test("the typo 'shreder' also finds shredders", async ({ page }) => {
    await page.goto('/');
    const { box, options } = parts(page);
    await box.fill('shreder');
    await expect(options.first()).toBeVisible();
    const names = await optionNames(options);
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) expect(name).toContain('Shredder');
  });

  test("'zzzz' shows the not-found picture", async ({ page }) => {
    await page.goto('/');
    const { box, panel, options } = parts(page);
    await box.fill('zzzz');
    await expect(panel.locator('img[src="/images/states/not-found.svg"]')).toBeVisible();
    await expect(panel).toContainText('No products match “zzzz”');
    await expect(options).toHaveCount(0);
    await expect(panel.getByRole('link', { name: /See all results/ })).toBeHidden();
  });

  test('ArrowDown twice and Enter opens the second result', async ({ page }) => {
    await page.goto('/');
    const { box, options } = parts(page);
    await box.fill('shredder');
    await expect(options.nth(1)).toBeVisible();
    const second = options.nth(1);
    const href = (await second.getAttribute('href'))!;
    const name = (await second.locator('[data-live-name]').textContent())!.trim();
    await box.press('ArrowDown');
    await expect(options.first()).toHaveAttribute('aria-selected', 'true');
    await expect(box).toHaveAttribute('aria-activedescendant', (await options.first().getAttribute('id'))!);
    await box.press('ArrowDown');
    await expect(options.first()).toHaveAttribute('aria-selected', 'false');
    await expect(second).toHaveAttribute('aria-selected', 'true');
    await expect(box).toHaveAttribute('aria-activedescendant', (await second.getAttribute('id'))!);
    await box.press('Enter');
    await expect(page).toHaveURL(href);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  });

  test('ArrowUp from none wraps to the last result; Enter with none highlighted searches the store', async ({ page }) => {
    await page.goto('/');
    const { box, options } = parts(page);
    await box.fill('shredder');
    await expect(options.first()).toBeVisible();
    await box.press('ArrowUp');
    await expect(options.last()).toHaveAttribute('aria-selected', 'true');
    await box.press('ArrowDown'); // wraps to the first
    await expect(options.first()).toHaveAttribute('aria-selected', 'true');

    await box.fill('vault door'); // new text: nothing highlighted
    await expect(box).not.toHaveAttribute('aria-activedescendant');
    await box.press('Enter');
    await expect(page).toHaveURL('/store?q=vault+door');
    await expect(parts(page).box).toHaveValue('');
  });

  test('clicking a result opens its product page', async ({ page }) => {
    await page.goto('/store');
    const { box, options } = parts(page);
    await box.fill('shredder');
    const first = options.first();
    const href = (await first.getAttribute('href'))!;
    await first.click();
    await expect(page).toHaveURL(href);
  });

  test('Escape clears the text and hides the dropdown', async ({ page }) => {
    await page.goto('/');
    const { box, panel, options } = parts(page);
    await box.fill('safe');
    await expect(options.first()).toBeVisible();
    await box.press('Escape');
    await expect(box).toHaveValue('');
    await expect(panel).toHaveCount(0);
    await expect(box).toHaveAttribute('aria-expanded', 'false');
    await expect(box).toBeFocused();
  });

  test('a click outside closes the dropdown; coming back to the box shows it again', async ({ page }) => {
    await page.goto('/');
    const { box, panel, options } = parts(page);
    await box.fill('safe');
    await expect(options.first()).toBeVisible();
    await page.mouse.click(8, 500); // the page margin: nothing to click there
    await expect(panel).toHaveCount(0);
    await expect(box).toHaveAttribute('aria-expanded', 'false');
    await expect(box).toHaveValue('safe');
    await box.click();
    await expect(options.first()).toBeVisible();
  });

  test('a stale answer never replaces a newer one', async ({ page }) => {
    await page.goto('/');
    const { box, options } = parts(page);
    let staleHandled!: () => void;
    const staleDone = new Promise<void>((resolve) => (staleHandled = resolve));
    await page.route(API, async (route) => {
      const search = new URL(route.request().url()).searchParams.get('search');
      if (search === 'fir') {
        // The first answer takes far longer than the second, and names a product the second has not.
        await new Promise((resolve) => setTimeout(resolve, 2_000));
        const stale = {
          data: { data: [{ id: 1, name: 'STALE answer for fir', thumbnail_img_link: '', unit_price: 1, discounted_price: 1, rating: 0 }] },
        };
        await route.fulfill({ json: stale }).catch(() => {}); // the page may have aborted it
        staleHandled();
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 300));
      await route.continue();
    });
    const isFir = (r: Request) => new URL(r.url()).searchParams.get('search') === 'fir';
    const firSent = page.waitForRequest(isFir);
    // Answered or aborted by the page: either way the page has seen the end of it.
    const firEnded = Promise.race([page.waitForEvent('requestfinished', isFir), page.waitForEvent('requestfailed', isFir)]);
    await box.pressSequentially('fir');
    await firSent; // the first request is on its way before the text changes
    await box.pressSequentially('e saf');
    await expect(options.first()).toBeVisible();
    await staleDone;
    await firEnded;
    await nextFrames(page);
    const names = await optionNames(options);
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) expect(name).toContain('Fire Safe');
    await expect(parts(page).header.getByText('STALE answer for fir')).toHaveCount(0);
  });

  test('a failed search shows no dropdown and the Search button still works', async ({ page }) => {
    await page.goto('/');
    const { box, panel, header } = parts(page);
    await page.route(API, (route) => route.fulfill({ status: 500, json: { success: false } }));
    const answered = page.waitForResponse((r) => r.url().includes('/api/products/all-product-list'));
    await box.fill('safe');
    await answered;
    await nextFrames(page);
    await expect(panel).toHaveCount(0);
    await header.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL('/store?q=safe');
  });
});

test.describe('header search without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the form still goes to /store?q=', async ({ page }) => {
    await page.goto('/');
    const box = page.locator('#header-search');
    await box.fill('vault door');
    await box.press('Enter');
    await expect(page).toHaveURL('/store?q=vault+door');
    await expect(page.locator('[data-live-panel]:visible')).toHaveCount(0);
  });
});
