// The guest wishlist at desktop width (docs/product.md#wishlist, #behaviour): the page's rows, the product's
// own colour, persistence across reloads and tabs, removal down to the empty picture.
import { expect, test } from '@playwright/test';
import { headerBadge, toasts, waitForIslands } from './helpers';
import { BLACK_SAFE, PLAIN_SAFE, gotoWishlist, storedJson, wishFromProductPage, wishlistLine, wishlistLines } from './cart.helpers';

test.describe('guest wishlist', () => {
  test('rows show thumbnail, name, the real colour with its swatch, price, Remove and Go to Product; kept after a reload', async ({
    page,
  }) => {
    await wishFromProductPage(page, BLACK_SAFE.id);
    await wishFromProductPage(page, PLAIN_SAFE.id);
    await gotoWishlist(page);

    await expect(page.getByRole('heading', { level: 1, name: 'Your Wishlist' })).toBeVisible();
    await expect(wishlistLines(page)).toHaveCount(2);
    const safe = wishlistLine(page, BLACK_SAFE.name);
    await expect(safe.locator('img')).toHaveAttribute('src', BLACK_SAFE.image);
    await expect(safe.getByTestId('wishlist-line-colour')).toContainText(BLACK_SAFE.colour);
    await expect(safe.getByTestId('colour-swatch')).toHaveCSS('background-color', BLACK_SAFE.hex);
    await expect(safe.getByTestId('wishlist-line-price')).toHaveText(BLACK_SAFE.price);
    await expect(safe.getByRole('link', { name: `Go to ${BLACK_SAFE.name}` })).toHaveAttribute('href', `/product/${BLACK_SAFE.id}`);
    await expect(safe.getByRole('link', { name: `Go to ${BLACK_SAFE.name}` })).toHaveText('Go to Product');
    // A product without a colour shows none (not a made-up 'Black').
    const plain = wishlistLine(page, PLAIN_SAFE.name);
    await expect(plain.getByTestId('colour-swatch')).toHaveCount(0);
    await expect(plain.getByTestId('wishlist-line-colour')).not.toContainText('Black');
    await expect(plain.getByTestId('wishlist-line-price')).toHaveText(PLAIN_SAFE.price);

    await page.reload();
    await waitForIslands(page);
    await expect(wishlistLines(page)).toHaveCount(2);
    await expect(headerBadge(page, 'wishlist')).toHaveText('2');
  });

  test('a second tab follows: badge and list', async ({ page, context }) => {
    await wishFromProductPage(page, BLACK_SAFE.id);
    const other = await context.newPage();
    await gotoWishlist(other);
    await expect(wishlistLines(other)).toHaveCount(1);

    await wishFromProductPage(page, PLAIN_SAFE.id);
    await expect(headerBadge(other, 'wishlist')).toHaveText('2');
    await expect(wishlistLines(other)).toHaveCount(2);

    await gotoWishlist(page);
    await wishlistLine(page, BLACK_SAFE.name)
      .getByRole('button', { name: `Remove ${BLACK_SAFE.name} from the wishlist` })
      .click();
    await expect(wishlistLines(other)).toHaveCount(1);
    await expect(headerBadge(other, 'wishlist')).toHaveText('1');
  });

  test('Remove takes a row away; the last one leaves the empty picture', async ({ page }) => {
    await wishFromProductPage(page, BLACK_SAFE.id);
    await gotoWishlist(page);
    await wishlistLine(page, BLACK_SAFE.name)
      .getByRole('button', { name: `Remove ${BLACK_SAFE.name} from the wishlist` })
      .click();
    await expect(toasts(page)).toContainText('Product removed from wishlist');
    const empty = page.getByTestId('wishlist-empty');
    await expect(empty).toBeVisible();
    await expect(empty.getByRole('img')).toHaveAttribute('src', '/images/states/empty-wishlist.svg');
    await expect(headerBadge(page, 'wishlist')).toBeHidden();
    expect(await storedJson(page, 'wishlist-storage')).toEqual([]);
  });
});
