// The JavaScript budget (docs/decisions/0042-page-weight.md): before the first interaction no
// page loads more than React's runtime plus 15 KB gzip, guest pages and a signed-in shopper's
// (checkout details, address form, payment, profile, orders, an order); the cart and the wishlist
// are custom elements with no React; the checkout's and the profile's React islands load on the
// first interaction (client:interact). Bytes of the built files, not time: the same build gives the same figures.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../tests/running-shop';
import { buildIfStale } from './build-if-stale';
import { PAGE_BUDGET_BYTES, openSignedInShop, weighPages, type SignedInShop } from './bench/page-weight';

let shop: SignedInShop | undefined;

beforeAll(async () => {
  buildIfStale(() => {});
  // PAGE_WEIGHT_PORT pins the port (a shared machine where each job has its own); otherwise any free one.
  shop = await openSignedInShop(process.env.PAGE_WEIGHT_PORT ? Number(process.env.PAGE_WEIGHT_PORT) : await freePort());
}, 600_000);

afterAll(async () => {
  await shop?.stop();
}, 60_000);

describe('JavaScript before the first interaction', () => {
  it("stays within React's runtime plus 15 KB on every page", async () => {
    const { react, pages } = await weighPages(shop!.base, shop);
    // React's runtime is measured, not assumed: from a weighed page's island, else from the build's
    // manifest (the checkout's islands and the coupon popup still load it).
    expect(react).toBeGreaterThan(20 * 1024);
    const over = pages.map((p) => ({ page: p.page, beyondReact: p.gzip - react })).filter((p) => p.beyondReact > PAGE_BUDGET_BYTES);
    expect(over).toEqual([]);
  });

  it('loads no React on the cart and the wishlist, and leaves the coupon popup and the row actions for their click', async () => {
    const { pages } = await weighPages(shop!.base);
    const cart = pages.find((p) => p.page === '/cart')!;
    const wishlist = pages.find((p) => p.page === '/wishlist')!;
    for (const page of [cart, wishlist]) {
      expect(page.rendererUrl).toBeNull();
      expect(page.modules.filter((url) => /\/(react|react-dom|client)\.[\w-]+\.js$/.test(url))).toEqual([]);
    }
    expect(cart.modules.filter((url) => /\/(CouponPicker|coupon-picker\.mount|Modal|set-aside\.actions)\./.test(url))).toEqual([]);
    expect(wishlist.modules.filter((url) => /\/wishlist\.actions\./.test(url))).toEqual([]);
  });
});

describe('the checkout before the first interaction', () => {
  it("loads no React: its islands wait for the shopper's first interaction (client:interact)", async () => {
    const { pages } = await weighPages(shop!.base, shop);
    for (const page of ['/cart/checkout-details', '/cart/save-address', '/checkout', '/profile']) {
      const weighed = pages.find((p) => p.page === page)!;
      const html = await (await fetch(new URL(page, shop!.base), { headers: { cookie: shop!.cookie }, redirect: 'manual' })).text();
      expect({ page, islands: [...html.matchAll(/<astro-island[^>]*\bclient="(\w+)"/g)].map((m) => m[1]) }).toMatchObject({
        page,
        islands: expect.arrayContaining(['interact']),
      });
      expect({ page, islands: [...html.matchAll(/<astro-island[^>]*\bclient="(\w+)"/g)].filter((m) => m[1] !== 'interact') }).toEqual({
        page,
        islands: [],
      });
      expect({
        page,
        renderer: weighed.rendererUrl,
        react: weighed.modules.filter((url) => /\/(react|react-dom|client)\.[\w-]+\.js$/.test(url)),
      }).toEqual({
        page,
        renderer: null,
        react: [],
      });
    }
  });

  it('loads no validation library: zod and libphonenumber-js wait for the first focus or input', async () => {
    const { pages } = await weighPages(shop!.base, shop);
    for (const page of ['/cart/checkout-details', '/cart/save-address', '/checkout']) {
      const modules = pages.find((p) => p.page === page)!.modules;
      // zod's and libphonenumber-js's own text, whatever the chunks are named.
      const sources = await Promise.all(modules.map(async (url) => (await fetch(url)).text()));
      expect({
        page,
        zod: sources.some((s) => s.includes('ZodError')),
        phone: sources.some((s) => s.includes('country_calling_codes')),
      }).toEqual({
        page,
        zod: false,
        phone: false,
      });
    }
  });
});
