// Search results first, facets for the results, the empty search and in-place filters at 1280 and
// 820 px (docs/product.md#store-and-product-lists; docs/decisions/0028-search-results-first.md).
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousViolations } from './axe.helpers';
import { TOTAL_PRODUCTS, cardNames, cards, productGrid, resultsCount } from './helpers';

/** A typo no product matches, its correction and what the correction finds. */
// Too far from any word for the list to correct it by itself (docs/decisions/0038-search-at-scale.md),
// close enough to offer 'Did you mean'. A nearer typo ('currancy countr') now finds its products directly.
const MISSPELT = { text: 'shredddddder', suggestion: 'shredder' };

const facet = (page: Page, group: string) => page.getByRole('group', { name: group });
const facetCounts = async (page: Page, group: string) =>
  (await facet(page, group).locator('[data-facet-count]').allTextContents()).map((t) => Number(t.trim()));

/** Marks the document; a full load would lose the mark. */
async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { listingMark: number }).listingMark = 42;
  });
}
const sameDocument = (page: Page) => page.evaluate(() => (window as unknown as { listingMark?: number }).listingMark === 42);

test.describe('search results at 1280 px', () => {
  test('the first results show without scrolling, under a compact heading naming the search', async ({ page }) => {
    await page.goto('/store?q=safe');
    const total = await resultsCount(page);
    expect(total).toBeGreaterThan(1);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${total} results for “safe”`);
    await expect(page.getByTestId('store-hero')).toHaveCount(0);
    await expect(cards(productGrid(page)).first()).toBeInViewport({ ratio: 1 });
    await expectNoSeriousViolations(page, '/store?q=safe');
  });

  test('facet counts are for the results: they add up to the total and predict a filter', async ({ page }) => {
    await page.goto('/store?q=shredder');
    const total = await resultsCount(page);
    expect(total).toBeLessThan(TOTAL_PRODUCTS);
    for (const group of ['Range', 'Brands', 'Price']) {
      const counts = await facetCounts(page, group);
      expect(counts.length, group).toBeGreaterThan(0);
      expect(
        counts.reduce((a, b) => a + b, 0),
        group,
      ).toBe(total);
    }
    // Fewer brands than the whole store lists.
    const searchBrands = await facet(page, 'Brands').getByRole('checkbox').count();
    await page.goto('/store');
    expect(await facet(page, 'Brands').getByRole('checkbox').count()).toBeGreaterThan(searchBrands);
    await page.goto('/store?q=shredder');

    // A brand's count is what ticking it shows; the other brands' counts stay (they would add to it).
    const label = facet(page, 'Brands').locator('label').first();
    const predicted = Number((await label.locator('[data-facet-count]').textContent())!.trim());
    const before = await facetCounts(page, 'Brands');
    await label.getByRole('checkbox').check();
    await expect(page).toHaveURL(/brand=\d+/);
    await expect(page.getByTestId('results-count')).toHaveText(`${predicted} product${predicted === 1 ? '' : 's'}`);
    expect(await facetCounts(page, 'Brands')).toEqual(before);
    // The price counts now count that brand's shredders only.
    expect((await facetCounts(page, 'Price')).reduce((a, b) => a + b, 0)).toBe(predicted);
  });

  test('an empty search names the text, offers a correction that finds results, and popular products', async ({ page }) => {
    await page.goto(`/store?q=${encodeURIComponent(MISSPELT.text)}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`0 results for “${MISSPELT.text}”`);
    const empty = page.getByTestId('no-results');
    await expect(empty).toContainText(`No results for “${MISSPELT.text}”`);
    await expect(productGrid(page)).toHaveCount(0);
    const popular = page.getByTestId('popular-products');
    await expect(popular.getByRole('heading', { name: 'Popular products' })).toBeVisible();
    await expect(cards(popular)).toHaveCount(4);
    await expectNoSeriousViolations(page, 'empty search');

    const link = empty.getByRole('link', { name: MISSPELT.suggestion });
    await expect(page.getByTestId('did-you-mean')).toHaveText(`Did you mean ${MISSPELT.suggestion}?`);
    await link.click();
    await expect(page).toHaveURL(`/store?q=${encodeURIComponent(MISSPELT.suggestion).replace(/%20/g, '+')}`);
    const n = await resultsCount(page);
    expect(n).toBeGreaterThan(0);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${n} result${n === 1 ? '' : 's'} for “${MISSPELT.suggestion}”`);
    await expect(page.getByTestId('no-results')).toHaveCount(0);
  });

  test('a filter applies in place: same document, new address, Back and Forward restore', async ({ page }) => {
    await page.goto('/store?q=safe');
    await expect(page.getByRole('button', { name: 'Apply filters' })).toBeHidden();
    const total = await resultsCount(page);
    const first = await cardNames(page);
    await markDocument(page);
    let loads = 0;
    page.on('load', () => loads++);

    const box = facet(page, 'Brands').getByRole('checkbox', { name: /Vaultline/ });
    await box.check();
    await expect(page).toHaveURL(/\/store\?q=safe&.*brand=2/);
    await expect.poll(() => resultsCount(page)).toBeLessThan(total);
    const narrowed = await resultsCount(page);
    for (const name of await cardNames(page)) expect(name).toMatch(/^Vaultline /);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${narrowed} results for “safe”`);
    // Focus stays on the box, and the new count is announced.
    await expect(facet(page, 'Brands').getByRole('checkbox', { name: /Vaultline/ })).toBeFocused();
    await expect(page.locator('[data-listing-status]')).toHaveText(`${narrowed} products`);

    // Sorting too.
    await page.getByLabel('Sort by').selectOption('price_asc');
    await expect(page).toHaveURL(/sort=price_asc/);
    await expect(page.getByLabel('Sort by')).toBeFocused();

    await page.goBack();
    await expect(page).toHaveURL(/brand=2/);
    await expect(page).not.toHaveURL(/sort=/);
    await expect(page.getByLabel('Sort by')).toHaveValue('relevance');
    await page.goBack();
    await expect(page).toHaveURL('/store?q=safe');
    await expect.poll(() => resultsCount(page)).toBe(total);
    await expect(facet(page, 'Brands').getByRole('checkbox', { name: /Vaultline/ })).not.toBeChecked();
    expect(await cardNames(page)).toEqual(first);
    await page.goForward();
    await expect(page).toHaveURL(/brand=2/);
    await expect.poll(() => resultsCount(page)).toBe(narrowed);
    await expect(facet(page, 'Brands').getByRole('checkbox', { name: /Vaultline/ })).toBeChecked();

    expect(await sameDocument(page)).toBe(true);
    expect(loads).toBe(0);
  });

  test('pages and category circles of the store apply in place as well', async ({ page }) => {
    await page.goto('/store');
    await markDocument(page);
    const first = await cardNames(page);
    await page.getByTestId('pager').getByRole('link', { name: 'Next' }).click();
    await expect(page).toHaveURL('/store?page=2');
    await expect(page.getByTestId('pager').locator('[aria-current="page"]')).toHaveText('2');
    expect((await cardNames(page)).filter((n) => first.includes(n))).toEqual([]);
    await expect(page.getByTestId('results-count')).toBeFocused();

    await page.getByRole('navigation', { name: 'Categories' }).getByRole('link', { name: 'Filing Cabinets' }).click();
    await expect(page).toHaveURL('/store?category=11');
    await expect(page.getByTestId('store-hero').getByRole('heading', { level: 1 })).toHaveText('Filing Cabinets');
    await expect(page).toHaveTitle(/Filing Cabinets/);
    await expect(facet(page, 'Categories').getByRole('checkbox', { name: /Filing Cabinets/ })).toBeChecked();
    expect(await sameDocument(page)).toBe(true);
  });
});

test.describe('search results at 820 px', () => {
  test.use({ viewport: { width: 820, height: 1180 } });

  test('the first results show without scrolling', async ({ page }) => {
    await page.goto('/store?q=safe');
    await expect(page.getByTestId('store-hero')).toHaveCount(0);
    await expect(cards(productGrid(page)).first()).toBeInViewport({ ratio: 1 });
  });
});

test.describe('search filters without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the Apply button applies the facets and keeps the search', async ({ page }) => {
    await page.goto('/store?q=safe');
    const total = await resultsCount(page);
    await facet(page, 'Range')
      .getByRole('radio', { name: /Home Buddy/ })
      .check();
    await expect(page).toHaveURL('/store?q=safe');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect(page).toHaveURL(/\/store\?q=safe&product-type=home/);
    const home = await resultsCount(page);
    expect(home).toBeGreaterThan(0);
    expect(home).toBeLessThan(total);
    await expect(facet(page, 'Range').getByRole('radio', { name: /Home Buddy/ })).toBeChecked();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${home} results for “safe”`);
  });
});
