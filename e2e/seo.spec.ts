import { expect, test, type Page } from '@playwright/test';
import { COLOUR_PRODUCT } from './helpers';
import { ACCOUNT_TEST_TIMEOUT_MS, PASSWORD, registerThroughApi, uniqueEmail } from './auth.helpers';

async function jsonLd(page: Page): Promise<Record<string, unknown>[]> {
  const texts = await page.locator('script[type="application/ld+json"]').allTextContents();
  return texts.map((t) => JSON.parse(t) as Record<string, unknown>);
}

test('/sitemap.xml answers 200 application/xml and lists the products', async ({ request }) => {
  const response = await request.get('/sitemap.xml');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toMatch(/^application\/xml/);
  expect(response.headers()['cache-control']).toBe('public, max-age=3600');
  const xml = await response.text();
  expect(xml.startsWith('<?xml')).toBe(true);
  expect(xml).toMatch(/<loc>[^<]*\/product\/1<\/loc>/);
  expect(xml).toMatch(/<loc>[^<]*\/store<\/loc>/);
  expect(xml).toMatch(/<loc>[^<]*\/contact<\/loc>/);
});

test('/contact is the same cached page for everybody, revalidated by browsers and CDNs', async ({ page }) => {
  test.setTimeout(ACCOUNT_TEST_TIMEOUT_MS);
  // The route cache's rule (docs/decisions/0037-route-cache.md#browsers-and-cdns): no personal data in
  // the page, so no Vary: Cookie; a copy kept elsewhere asks again each time.
  const anonymous = await page.request.get('/contact');
  expect(anonymous.status()).toBe(200);
  expect(anonymous.headers()['cache-control']).toBe('public, no-cache');
  expect(anonymous.headers()['vary']).toBe('Accept-Encoding');
  expect(anonymous.headers()['etag']).toMatch(/^W\/"/);
  await page.goto('/about');
  await registerThroughApi(page, { name: 'Cache Check', email: uniqueEmail('seo'), password: PASSWORD });
  const signedIn = await page.request.get('/contact');
  expect(signedIn.status()).toBe(200);
  expect(signedIn.headers()['cache-control']).toBe('public, no-cache');
  expect(signedIn.headers()['set-cookie']).toBeUndefined();
  expect(await signedIn.text()).not.toContain('Cache Check');
});

test('/robots.txt points at the sitemap and keeps private paths out', async ({ request }) => {
  const response = await request.get('/robots.txt');
  expect(response.status()).toBe(200);
  const lines = (await response.text()).split('\n');
  expect(lines.some((l) => /^Sitemap: https?:\/\/.+\/sitemap\.xml$/.test(l))).toBe(true);
  for (const p of ['/cart', '/checkout', '/orders', '/order/', '/profile', '/wishlist', '/api/']) expect(lines).toContain(`Disallow: ${p}`);
});

test('a product page has one Product and one BreadcrumbList, with social cards', async ({ page }) => {
  await page.goto(`/product/${COLOUR_PRODUCT.id}`);
  const data = await jsonLd(page);
  const products = data.filter((d) => d['@type'] === 'Product');
  expect(products).toHaveLength(1);
  expect(data.filter((d) => d['@type'] === 'BreadcrumbList')).toHaveLength(1);
  const offer = products[0]!.offers as Record<string, unknown>;
  expect(products[0]!.name).toBe(COLOUR_PRODUCT.name);
  expect(offer.priceCurrency).toBe('AED');
  expect(offer.price).toBe('1351.50');
  expect(offer.availability).toBe('https://schema.org/InStock');
  expect((products[0]!.aggregateRating as Record<string, unknown>).reviewCount).toBe(COLOUR_PRODUCT.reviews);
  // Link previews do not show SVG: the drawn picture is shared as the JPEG the build drew from it.
  const ogImage = page.locator('meta[property="og:image"]');
  await expect(ogImage).toHaveAttribute('content', /^https?:\/\/.+\/images\/products\/[\w-]+\.jpg$/);
  await expect(page.locator('meta[name="twitter:image"]')).toHaveAttribute('content', (await ogImage.getAttribute('content'))!);
  const shared = await page.request.get(new URL((await ogImage.getAttribute('content'))!).pathname);
  expect(shared.status()).toBe(200);
  expect(shared.headers()['content-type']).toBe('image/jpeg');
  await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute('content', 'summary_large_image');
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`/product/${COLOUR_PRODUCT.id}$`));
});

test('the home page has Organization JSON-LD', async ({ page }) => {
  await page.goto('/');
  const org = (await jsonLd(page)).filter((d) => d['@type'] === 'Organization');
  expect(org).toHaveLength(1);
  expect(org[0]).toMatchObject({
    name: expect.any(String),
    url: expect.stringMatching(/^https?:\/\//),
    logo: expect.stringMatching(/logo\.svg$/),
  });
});

test.describe('each page has its title, description, keywords and canonical address', () => {
  async function head(page: Page) {
    return {
      title: await page.title(),
      description: await page.locator('meta[name="description"]').getAttribute('content'),
      keywords: await page.locator('meta[name="keywords"]').getAttribute('content'),
      canonical: await page.locator('link[rel="canonical"]').getAttribute('href'),
    };
  }

  test('home and the two ranges take theirs from the seo/get data', async ({ page }) => {
    const seo = (
      (await (await page.request.get('/api/seo/get')).json()) as {
        data: Record<string, { title: string; description: string; keywords: string }>;
      }
    ).data;
    for (const [path, key, canonical] of [
      ['/', 'home', /\/$/],
      ['/store?product-type=office', 'office_buddy', /\/store/],
      ['/store?product-type=home', 'home_buddy', /\/store/],
    ] as const) {
      await page.goto(path);
      const meta = await head(page);
      expect(meta.title, path).toBe(seo[key]!.title);
      expect(meta.description, path).toBe(seo[key]!.description);
      expect(meta.keywords, path).toBe(seo[key]!.keywords);
      expect(meta.canonical, path).toMatch(canonical);
    }
  });

  test('a product page takes them from the product meta fields', async ({ page }) => {
    const product = (
      (await (await page.request.get(`/api/products/product-view?product_id=${COLOUR_PRODUCT.id}`)).json()) as {
        data: { meta_title: string; meta_description: string; meta_keywords: string };
      }
    ).data;
    await page.goto(`/product/${COLOUR_PRODUCT.id}`);
    const meta = await head(page);
    expect(meta.title).toContain(product.meta_title);
    // Branded once, even though the meta title already names the shop.
    expect(meta.title.match(/Safe Buddy/g)).toHaveLength(1);
    expect(meta.description).toBe(product.meta_description);
    expect(meta.keywords).toBe(product.meta_keywords);
  });
});
