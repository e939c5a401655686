// Home page at desktop width (docs/product.md#home-page).
import { expect, test, type Page } from '@playwright/test';
import { cards, classWord, toasts } from './helpers';

const HOME_CATEGORIES: Array<[number, string]> = [
  [12, 'Fire Safes'],
  [11, 'Filing Cabinets'],
  [13, 'Burglary Safes'],
  [14, 'Premium Safes'],
  [15, 'Vault Doors'],
  [16, 'Mobile Shelving System'],
  [17, 'Paper Shredders / Laminating / Binding machines'],
  [10, 'Currency Counting Machines'],
  [1, 'Flip charts and White Boards'],
];
const COMING_SOON = ['Interactive Displays', 'Furniture', 'Other Security Products'];
const IS_SCROLLED = classWord('is-scrolled');
const HERO_TITLES = ['Burglary safes', 'Paper shredders', 'Fire safes', 'Currency counters'];

/** Index of the one hero slide that is shown, or -1 when none or several are. */
async function visibleHeroIndex(page: Page): Promise<number> {
  return page.locator('[data-hero-slide]').evaluateAll((slides) => {
    const shown = slides.map((s, i) => ((s as HTMLElement).offsetParent !== null ? i : -1)).filter((i) => i >= 0);
    return shown.length === 1 ? shown[0]! : -1;
  });
}

test.describe('home page', () => {
  test('range banner: two slides linking to the office and home ranges', async ({ page }) => {
    await page.goto('/');
    const slides = page.locator('[data-banner-slide]');
    await expect(slides).toHaveCount(2);
    await expect(slides.nth(0)).toHaveAttribute('href', '/store?product-type=office');
    await expect(slides.nth(0)).toContainText('Office Buddy');
    await expect(slides.nth(1)).toHaveAttribute('href', '/store?product-type=home');
    await expect(slides.nth(1)).toContainText('Home Buddy');
    // Desktop shows both side by side.
    await expect(slides.nth(0)).toBeInViewport({ ratio: 1 });
    await expect(slides.nth(1)).toBeInViewport({ ratio: 1 });
    await slides.nth(1).click();
    await expect(page).toHaveURL('/store?product-type=home');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Home Buddy');
  });

  test('hero slider: four slides with Shop Now links, rotating by itself', async ({ page }) => {
    await page.goto('/');
    const slider = page.getByRole('region', { name: 'Promotions' });
    const slides = slider.locator('[data-hero-slide]');
    await expect(slides).toHaveCount(4);
    for (let i = 0; i < 4; i++) {
      await expect(slides.nth(i).getByRole('heading', { includeHidden: true })).toHaveText(HERO_TITLES[i]!);
      await expect(slides.nth(i).getByRole('link', { name: 'Shop Now', includeHidden: true })).toHaveAttribute('href', '/store');
    }
    expect(await visibleHeroIndex(page)).toBe(0);
    await expect(slider.getByRole('heading', { name: 'Burglary safes' })).toBeVisible();
    // Rotates every 5 s.
    await expect.poll(() => visibleHeroIndex(page), { timeout: 7_000 }).toBe(1);
    await expect(slider.getByRole('heading', { name: 'Paper shredders' })).toBeVisible();
    await expect(slider.getByRole('heading', { name: 'Burglary safes' })).toBeHidden();
  });

  test('hero slider: a dot shows its slide', async ({ page }) => {
    // Reduced motion stops the rotation, so only the click can change the slide.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/');
    const slider = page.getByRole('region', { name: 'Promotions' });
    await slider.getByRole('button', { name: 'Show Fire safes' }).click();
    await expect(slider.getByRole('heading', { name: 'Fire safes' })).toBeVisible();
    expect(await visibleHeroIndex(page)).toBe(2);
    await expect(slider.getByRole('button', { name: 'Show Fire safes' })).toHaveClass(classWord('is-active'));
    await slider.getByRole('button', { name: 'Show Currency counters' }).click();
    await expect(slider.getByRole('heading', { name: 'Currency counters' })).toBeVisible();
    expect(await visibleHeroIndex(page)).toBe(3);
    await expect(slider.getByRole('button', { name: 'Show Currency counters' })).toHaveClass(classWord('is-active'));
    await expect(slider.getByRole('button', { name: 'Show Fire safes' })).not.toHaveClass(classWord('is-active'));
    await slider.getByRole('link', { name: 'Shop Now' }).click();
    await expect(page).toHaveURL('/store');
  });

  test('benefits strip', async ({ page }) => {
    await page.goto('/');
    const strip = page.getByRole('region', { name: 'Why shop with us' });
    await expect(strip.getByRole('listitem')).toHaveCount(4);
    await expect(strip).toContainText('Free shipping');
    await expect(strip).toContainText('On orders above AED 300 within Dubai');
    await expect(strip).toContainText('Secure payments');
    await expect(strip).toContainText('24/7 support');
    await expect(strip).toContainText('Easy returns');
    await expect(strip).toContainText('Return within 7 days of delivery');
  });

  test('shop by category: nine linked categories in order and three coming soon', async ({ page }) => {
    await page.goto('/');
    const section = page.getByRole('region', { name: 'Shop by category' });
    await expect(section.getByRole('heading', { name: 'Shop by category' })).toBeVisible();
    const grid = page.getByTestId('home-categories');
    // The seeded ones: the staff specs add categories named "E2E …" for a moment (e2e/admin-taxonomy.shared.ts).
    const seeded = grid.getByRole('listitem').filter({ hasNotText: /\bE2E / });
    await expect(seeded).toHaveCount(HOME_CATEGORIES.length + COMING_SOON.length);
    const links = seeded.getByRole('link');
    await expect(links).toHaveCount(HOME_CATEGORIES.length);
    expect(await links.evaluateAll((as) => as.map((a) => a.getAttribute('href')))).toEqual(
      HOME_CATEGORIES.map(([id]) => `/store?category=${id}`),
    );
    for (const [id, name] of HOME_CATEGORIES) {
      await expect(grid.getByRole('link', { name, exact: true })).toHaveAttribute('href', `/store?category=${id}`);
    }
    for (const name of COMING_SOON) {
      const item = grid.getByRole('listitem').filter({ hasText: name });
      await expect(item).toHaveCount(1);
      await expect(item).toContainText('Coming soon!');
      await expect(item.getByRole('link')).toHaveCount(0);
    }
    await grid.getByRole('link', { name: 'Vault Doors' }).click();
    await expect(page).toHaveURL('/store?category=15');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Vault Doors');
  });

  test('showroom video loops muted and the toggle switches the sound', async ({ page }) => {
    await page.goto('/');
    const video = page.locator('video[data-home-video]');
    await video.scrollIntoViewIfNeeded();
    // It starts once on screen (docs/decisions/0042-page-weight.md).
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => ({ muted: v.muted, loop: v.loop, autoplay: v.autoplay })))
      .toEqual({ muted: true, loop: true, autoplay: true });
    const toggle = page.getByRole('button', { name: 'Unmute video' });
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await toggle.click();
    await expect(page.getByRole('button', { name: 'Mute video' })).toHaveAttribute('aria-pressed', 'true');
    expect(await video.evaluate((v: HTMLVideoElement) => v.muted)).toBe(false);
    await page.getByRole('button', { name: 'Mute video' }).click();
    await expect(page.getByRole('button', { name: 'Unmute video' })).toHaveAttribute('aria-pressed', 'false');
    expect(await video.evaluate((v: HTMLVideoElement) => v.muted)).toBe(true);
  });

  test('offer tiles: three coming soon, storage and safes linked', async ({ page }) => {
    await page.goto('/');
    const offers = page.getByRole('region', { name: 'Offers for every space' });
    await expect(offers.getByRole('listitem')).toHaveCount(5);
    for (const title of ['Printers', 'Chairs', 'Decor']) {
      const tile = offers.getByRole('listitem').filter({ hasText: title });
      await expect(tile).toContainText('Coming Soon');
      await expect(tile.getByRole('link')).toHaveCount(0);
    }
    const storage = offers.getByRole('listitem').filter({ hasText: 'Storage' });
    await expect(storage.getByRole('link', { name: 'Shop Now' })).toHaveAttribute('href', '/store?category=19');
    await expect(storage).not.toContainText('Coming Soon');
    const safes = offers.getByRole('listitem').filter({ hasText: 'Safes' });
    await expect(safes.getByRole('link', { name: 'Shop Now' })).toHaveAttribute('href', '/store?category=3');
    await safes.getByRole('link', { name: 'Shop Now' }).click();
    await expect(page).toHaveURL('/store?category=3');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Safes');
  });

  test('featured, latest and new arrival product grids', async ({ page }) => {
    await page.goto('/');
    const featured = page.getByTestId('featured-products');
    await expect(cards(featured)).toHaveCount(5);
    await expect(page.getByRole('region', { name: 'Featured Products' }).getByRole('link', { name: 'More Products' })).toHaveAttribute(
      'href',
      '/top-sellings',
    );

    const latest = page.getByTestId('latest-products');
    await expect(page.getByRole('heading', { name: 'Latest products' })).toBeVisible();
    await expect(cards(latest)).toHaveCount(4);
    const latestHrefs = await cards(latest)
      .getByRole('link')
      .evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    expect(latestHrefs).toHaveLength(4);
    for (const href of latestHrefs) expect(href).toMatch(/^\/product\/\d+$/);

    const arrivals = page.getByTestId('new-arrivals');
    await expect(page.getByRole('region', { name: 'New Arrivals' }).getByRole('link', { name: 'View All' })).toHaveAttribute(
      'href',
      '/new-arrival',
    );
    expect(await cards(arrivals).count()).toBeGreaterThan(0);

    // A latest card opens its product page.
    const firstName = (await cards(latest).first().locator('h3').textContent())!.trim();
    await cards(latest).first().click();
    await expect(page).toHaveURL(latestHrefs[0]!);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(firstName);
  });

  test('featured products are the first five top sellers; More Products opens the list', async ({ page }) => {
    await page.goto('/');
    const featuredNames = (await cards(page.getByTestId('featured-products')).locator('h3').allTextContents()).map((s) => s.trim());
    await page.getByRole('link', { name: 'More Products' }).click();
    await expect(page).toHaveURL('/top-sellings');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Top sellers');
    const topNames = (await cards(page.getByTestId('product-grid')).locator('h3').allTextContents()).map((s) => s.trim());
    expect(topNames.slice(0, 5)).toEqual(featuredNames);
  });

  test('limited-time offer copies its code FIRE10', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/');
    const code = page.getByTestId('offer-code');
    await expect(code).toHaveText('FIRE10');
    await code.click();
    await expect(toasts(page)).toContainText('Coupon code copied to clipboard');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('FIRE10');
  });

  test('top brands strip links to brand stores and scrolls by itself', async ({ page }) => {
    await page.goto('/');
    const section = page.getByRole('region', { name: 'Top Brands' });
    const links = section.getByRole('link');
    await expect(links).toHaveCount(8);
    const hrefs = await links.evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    for (const href of hrefs) expect(href).toMatch(/^\/store\/\?brand=\d+$/);
    await expect(section.getByRole('link', { name: 'Ironclad' })).toHaveAttribute('href', '/store/?brand=1');

    const strip = page.locator('[data-brand-strip]');
    await strip.scrollIntoViewIfNeeded();
    const start = await strip.evaluate((el) => el.scrollLeft);
    await expect.poll(() => strip.evaluate((el) => el.scrollLeft), { timeout: 5_000 }).toBeGreaterThan(start + 10);

    await section.getByRole('link', { name: 'Ironclad' }).click();
    await expect(page).toHaveURL('/store/?brand=1');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ironclad');
    await expect(page.getByRole('checkbox', { name: /Ironclad/ })).toBeChecked();
  });

  test('newsletter sign-up block', async ({ page }) => {
    await page.goto('/');
    const block = page.getByRole('region', { name: 'Sign up for deals, new products and promotions' });
    await expect(block.getByRole('heading', { name: 'Sign up for deals, new products and promotions' })).toBeVisible();
    const email = block.getByRole('textbox', { name: 'E-mail' });
    await expect(email).toBeVisible();
    await expect(email).toHaveAttribute('type', 'email');
    await expect(block.getByRole('button', { name: 'Subscribe' })).toBeVisible();
  });

  test('newsletter: the spec checks, the server message, and an address already subscribed in other case and spaces', async ({ page }) => {
    await page.goto('/');
    const block = page.getByRole('region', { name: 'Sign up for deals, new products and promotions' });
    const email = block.getByRole('textbox', { name: 'E-mail' });
    const subscribe = block.getByRole('button', { name: 'Subscribe' });
    await subscribe.click();
    await expect(block.getByText('Email is required')).toBeVisible();
    await email.fill('not-an-email');
    await subscribe.click();
    await expect(block.getByText('Invalid email address')).toBeVisible();

    const address = `news-d-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.ae`;
    await email.fill(address);
    await subscribe.click();
    await expect(toasts(page)).toContainText('Thank you for subscribing! Look out for our deals in your inbox.');
    await expect(email).toHaveValue('');
    // Stored normalised: the same address in capitals with spaces around is the same subscriber.
    await email.fill(`  ${address.toUpperCase()} `);
    await subscribe.click();
    await expect(toasts(page)).toContainText('You have already subscribed with us');
    // Nothing lost: the address stays in the field (the browser trims an e-mail field's spaces).
    await expect(email).toHaveValue(address.toUpperCase());
  });
});

test.describe('product card', () => {
  test('badges, rating and prices', async ({ page }) => {
    await page.goto('/store?category=12');
    const card = (id: number) => cards(page).filter({ has: page.locator(`a[href="/product/${id}"]`) });

    // New and discounted, with reviews.
    const df80 = card(8);
    await expect(df80).toHaveCount(1);
    await expect(df80.getByText('New', { exact: true })).toBeVisible();
    await expect(df80.getByTestId('discount-badge')).toHaveText('- 5%');
    await expect(df80.getByRole('heading')).toHaveText('Guardian Forge Inferno Document Fire Safe DF-80');
    await expect(df80.getByText('Rated 4.0 out of 5')).toHaveCount(1);
    await expect(df80).toContainText('4.0 (5)');
    await expect(df80.getByText('★★★★★')).toHaveCount(2);
    await expect(df80.getByTestId('card-price')).toHaveText('AED 5,320.00');
    await expect(df80.getByText('AED 5,600.00')).toHaveCSS('text-decoration-line', 'line-through');

    // Discounted, not new.
    const hs28 = card(16);
    await expect(hs28.getByTestId('discount-badge')).toHaveText('- 15%');
    await expect(hs28.getByText('New', { exact: true })).toHaveCount(0);
    await expect(hs28.getByTestId('card-price')).toHaveText('AED 1,351.50');

    // Neither new nor discounted.
    const fg45 = card(2);
    await expect(fg45.getByText('New', { exact: true })).toHaveCount(0);
    await expect(fg45.getByTestId('discount-badge')).toHaveCount(0);
    await expect(fg45.getByTestId('card-price')).toHaveText('AED 2,190.00');

    // Stock 0 is marked on the card.
    await expect(card(6).getByText('Out of stock', { exact: true })).toBeVisible();
    await expect(hs28.getByText('Out of stock', { exact: true })).toHaveCount(0);

    await df80.click();
    await expect(page).toHaveURL('/product/8');
  });
});

test.describe('header', () => {
  test('the active navigation link follows the URL', async ({ page }) => {
    await page.goto('/');
    const nav = page.locator('#site-header').getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link')).toHaveText(['Home', 'Office Buddy', 'Home Buddy', 'Contact Us']);
    await expect(nav.getByRole('link', { name: 'Home', exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'Office Buddy' })).not.toHaveAttribute('aria-current', /.*/);
    await expect(nav.getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', '/contact');

    await nav.getByRole('link', { name: 'Office Buddy' }).click();
    await expect(page).toHaveURL('/store?product-type=office');
    await expect(nav.getByRole('link', { name: 'Office Buddy' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'Home', exact: true })).not.toHaveAttribute('aria-current', /.*/);
    await expect(nav.getByRole('link', { name: 'Home Buddy' })).not.toHaveAttribute('aria-current', /.*/);

    await page.goto('/store?product-type=home');
    await expect(nav.getByRole('link', { name: 'Home Buddy' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'Office Buddy' })).not.toHaveAttribute('aria-current', /.*/);
  });

  test('the header gets a shadow after scrolling more than 70 px and stays on top', async ({ page }) => {
    await page.goto('/');
    const header = page.locator('#site-header');
    await expect(header).not.toHaveClass(IS_SCROLLED);
    await page.evaluate(async () => {
      window.scrollTo({ top: 60, behavior: 'instant' });
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    });
    expect(await page.evaluate(() => window.scrollY)).toBe(60);
    await expect(header).not.toHaveClass(IS_SCROLLED);
    await page.evaluate(() => window.scrollTo({ top: 600, behavior: 'instant' }));
    await expect(header).toHaveClass(IS_SCROLLED);
    expect(await header.evaluate((el) => el.getBoundingClientRect().top)).toBe(0);
    expect(await header.evaluate((el) => getComputedStyle(el).boxShadow)).not.toBe('none');
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
    await expect(header).not.toHaveClass(IS_SCROLLED);
  });

  test('the top banner can be dismissed and stays dismissed after a reload', async ({ page }) => {
    await page.goto('/');
    const banner = page.locator('#top-banner');
    await expect(banner).toBeVisible();
    await expect(banner).toContainText('Welcome to Safe Buddy');
    await expect(banner.getByRole('link', { name: /@/ })).toHaveAttribute('href', /^mailto:/);
    await expect(banner.getByRole('link').first()).toHaveAttribute('href', /^tel:/);
    await banner.getByRole('button', { name: 'Dismiss' }).click();
    await expect(banner).toBeHidden();
    await page.reload();
    await expect(page.locator('#site-header')).toBeVisible();
    await expect(banner).toBeHidden();
    await page.goto('/store');
    await expect(banner).toBeHidden();
  });

  test('the search box goes to /store?q=', async ({ page }) => {
    await page.goto('/');
    const box = page.locator('#site-header').getByRole('combobox', { name: 'Search' });
    await box.fill('shredder');
    await page.locator('#site-header').getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL('/store?q=shredder');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^\d+ results for “shredder”$/);
    await expect(page.getByTestId('results-count')).not.toHaveText('0 products');

    // Enter submits too; an empty box does nothing.
    await page.locator('#site-header').getByRole('combobox', { name: 'Search' }).fill('vault door');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL('/store?q=vault+door');
    await page.locator('#site-header').getByRole('combobox', { name: 'Search' }).fill('   ');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL('/store?q=vault+door');
  });

  test('the logo on the home page scrolls back to the top', async ({ page }) => {
    await page.goto('/');
    await page.evaluate(() => window.scrollTo({ top: 2500, behavior: 'instant' }));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(2000);
    await page.locator('#site-header').getByRole('link', { name: 'Safe Buddy home' }).click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expect(page).toHaveURL('/');
  });

  test('logo, wishlist and cart links', async ({ page }) => {
    await page.goto('/store');
    const header = page.locator('#site-header');
    await expect(header.getByRole('link', { name: 'Wishlist' })).toHaveAttribute('href', '/wishlist');
    await expect(header.getByRole('link', { name: 'Cart' })).toHaveAttribute('href', '/cart');
    // No badges while both are empty.
    await expect(header.locator('[data-badge="cart"]')).toBeHidden();
    await expect(header.locator('[data-badge="wishlist"]')).toBeHidden();
    await header.getByRole('link', { name: 'Safe Buddy home' }).click();
    await expect(page).toHaveURL('/');
  });
});

test.describe('footer', () => {
  test('links to the shop, help and policy pages', async ({ page }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    const expected: Array<[string, string]> = [
      ['Terms & Conditions', '/terms-and-conditions'],
      ['Privacy Policy', '/privacy-policy'],
      ['Return & Refund', '/cancellation-policy'],
      ['Shipping & Delivery', '/shopping-policy'],
      ['FAQ', '/faq'],
      ['Contact Us', '/contact'],
      ['About us', '/about'],
      ['Office Buddy', '/store?product-type=office'],
      ['Home Buddy', '/store?product-type=home'],
    ];
    for (const [name, href] of expected) {
      await expect(footer.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
    }
    const chat = footer.getByRole('link', { name: 'Chat with us on WhatsApp' });
    await expect(chat).toHaveAttribute('href', /^https:\/\/wa\.me\//);
    await expect(chat).toHaveAttribute('target', '_blank');
    // Chat and social links open in a new tab.
    const external = footer.locator('a[href^="http"]');
    expect(await external.count()).toBeGreaterThan(1);
    for (const link of await external.all()) {
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', /noopener/);
    }
    await expect(footer).toContainText(`© ${new Date().getFullYear()} Safe Buddy. All rights reserved.`);
    await expect(footer).toContainText('Dubai');

    await footer.getByRole('link', { name: 'FAQ', exact: true }).click();
    await expect(page).toHaveURL('/faq');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Frequently Asked Questions');
  });

  test('payment logos are shown and load', async ({ page, request }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    await expect(footer).toContainText('We accept');
    for (const name of ['Apple Pay', 'Google Pay', 'Mastercard', 'PayPal', 'Visa']) {
      const logo = footer.getByRole('img', { name, exact: true });
      await expect(logo).toBeVisible();
      const src = await logo.getAttribute('src');
      const response = await request.get(src!);
      expect(response.status(), src!).toBe(200);
      expect(response.headers()['content-type']).toContain('image/svg');
    }
  });
});
