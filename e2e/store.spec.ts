// Store and product lists at desktop width (docs/product.md#store-and-product-lists; docs/decisions/0019-catalog.md buckets).
import { expect, test, type Page } from '@playwright/test';
import { PAGE_SIZE, TOTAL_PRODUCTS, cardNames, cardPrices, cards, productGrid, resultsCount } from './helpers';

const pager = (page: Page) => page.getByTestId('pager');

/** The brand's checkbox and the product count printed beside it. */
async function brandFilter(page: Page, name: string) {
  const label = page
    .locator('label')
    .filter({ has: page.getByRole('checkbox') })
    .filter({ hasText: name });
  const count = Number(((await label.locator('span').last().textContent()) ?? '').trim());
  return { checkbox: label.getByRole('checkbox'), count };
}

test.describe('store', () => {
  test('lists every product, twelve per page', async ({ page }) => {
    await page.goto('/store');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Shop all products');
    await expect(page.getByTestId('results-count')).toHaveText(`${TOTAL_PRODUCTS} products`);
    await expect(cards(productGrid(page))).toHaveCount(PAGE_SIZE);
    for (const href of await cards(productGrid(page))
      .getByRole('link')
      .evaluateAll((as) => as.map((a) => a.getAttribute('href')))) {
      expect(href).toMatch(/^\/product\/\d+$/);
    }
  });

  test('pager: at most seven numbers, Next, Previous and page links', async ({ page }) => {
    await page.goto('/store');
    const lastPage = Math.ceil(TOTAL_PRODUCTS / PAGE_SIZE);
    const numbers = async () =>
      (await pager(page).locator('a[aria-label^="Page "], [aria-current="page"]').allTextContents()).map((t) => Number(t.trim()));
    let shown = await numbers();
    expect(shown.length).toBeGreaterThan(1);
    expect(shown.length).toBeLessThanOrEqual(7);
    expect(shown[0]).toBe(1);
    await expect(pager(page).locator('[aria-current="page"]')).toHaveText('1');
    // No Previous link on the first page.
    await expect(pager(page).getByRole('link', { name: 'Previous' })).toHaveCount(0);

    const page1 = await cardNames(page);
    await pager(page).getByRole('link', { name: 'Next' }).click();
    await expect(page).toHaveURL(/\/store\?(.*&)?page=2(&|$)/);
    await expect(pager(page).locator('[aria-current="page"]')).toHaveText('2');
    await expect(page.getByTestId('results-count')).toHaveText(`${TOTAL_PRODUCTS} products`);
    const page2 = await cardNames(page);
    expect(page2).toHaveLength(PAGE_SIZE);
    expect(page2.filter((n) => page1.includes(n))).toEqual([]);

    await pager(page).getByRole('link', { name: 'Page 4', exact: true }).click();
    await expect(page).toHaveURL(/page=4(&|$)/);
    await expect(pager(page).locator('[aria-current="page"]')).toHaveText('4');
    shown = await numbers();
    expect(shown.length).toBeLessThanOrEqual(7);
    expect(shown).toContain(4);
    const page4 = await cardNames(page);
    expect(page4.filter((n) => page1.includes(n) || page2.includes(n))).toEqual([]);

    await pager(page).getByRole('link', { name: 'Previous' }).click();
    await expect(page).toHaveURL(/page=3(&|$)/);
    await expect(pager(page).locator('[aria-current="page"]')).toHaveText('3');

    // The last page holds the rest and has no Next link.
    await page.goto(`/store?page=${lastPage}`);
    await expect(pager(page).locator('[aria-current="page"]')).toHaveText(String(lastPage));
    await expect(cards(productGrid(page))).toHaveCount(TOTAL_PRODUCTS - (lastPage - 1) * PAGE_SIZE);
    await expect(pager(page).getByRole('link', { name: 'Next' })).toHaveCount(0);
    expect((await numbers()).length).toBeLessThanOrEqual(7);
  });

  test('a page number past the end shows the last page', async ({ page }) => {
    await page.goto('/store?page=99');
    await expect(page.getByTestId('product-card')).toHaveCount(143 - 11 * 12);
    await expect(page.getByTestId('pager').locator('[aria-current="page"]')).toHaveText('12');
    await expect(page.getByTestId('no-results')).toHaveCount(0);
  });

  test('every product appears exactly once across the pages', async ({ page }) => {
    const seen: string[] = [];
    const lastPage = Math.ceil(TOTAL_PRODUCTS / PAGE_SIZE);
    for (let n = 1; n <= lastPage; n++) {
      await page.goto(`/store?page=${n}`);
      seen.push(
        ...(await cards(productGrid(page))
          .getByRole('link')
          .evaluateAll((as) => as.map((a) => a.getAttribute('href')!))),
      );
    }
    expect(seen).toHaveLength(TOTAL_PRODUCTS);
    expect(new Set(seen).size).toBe(TOTAL_PRODUCTS);
  });

  test('a brand checkbox applies itself and narrows the list to that brand', async ({ page }) => {
    await page.goto('/store');
    const { checkbox, count } = await brandFilter(page, 'PaperTrail');
    expect(count).toBeGreaterThan(PAGE_SIZE);
    await checkbox.click();
    await page.waitForURL(/brand=5/);
    await expect(page.getByRole('checkbox', { name: /PaperTrail/ })).toBeChecked();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('PaperTrail');
    expect(await resultsCount(page)).toBe(count);
    const names = await cardNames(page);
    expect(names).toHaveLength(PAGE_SIZE);
    for (const name of names) expect(name).toMatch(/^PaperTrail /);

    // The second page keeps the filter.
    await pager(page).getByRole('link', { name: 'Next' }).click();
    await expect(page).toHaveURL(/brand=5/);
    await expect(page).toHaveURL(/page=2/);
    const rest = await cardNames(page);
    expect(rest).toHaveLength(count - PAGE_SIZE);
    for (const name of rest) expect(name).toMatch(/^PaperTrail /);

    // A product from the list is that brand's.
    await cards(productGrid(page)).first().click();
    await expect(page.getByTestId('brand-link')).toHaveText('PaperTrail');
  });

  test('two brands together and Clear filters', async ({ page }) => {
    await page.goto('/store');
    const a = await brandFilter(page, 'CountOn');
    await a.checkbox.click();
    await page.waitForURL(/brand=6/);
    const b = await brandFilter(page, 'ShelfWise');
    await b.checkbox.click();
    await page.waitForURL(/brand=8/);
    await expect(page.getByRole('checkbox', { name: /CountOn/ })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: /ShelfWise/ })).toBeChecked();
    expect(await resultsCount(page)).toBe(a.count + b.count);
    for (const name of await cardNames(page)) expect(name).toMatch(/^(CountOn|ShelfWise) /);

    // Boxes apply themselves: the Apply button is for pages without JavaScript.
    await expect(page.getByRole('button', { name: 'Apply filters' })).toBeHidden();

    await page.getByRole('link', { name: 'Clear filters' }).click();
    await expect(page).toHaveURL('/store');
    await expect(page.getByTestId('results-count')).toHaveText(`${TOTAL_PRODUCTS} products`);
    await expect(page.getByRole('checkbox', { name: /CountOn/ })).not.toBeChecked();
    await expect(page.getByRole('link', { name: 'Clear filters' })).toHaveCount(0);
  });

  test('price bucket: every shown price lies inside it, at both ends of the sort', async ({ page }) => {
    await page.goto('/store');
    await page.getByRole('checkbox', { name: 'AED 1,000 - 10,000' }).click();
    await page.waitForURL(/price=1000-10000/);
    await expect(page.getByRole('checkbox', { name: 'AED 1,000 - 10,000' })).toBeChecked();
    const total = await resultsCount(page);
    expect(total).toBeGreaterThan(0);
    expect(total).toBeLessThan(TOTAL_PRODUCTS);
    const inBucket = (p: number) => p >= 1000 && p < 10000;
    let prices = await cardPrices(page);
    expect(prices).toHaveLength(PAGE_SIZE);
    for (const p of prices) expect(inBucket(p), `AED ${p}`).toBe(true);

    await page.getByLabel('Sort by').selectOption('price_asc');
    await page.waitForURL(/sort=price_asc/);
    expect(await resultsCount(page)).toBe(total);
    prices = await cardPrices(page);
    expect(prices[0]).toBeGreaterThanOrEqual(1000);
    expect(prices).toEqual([...prices].sort((x, y) => x - y));

    await page.getByLabel('Sort by').selectOption('price_desc');
    await page.waitForURL(/sort=price_desc/);
    prices = await cardPrices(page);
    expect(prices[0]).toBeLessThan(10000);
    expect(prices).toEqual([...prices].sort((x, y) => y - x));
    for (const p of prices) expect(inBucket(p), `AED ${p}`).toBe(true);
  });

  test('price buckets cover every product without gaps', async ({ page }) => {
    await page.goto('/store');
    const labels = await page
      .getByRole('group', { name: 'Price' })
      .getByRole('checkbox')
      .evaluateAll((els) => els.map((e) => e.closest('label')!.querySelector('span')!.textContent.trim()));
    expect(labels).toEqual([
      'AED 0 - 1,000',
      'AED 1,000 - 10,000',
      'AED 10,000 - 20,000',
      'AED 20,000 - 50,000',
      'AED 50,000 - 100,000',
      'Above AED 100,000',
    ]);
    let sum = 0;
    for (const id of ['0-1000', '1000-10000', '10000-20000', '20000-50000', '50000-100000', '100000-']) {
      await page.goto(`/store?price=${id}&sort=price_asc`);
      sum += await resultsCount(page);
    }
    expect(sum).toBe(TOTAL_PRODUCTS);
    // The open-ended bucket.
    await page.goto('/store?price=100000-&sort=price_asc');
    for (const p of await cardPrices(page)) expect(p).toBeGreaterThanOrEqual(100000);
  });

  test('category circles lead to a category store with its name in the hero', async ({ page }) => {
    await page.goto('/store');
    const circles = page.getByRole('navigation', { name: 'Categories' });
    const hrefs = await circles.getByRole('link').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    expect(hrefs.length).toBeGreaterThanOrEqual(9);
    for (const href of hrefs) expect(href).toMatch(/^\/store\?category=\d+$/);
    expect(hrefs).toEqual(expect.arrayContaining([12, 11, 13, 14, 15, 16, 17, 10, 1].map((id) => `/store?category=${id}`)));

    await circles.getByRole('link', { name: 'Filing Cabinets' }).click();
    await expect(page).toHaveURL('/store?category=11');
    await expect(page.getByTestId('store-hero').getByRole('heading', { level: 1 })).toHaveText('Filing Cabinets');
    await expect(page.getByRole('navigation', { name: 'Categories' }).getByRole('link', { name: 'Filing Cabinets' })).toHaveAttribute(
      'aria-current',
      'true',
    );
    const n = await resultsCount(page);
    expect(n).toBeGreaterThan(0);
    expect(n).toBeLessThan(TOTAL_PRODUCTS);
    for (const name of await cardNames(page)) expect(name).toMatch(/Filing|Pedestal|Plan Chest|Cabinet/);
  });

  test('category circles start a fresh list: no page, brand, price or sort carried over', async ({ page }) => {
    await page.goto('/store?brand=4&price=0-1000&price=1000-10000&sort=price_desc&page=2');
    await expect(page.getByRole('checkbox', { name: /SteelNest/ })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'AED 1,000 - 10,000' })).toBeChecked();
    await expect(page.getByLabel('Sort by')).toHaveValue('price_desc');
    await expect(pager(page).locator('[aria-current="page"]')).toHaveText('2');
    await page.getByRole('navigation', { name: 'Categories' }).getByRole('link', { name: 'Vault Doors' }).click();
    await expect(page).toHaveURL('/store?category=15');
    await expect(page.getByRole('checkbox', { name: /SteelNest/ })).toHaveCount(0); // only this category's brands
    // No price carried over (a bucket without vault doors is not even offered).
    await expect(page.getByRole('group', { name: 'Price' }).getByRole('checkbox', { checked: true })).toHaveCount(0);
    await expect(page.getByLabel('Sort by')).toHaveValue('newest');
    expect(await resultsCount(page)).toBeGreaterThan(0);
    for (const name of await cardNames(page)) expect(name).toMatch(/Door/);
  });

  test('office and home ranges have their own heroes and split the catalog', async ({ page }) => {
    await page.goto('/store?product-type=office');
    const hero = page.getByTestId('store-hero');
    await expect(hero.getByRole('heading', { level: 1 })).toHaveText('Office Buddy');
    await expect(hero).toContainText('Everything to secure and organise the workplace');
    const office = await resultsCount(page);
    for (const href of await page
      .getByRole('navigation', { name: 'Categories' })
      .getByRole('link')
      .evaluateAll((as) => as.map((a) => a.getAttribute('href')))) {
      expect(href).toMatch(/^\/store\?product-type=office&category=\d+$/);
    }

    await page.goto('/store?product-type=home');
    await expect(hero.getByRole('heading', { level: 1 })).toHaveText('Home Buddy');
    await expect(hero).toContainText('Safes and storage that keep your home and family secure');
    const home = await resultsCount(page);
    expect(office).toBeGreaterThan(0);
    expect(home).toBeGreaterThan(0);
    expect(office + home).toBe(TOTAL_PRODUCTS);
  });

  test('search tolerates a typo: "shreder" finds shredders', async ({ page }) => {
    await page.goto('/store?q=shreder');
    const names = await cardNames(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${names.length} results for “shreder”`);
    expect(names.length).toBeGreaterThanOrEqual(5);
    expect(await resultsCount(page)).toBe(names.length);
    for (const name of names) expect(name).toContain('Shredder');
  });

  test('search by word prefixes: "fire saf" finds fire safes first', async ({ page }) => {
    await page.goto('/store?q=fire%20saf');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${await resultsCount(page)} results for “fire saf”`);
    const names = await cardNames(page);
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) expect(name).toMatch(/fire/i);
    expect(names.filter((n) => /Fire Safe/.test(n)).length).toBeGreaterThanOrEqual(Math.min(names.length, 8));
    // Relevance is offered as a sort while searching.
    await expect(page.getByLabel('Sort by').locator('option', { hasText: 'Best match' })).toHaveCount(1);
  });

  test('a query with no match shows the empty state', async ({ page }) => {
    await page.goto('/store?q=qzxwvplk');
    await expect(page.getByTestId('results-count')).toHaveText('0 products');
    const empty = page.getByTestId('no-results');
    await expect(empty).toBeVisible();
    await expect(empty).toContainText('No results for “qzxwvplk”');
    await expect(empty).toContainText('Check the spelling, or try fewer or more general words.');
    await expect(productGrid(page)).toHaveCount(0);
    await expect(pager(page)).toHaveCount(0);
  });

  test('a brand filter with a search keeps the search', async ({ page }) => {
    await page.goto('/store?q=safe');
    const total = await resultsCount(page);
    await (await brandFilter(page, 'Vaultline')).checkbox.click();
    await page.waitForURL(/brand=2/);
    await expect(page).toHaveURL(/q=safe/);
    const n = await resultsCount(page);
    expect(n).toBeGreaterThan(0);
    expect(n).toBeLessThan(total);
    for (const name of await cardNames(page)) expect(name).toMatch(/^Vaultline /);
  });
});

test.describe('product lists', () => {
  test('/top-sellings', async ({ page }) => {
    const response = await page.goto('/top-sellings');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Top sellers');
    await expect(page.getByTestId('store-hero')).toContainText('What businesses and homes across the UAE buy most');
    const n = await cards(productGrid(page)).count();
    expect(n).toBeGreaterThan(0);
    expect(await resultsCount(page)).toBeGreaterThanOrEqual(n);
  });

  test('/new-arrival lists the newest first, same as the home page block', async ({ page }) => {
    await page.goto('/');
    const homeArrivals = (await cards(page.getByTestId('new-arrivals')).locator('h3').allTextContents()).map((s) => s.trim());
    const response = await page.goto('/new-arrival');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('New arrivals');
    await expect(cards(productGrid(page))).toHaveCount(PAGE_SIZE);
    expect((await cardNames(page)).slice(0, homeArrivals.length)).toEqual(homeArrivals);
    // The list keeps its own path when filtered.
    await (await brandFilter(page, 'Ironclad')).checkbox.click();
    await page.waitForURL(/\/new-arrival\?.*brand=1/);
    for (const name of await cardNames(page)) expect(name).toMatch(/^Ironclad /);
  });
});

test.describe('store without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('filters apply with the button and paging uses plain links', async ({ page }) => {
    await page.goto('/store');
    await expect(page.getByTestId('results-count')).toHaveText(`${TOTAL_PRODUCTS} products`);
    const { checkbox, count } = await brandFilter(page, 'SteelNest');
    await checkbox.check();
    // Nothing happens until the button is pressed.
    await expect(page).toHaveURL('/store');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect(page).toHaveURL(/\/store\?.*brand=4/);
    expect(await resultsCount(page)).toBe(count);
    await expect(page.getByRole('checkbox', { name: /SteelNest/ })).toBeChecked();
    for (const name of await cardNames(page)) expect(name).toMatch(/^SteelNest /);

    await pager(page).getByRole('link', { name: 'Page 2', exact: true }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page).toHaveURL(/brand=4/);
    await expect(pager(page).locator('[aria-current="page"]')).toHaveText('2');
    const rest = await cardNames(page);
    expect(rest).toHaveLength(Math.min(PAGE_SIZE, count - PAGE_SIZE));
    for (const name of rest) expect(name).toMatch(/^SteelNest /);
  });

  test('paging the whole store without JavaScript', async ({ page }) => {
    await page.goto('/store');
    const first = await cardNames(page);
    await pager(page).getByRole('link', { name: 'Page 2', exact: true }).click();
    await expect(page).toHaveURL(/page=2/);
    const second = await cardNames(page);
    expect(second).toHaveLength(PAGE_SIZE);
    expect(second.filter((n) => first.includes(n))).toEqual([]);
  });
});
