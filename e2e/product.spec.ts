// Product page at desktop width (docs/product.md#product-page).
import { expect, test, type Page } from '@playwright/test';
import {
  COLOUR_PRODUCT as P,
  OUT_OF_STOCK_PRODUCT,
  PDF_PRODUCT,
  SINGLE_STOCK_PRODUCT,
  cards,
  headerBadge,
  parseAed,
  toasts,
  waitForIslands,
} from './helpers';

const mainImage = (page: Page) => page.locator('[data-gallery-main]');
const tabPanel = (page: Page, id: string) => page.locator(`#panel-${id}`);

test.describe('product details', () => {
  test('breadcrumbs, name, SKU, brand, categories and stock', async ({ page }) => {
    const response = await page.goto(`/product/${P.id}`);
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle(new RegExp(P.name.replace(/[()]/g, '\\$&')));
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(crumbs.getByRole('listitem').filter({ hasNotText: '/' })).toHaveText(['Home', 'Shop', P.name]);
    await expect(crumbs.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    await expect(crumbs.getByRole('link', { name: 'Shop' })).toHaveAttribute('href', '/store');
    await expect(crumbs.locator('[aria-current="page"]')).toHaveText(P.name);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(P.name);

    await expect(page.getByTestId('sku')).toHaveText(P.sku);
    await expect(page.getByText(`SKU: ${P.sku}`)).toBeVisible();
    const brand = page.getByTestId('brand-link');
    await expect(brand).toHaveText(P.brand.name);
    await expect(brand).toHaveAttribute('href', `/store/?brand=${P.brand.id}`);
    await expect(page.getByRole('link', { name: 'Fire Safes', exact: true })).toHaveAttribute('href', '/store?category=12');
    await expect(page.getByRole('link', { name: 'Safes', exact: true })).toHaveAttribute('href', '/store?category=3');
    await expect(page.getByText(`In stock (${P.stock} available)`)).toBeVisible();
    // Rating and review count beside the name.
    await expect(page.locator('[data-open-tab="reviews"]')).toContainText(`4.5 (${P.reviews})`);
    await expect(page.locator('[data-open-tab="reviews"]').getByText('Rated 4.5 out of 5')).toHaveCount(1);

    await brand.click();
    await expect(page).toHaveURL(`/store/?brand=${P.brand.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(P.brand.name);
    for (const name of await cards(page.getByTestId('product-grid')).locator('h3').allTextContents()) expect(name).toMatch(/^SteelNest /);
  });

  test('price with VAT note and the struck-through list price', async ({ page }) => {
    await page.goto(`/product/${P.id}`);
    await expect(page.getByTestId('price')).toHaveText(P.price);
    const old = page.getByText(P.oldPrice, { exact: true });
    await expect(old).toBeVisible();
    await expect(old).toHaveCSS('text-decoration-line', 'line-through');
    await expect(page.getByText(`- ${P.discount}%`).first()).toBeVisible();
    await expect(page.getByText('Inclusive of VAT')).toBeVisible();
    // The shown price is the list price less the discount.
    expect(parseAed(P.price)).toBeCloseTo(parseAed(P.oldPrice) * (1 - P.discount / 100), 2);

    // Without a discount there is no old price.
    await page.goto('/product/2');
    await expect(page.getByTestId('price')).toHaveText('AED 2,190.00');
    // The price line holds only the price (related product cards below may show struck prices).
    await expect(page.getByTestId('price').locator('..')).toHaveText('AED 2,190.00');
    await expect(page.getByText('Inclusive of VAT')).toBeVisible();
  });

  test('the description is rendered HTML', async ({ page }) => {
    await page.goto(`/product/${P.id}`);
    const description = page.getByTestId('description');
    await expect(description.getByRole('listitem').first()).toBeVisible();
    await expect(description.getByRole('listitem').filter({ hasText: '30-minute fire protection for paper' })).toBeVisible();
    await expect(description.locator('strong').first()).toHaveText(P.name);
    await expect(description).not.toContainText('<li>');
    await expect(description).not.toContainText('<p>');
  });

  test('gallery: thumbnails, full-screen viewer, next, previous, Escape and Close', async ({ page }) => {
    await page.goto(`/product/${P.id}`);
    await expect(mainImage(page)).toHaveAttribute('src', P.gallery[0]!);
    const thumbs = page.locator('[data-gallery-thumb]');
    await expect(thumbs).toHaveCount(P.gallery.length);
    await page.getByRole('button', { name: 'Product images 3', exact: true }).click();
    await expect(mainImage(page)).toHaveAttribute('src', P.gallery[2]!);

    const viewer = page.getByRole('dialog', { name: 'Product images' });
    await expect(viewer).toBeHidden();
    await page.getByRole('button', { name: 'Open full-screen image' }).click();
    await expect(viewer).toBeVisible();
    const viewerImage = viewer.locator('[data-viewer-image]');
    await expect(viewerImage).toHaveAttribute('src', P.gallery[2]!);
    await viewer.getByRole('button', { name: 'Next image' }).click();
    await expect(viewerImage).toHaveAttribute('src', P.gallery[3]!);
    await viewer.getByRole('button', { name: 'Previous image' }).click();
    await viewer.getByRole('button', { name: 'Previous image' }).click();
    await expect(viewerImage).toHaveAttribute('src', P.gallery[1]!);
    // Arrow keys step too, and the ends wrap around.
    await page.keyboard.press('ArrowLeft');
    await expect(viewerImage).toHaveAttribute('src', P.gallery[0]!);
    await page.keyboard.press('ArrowLeft');
    await expect(viewerImage).toHaveAttribute('src', P.gallery[P.gallery.length - 1]!);
    await page.keyboard.press('ArrowRight');
    await expect(viewerImage).toHaveAttribute('src', P.gallery[0]!);
    await page.keyboard.press('Escape');
    await expect(viewer).toBeHidden();
    // The main image follows the viewer.
    await expect(mainImage(page)).toHaveAttribute('src', P.gallery[0]!);

    // Clicking the main image opens the viewer too; Close shuts it.
    await mainImage(page).click();
    await expect(viewer).toBeVisible();
    await viewer.getByRole('button', { name: 'Close' }).click();
    await expect(viewer).toBeHidden();
  });

  test('colour swatches link to the sibling products', async ({ page }) => {
    await page.goto(`/product/${P.id}`);
    await expect(page.getByRole('paragraph').filter({ hasText: /^Colour: Black$/ })).toBeVisible();
    const swatches = page.getByTestId('colour-swatches').getByRole('link');
    await expect(swatches).toHaveCount(P.siblings.length);
    for (const s of P.siblings) {
      await expect(swatches.and(page.getByLabel(s.colour, { exact: true }))).toHaveAttribute('href', `/product/${s.id}`);
    }
    await expect(page.getByTestId('colour-swatches').getByLabel('Black', { exact: true })).toHaveAttribute('aria-current', 'true');
    await expect(page.getByTestId('colour-swatches').getByLabel('Grey', { exact: true })).not.toHaveAttribute('aria-current', /.*/);

    await page.getByTestId('colour-swatches').getByLabel('Grey', { exact: true }).click();
    await expect(page).toHaveURL('/product/15');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('SteelNest HomeShield Fire Safe HS-28 (Grey)');
    await expect(page.getByRole('paragraph').filter({ hasText: /^Colour: Grey$/ })).toBeVisible();
    await expect(page.getByTestId('colour-swatches').getByLabel('Grey', { exact: true })).toHaveAttribute('aria-current', 'true');

    // A product without colour siblings shows no swatches.
    await page.goto(`/product/${PDF_PRODUCT.id}`);
    await expect(page.getByTestId('colour-swatches')).toHaveCount(0);
  });

  test('tabs: specifications, reviews and video, by click and arrow keys', async ({ page }) => {
    await page.goto(`/product/${P.id}`);
    const tabs = page.getByRole('tablist', { name: 'Product information' }).getByRole('tab');
    await expect(tabs).toHaveText(['Specifications', `Reviews (${P.reviews})`, 'Video']);
    const specs = page.getByRole('tab', { name: 'Specifications' });
    const reviews = page.getByRole('tab', { name: `Reviews (${P.reviews})` });
    const video = page.getByRole('tab', { name: 'Video' });
    await expect(specs).toHaveAttribute('aria-selected', 'true');
    await expect(tabPanel(page, 'specifications')).toBeVisible();
    await expect(tabPanel(page, 'specifications')).toContainText('28 litres');
    await expect(tabPanel(page, 'reviews')).toBeHidden();
    await expect(tabPanel(page, 'video')).toBeHidden();

    await reviews.click();
    await expect(reviews).toHaveAttribute('aria-selected', 'true');
    await expect(specs).toHaveAttribute('aria-selected', 'false');
    await expect(tabPanel(page, 'reviews')).toBeVisible();
    await expect(tabPanel(page, 'specifications')).toBeHidden();
    // Five at first, the rest behind 'Show more reviews'.
    await expect(page.getByTestId('reviews').getByRole('listitem')).toHaveCount(5);
    await page.getByRole('button', { name: 'Show more reviews' }).click();
    await expect(page.getByTestId('reviews').getByRole('listitem')).toHaveCount(P.reviews);
    await expect(page.getByRole('button', { name: 'Show more reviews' })).toBeHidden();

    await reviews.focus();
    await page.keyboard.press('ArrowRight');
    await expect(video).toHaveAttribute('aria-selected', 'true');
    await expect(video).toBeFocused();
    await expect(tabPanel(page, 'video')).toBeVisible();
    await expect(tabPanel(page, 'video').locator('video source')).toHaveAttribute('src', /\.mp4$/);
    await expect(tabPanel(page, 'reviews')).toBeHidden();

    await page.keyboard.press('ArrowRight');
    await expect(specs).toHaveAttribute('aria-selected', 'true');
    await expect(specs).toBeFocused();
    await expect(tabPanel(page, 'specifications')).toBeVisible();
    await expect(tabPanel(page, 'video')).toBeHidden();

    await page.keyboard.press('ArrowLeft');
    await expect(video).toHaveAttribute('aria-selected', 'true');
    await expect(tabPanel(page, 'video')).toBeVisible();

    // The rating link opens the reviews.
    await page.locator('[data-open-tab="reviews"]').click();
    await expect(reviews).toHaveAttribute('aria-selected', 'true');
    await expect(tabPanel(page, 'reviews')).toBeVisible();
  });

  test('no Video tab without a video; the catalogue PDF is served', async ({ page, request }) => {
    await page.goto(`/product/${PDF_PRODUCT.id}`);
    await expect(page.getByRole('tab')).toHaveText(['Specifications', 'Reviews (0)']);
    await expect(page.getByRole('tab', { name: 'Video' })).toHaveCount(0);
    await page.getByRole('tab', { name: 'Reviews (0)' }).click();
    await expect(tabPanel(page, 'reviews')).toContainText('No reviews yet.');
    await page.getByRole('tab', { name: 'Specifications' }).click();

    const link = page.getByRole('link', { name: 'Product Catalogue (PDF)' });
    await expect(link).toBeVisible();
    await expect(link).toHaveAttribute('href', PDF_PRODUCT.pdf);
    const response = await request.get(PDF_PRODUCT.pdf);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('application/pdf');
    const body = await response.body();
    expect(body.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // Drawn by pdfkit with the shop's embedded typeface (docs/decisions/0052-pdf-library.md), found by the built server.
    expect(body.toString('latin1')).toMatch(/\/FontName \/[A-Z]{6}\+IBMPlexSansArabic/);
    // A catalogue that does not exist is a 404.
    expect((await request.get('/catalogues/NO-SUCH-SKU.pdf')).status()).toBe(404);
  });

  test('You might also like shows other products', async ({ page }) => {
    await page.goto(`/product/${P.id}`);
    const related = page.getByRole('region', { name: 'You might also like' });
    await expect(related.getByRole('heading', { name: 'You might also like' })).toBeVisible();
    const hrefs = await cards(related)
      .getByRole('link')
      .evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    expect(hrefs.length).toBeGreaterThan(0);
    expect(hrefs.length).toBeLessThanOrEqual(4);
    for (const href of hrefs) {
      expect(href).toMatch(/^\/product\/\d+$/);
      expect(href).not.toBe(`/product/${P.id}`);
    }
  });
});

test.describe('buying', () => {
  test('quantity stepper: minus disabled at 1, plus increases', async ({ page }) => {
    await page.goto(`/product/${P.id}`);
    await waitForIslands(page);
    const minus = page.getByRole('button', { name: 'Decrease quantity' });
    const plus = page.getByRole('button', { name: 'Increase quantity' });
    const quantity = page.getByTestId('quantity');
    await expect(quantity).toHaveText('1');
    await expect(minus).toBeDisabled();
    await plus.click();
    await expect(quantity).toHaveText('2');
    await expect(minus).toBeEnabled();
    await plus.click();
    await expect(quantity).toHaveText('3');
    await minus.click();
    await minus.click();
    await expect(quantity).toHaveText('1');
    await expect(minus).toBeDisabled();
  });

  test('plus beyond the stock says so and keeps the quantity', async ({ page }) => {
    await page.goto(`/product/${SINGLE_STOCK_PRODUCT.id}`);
    await expect(page.getByText('In stock (1 available)')).toBeVisible();
    await waitForIslands(page);
    await page.getByRole('button', { name: 'Increase quantity' }).click();
    await expect(toasts(page)).toContainText('Quantity exceeded available stock');
    await expect(page.getByTestId('quantity')).toHaveText('1');
  });

  test('Add to cart, then Go to cart, kept after a reload', async ({ page }) => {
    await page.goto(`/product/${P.id}`);
    await waitForIslands(page);
    await expect(headerBadge(page, 'cart')).toBeHidden();
    await page.getByRole('button', { name: 'Increase quantity' }).click();
    await expect(page.getByTestId('quantity')).toHaveText('2');
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect(toasts(page)).toContainText('Item added to the cart');
    await expect(headerBadge(page, 'cart')).toBeVisible();
    await expect(headerBadge(page, 'cart')).toHaveText('1');
    const goToCart = page.getByRole('link', { name: 'Go to cart' });
    await expect(goToCart).toHaveAttribute('href', '/cart');
    await expect(page.getByRole('button', { name: 'Add to cart' })).toHaveCount(0);

    await page.reload();
    await waitForIslands(page);
    await expect(page.getByRole('link', { name: 'Go to cart' })).toHaveAttribute('href', '/cart');
    await expect(headerBadge(page, 'cart')).toHaveText('1');

    // The badge shows on other pages too; another product adds a second line.
    await page.goto('/product/2');
    await waitForIslands(page);
    await expect(headerBadge(page, 'cart')).toHaveText('1');
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect(headerBadge(page, 'cart')).toHaveText('2');
  });

  test('wishlist toggle changes its label and the header badge', async ({ page }) => {
    await page.goto(`/product/${P.id}`);
    await waitForIslands(page);
    await expect(headerBadge(page, 'wishlist')).toBeHidden();
    const toggle = page.getByRole('button', { name: 'Add to wishlist' });
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await toggle.click();
    const added = page.getByRole('button', { name: 'Added to wishlist' });
    await expect(added).toHaveAttribute('aria-pressed', 'true');
    await expect(toasts(page)).toContainText('Product added to wishlist');
    await expect(headerBadge(page, 'wishlist')).toHaveText('1');

    await page.reload();
    await waitForIslands(page);
    await expect(page.getByRole('button', { name: 'Added to wishlist' })).toBeVisible();
    await expect(headerBadge(page, 'wishlist')).toHaveText('1');

    await page.getByRole('button', { name: 'Added to wishlist' }).click();
    await expect(page.getByRole('button', { name: 'Add to wishlist' })).toHaveAttribute('aria-pressed', 'false');
    await expect(toasts(page)).toContainText('Product removed from wishlist');
    await expect(headerBadge(page, 'wishlist')).toBeHidden();
  });

  test('out of stock: a WhatsApp enquiry instead of Add to cart', async ({ page }) => {
    await page.goto(`/product/${OUT_OF_STOCK_PRODUCT.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(OUT_OF_STOCK_PRODUCT.name);
    await expect(page.getByText('Out of stock', { exact: true })).toBeVisible();
    const contact = page.getByRole('link', { name: 'Contact us for availability' });
    await expect(contact).toBeVisible();
    await expect(contact).toHaveAttribute('target', '_blank');
    const href = (await contact.getAttribute('href'))!;
    const url = new URL(href);
    expect(`${url.protocol}//${url.host}`).toBe('https://wa.me');
    expect(url.pathname).toMatch(/^\/\d+$/);
    const text = url.searchParams.get('text') ?? '';
    expect(text).toContain(OUT_OF_STOCK_PRODUCT.name);
    expect(text).toContain(OUT_OF_STOCK_PRODUCT.sku);
    await expect(page.getByRole('button', { name: 'Add to cart' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Increase quantity' })).toHaveCount(0);
  });
});

test.describe('unknown products', () => {
  for (const path of [
    '/product/999999',
    '/product/abc',
    '/product/016',
    '/product/0x10',
    '/product/1e1',
    '/product/16.0',
    '/product/99999999999',
  ]) {
    test(`${path} answers 404 with the not-found notice`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      const notice = page.getByTestId('not-found-notice');
      await expect(notice).toBeVisible();
      await expect(notice).toContainText('Page not found');
      await expect(page.getByRole('heading', { name: 'Shop by category' })).toBeVisible();
    });
  }
});
