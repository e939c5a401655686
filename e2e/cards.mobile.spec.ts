// Cards, prices and home banners at phone width, 390 px (docs/product.md#product-card,
// docs/product.md#home-page): the model and a colour dot tell colour siblings apart, no '0.0 (0)'
// for a product nobody reviewed, no amount split between 'AED' and its number, no text on a picture
// (the home page's blocks, the store's heroes).
import { expect, test } from '@playwright/test';
import { expectNoSeriousViolations } from './axe.helpers';
import { seedGuestCart } from './cart.helpers';
import { HS28, UNREVIEWED, expectAmountsOnOneLine, expectNoTextOnIllustrations, expectStoreHeroesClear } from './cards.helpers';
import { COLOUR_PRODUCT, cards, waitForIslands } from './helpers';

test.describe('product cards at 390 px', () => {
  test('colour siblings differ: each card shows its model and a dot in its own colour', async ({ page }) => {
    await page.goto(`/store?q=${HS28.query}`);
    for (const sibling of HS28.siblings) {
      const card = cards(page).filter({ has: page.locator(`a[href="/product/${sibling.id}"]`) });
      await expect(card).toHaveCount(1);
      const model = card.getByTestId('card-model');
      await expect(model).toBeVisible();
      await expect(model).toContainText(sibling.sku);
      const dot = model.getByTestId('card-colour');
      await expect(dot).toBeVisible();
      await expect(dot).toHaveAttribute('data-colour', sibling.hex);
      // The painted colour, not only the attribute.
      const painted = await dot.evaluate((e) => getComputedStyle(e).backgroundColor);
      const [r, g, b] = [1, 3, 5].map((i) => parseInt(sibling.hex.slice(i, i + 2), 16));
      expect(painted).toBe(`rgb(${r}, ${g}, ${b})`);
      // The dot sits on the card's own line, not clipped away.
      const box = (await dot.boundingBox())!;
      expect(box.width).toBeGreaterThanOrEqual(10);
    }
    // Their names are cut alike on a phone; model and colour are what differ.
    const models = await cards(page).getByTestId('card-model').allInnerTexts();
    expect(new Set(models).size).toBe(models.length);
  });

  test('a product without colours shows its model and no dot', async ({ page }) => {
    await page.goto('/store?q=shredder');
    const card = cards(page).first();
    await expect(card.getByTestId('card-model')).toHaveText(/^\S+$/);
    await expect(card.getByTestId('card-colour')).toHaveCount(0);
  });

  test("a product nobody reviewed shows 'No reviews yet', never '0.0 (0)', on a line as tall as the stars", async ({ page }) => {
    await page.goto(`/store?q=${HS28.query}`);
    const unrated = cards(page).filter({ has: page.locator(`a[href="/product/${UNREVIEWED.id}"]`) });
    const rated = cards(page).filter({ has: page.locator(`a[href="/product/${COLOUR_PRODUCT.id}"]`) });
    const stars = unrated.locator('[data-stars]');
    await expect(stars).toHaveText('No reviews yet', { useInnerText: true });
    await expect(stars).not.toContainText('0.0');
    await expect(unrated).not.toContainText('(0)');
    await expect(unrated.getByText(/^Rated /)).toHaveCount(0);
    await expect(rated).toContainText(`(${COLOUR_PRODUCT.reviews})`);
    const height = async (card: typeof rated) => (await card.locator('[data-stars]').boundingBox())!.height;
    expect(await height(unrated)).toBe(await height(rated));

    await page.goto(`/product/${UNREVIEWED.id}`);
    const byName = page.locator('[data-product-rating]');
    await expect(byName).toHaveText('No reviews yet', { useInnerText: true });
    await expect(byName).not.toContainText('0.0');
    await expect(byName).not.toContainText('(0)');
  });
});

test.describe('amounts at 390 px', () => {
  test("no amount breaks between 'AED' and its number on the store, a product and the cart", async ({ page }) => {
    await page.goto('/store');
    await expectAmountsOnOneLine(page, 'store', 12);

    await page.goto(`/product/${COLOUR_PRODUCT.id}`);
    await expectAmountsOnOneLine(page, 'product', 2);
    await expect(page.getByTestId('price')).toHaveText(COLOUR_PRODUCT.price);

    await seedGuestCart(page, [{ id: COLOUR_PRODUCT.id, quantity: 2 }, { id: 17 }, { id: 2 }]);
    await page.goto('/cart');
    await waitForIslands(page);
    await expect(page.getByTestId('cart-line')).toHaveCount(3);
    await expectAmountsOnOneLine(page, 'cart', 8);
  });
});

test.describe('home page at 390 px', () => {
  test('banner, hero and offer texts sit beside or under their illustrations, never on them', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('[data-banner-slide]')).toHaveCount(2);
    await expectNoTextOnIllustrations(page, 'home at 390 px');
  });

  test('axe: the home page and the store with the new card line', async ({ page }) => {
    await page.goto('/');
    await waitForIslands(page);
    await expectNoSeriousViolations(page, 'home at 390 px');
    await page.goto(`/store?q=${HS28.query}`);
    await expectNoSeriousViolations(page, 'store at 390 px');
  });
});

test.describe('store heroes at 390 px', () => {
  test('the text alone, no picture under it', async ({ page }) => {
    await expectStoreHeroesClear(page, '390 px', false);
  });
});
