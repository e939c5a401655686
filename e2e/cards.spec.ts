// Cards, prices and home banners at 1280 px and on a tablet, 820 x 1180 (docs/product.md#product-card,
// docs/product.md#product-page, docs/product.md#home-page): the live search's model and colour
// dot, the product page's price and Add to cart in the first screen, no text on a picture (the
// home page's banners, hero slides and offer tiles, and the store's heroes).
import { expect, test } from '@playwright/test';
import { expectNoSeriousViolations } from './axe.helpers';
import {
  HS28,
  UNREVIEWED,
  expectAmountsOnOneLine,
  expectNoTextOnAnyHeroSlide,
  expectNoTextOnIllustrations,
  expectStoreHeroesClear,
} from './cards.helpers';
import { COLOUR_PRODUCT, waitForIslands } from './helpers';

test.describe('at 1280 px', () => {
  test('home: banner, hero and offer texts sit beside or under their illustrations, never on them', async ({ page }) => {
    await page.goto('/');
    await expectNoTextOnIllustrations(page, 'home at 1280 px');
    await expectNoTextOnAnyHeroSlide(page, 'home at 1280 px');
  });

  test('store heroes: the text beside the picture, never on it', async ({ page }) => {
    await expectStoreHeroesClear(page, '1280 px', true);
    await page.goto('/store');
    await expectNoSeriousViolations(page, 'store at 1280 px');
  });

  test('the live search shows the model and a colour dot; no stars for a product nobody reviewed', async ({ page }) => {
    await page.goto('/');
    await page.locator('#site-header').getByRole('combobox', { name: 'Search' }).fill(HS28.query);
    const options = page.locator('#site-header').getByRole('option');
    await expect(options).toHaveCount(HS28.siblings.length);
    for (const sibling of HS28.siblings) {
      const option = options.filter({ has: page.locator(`[data-live-colour="${sibling.hex}"]`) });
      await expect(option).toHaveCount(1);
      await expect(option).toHaveAttribute('href', `/product/${sibling.id}`);
      await expect(option.locator('[data-live-model]')).toContainText(sibling.sku);
    }
    const unrated = options.filter({ has: page.locator(`[data-live-colour="${UNREVIEWED.hex}"]`) });
    await expect(unrated).not.toContainText('(0)');
    await expect(unrated.getByText(/^Rated /)).toHaveCount(0);
    const rated = options.filter({ has: page.locator(`[data-live-colour="${HS28.siblings[2].hex}"]`) });
    await expect(rated).toHaveAttribute('href', `/product/${COLOUR_PRODUCT.id}`);
    await expect(rated).toContainText(`(${COLOUR_PRODUCT.reviews})`);
    await expectAmountsOnOneLine(page, 'live search', 3);
  });
});

test.describe('on a tablet, 820 x 1180', () => {
  test.use({ viewport: { width: 820, height: 1180 } });

  test('home: banner, hero and offer texts sit beside or under their illustrations, never on them', async ({ page }) => {
    await page.goto('/');
    await expectNoTextOnIllustrations(page, 'home at 820 px');
    await waitForIslands(page);
    await expectNoTextOnAnyHeroSlide(page, 'home at 820 px');
  });

  test('store heroes: the text beside the picture, never on it', async ({ page }) => {
    await expectStoreHeroesClear(page, '820 px', true);
    await page.goto('/store');
    await expectNoSeriousViolations(page, 'store at 820 px');
  });

  // The colour product has the most above its Add to cart (rating, brand, price box, swatches);
  // the heavy fire safe has a long name.
  for (const id of [COLOUR_PRODUCT.id, 3]) {
    test(`product ${id}: the price and Add to cart are in the first screen, no scrolling`, async ({ page }) => {
      await page.goto(`/product/${id}`);
      await waitForIslands(page);
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      await expect(page.getByTestId('price')).toBeInViewport({ ratio: 1 });
      await expect(page.getByRole('button', { name: 'Add to cart' })).toBeInViewport({ ratio: 1 });
      await expectAmountsOnOneLine(page, `product ${id} at 820 px`, 2);
    });
  }

  test('axe: the product page side by side', async ({ page }) => {
    await page.goto(`/product/${COLOUR_PRODUCT.id}`);
    await waitForIslands(page);
    await expectNoSeriousViolations(page, 'product at 820 px');
  });
});
