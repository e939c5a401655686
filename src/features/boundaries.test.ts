// Code flows shared -> features -> app (docs/architecture.md#layers-and-imports): a feature imports src/client and src/domain,
// not another feature. The few places where one feature composes another are listed here with
// their reason; a new one fails until it is either moved to shared code or added with its reason.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const FEATURES = import.meta.dirname;

const ALLOWED: Record<string, string> = {
  'product -> cart/cart.actions': 'the purchase box adds the product to the cart',
  'product -> wishlist/wishlist.actions': 'the purchase box toggles the product in the wishlist',
  'cart -> coupon/CouponBox.astro': 'the cart page embeds the coupon box',
  'cart -> coupon/coupon-box': "the cart tells the coupon box why an applied coupon takes nothing off (its 'problem')",
  'cart -> coupon/coupon.actions': 'the cart summary says why an applied coupon takes nothing off',
  'cart -> wishlist/wishlist.sync': "after sign-in the cart's session merges both lists into the account",
  'cart -> wishlist/wishlist.actions': 'a line that cannot stay in the cart moves to the wishlist',
  'wishlist -> cart/cart.actions': 'the wishlist moves a product to the cart',
  'checkout -> coupon/CouponBox': 'the checkout summary embeds the coupon box',
  'checkout -> cart/cart.session': "checkout settles the account's lists with the server first",
  'checkout -> cart/cart.sync': 'after an order the account cart is reloaded from the server',
  'wishlist -> cart/cart.session': "the cart's session keeps both lists in step with the account",
  'profile -> auth/OtpStep': "the e-mail change enters the new address's code with the sign-up code's boxes, countdown and lock",
  'coupon -> cart/cart.sync': 'a coupon check waits for pending cart changes to reach the server',
};

function filesUnder(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? filesUnder(path.join(dir, e.name)) : [path.join(dir, e.name)]));
}

describe('feature boundaries', () => {
  it('lets a feature import another only where it composes it, as listed', () => {
    const found = new Set<string>();
    for (const file of filesUnder(FEATURES).filter((f) => /\.(astro|tsx?)$/.test(f) && !f.endsWith('.test.ts'))) {
      const feature = path.relative(FEATURES, file).split(path.sep)[0]!;
      const text = fs.readFileSync(file, 'utf8');
      for (const match of text.matchAll(/(?:from\s*|import\s*\(\s*)['"](?:@\/features\/|\.\.\/)([a-z-]+)\/([\w.-]+)['"]/g)) {
        if (match[1] !== feature) found.add(`${feature} -> ${match[1]}/${match[2]}`);
      }
    }
    expect([...found].filter((edge) => !(edge in ALLOWED))).toEqual([]);
    // A listed import that is gone should leave the list too.
    expect(Object.keys(ALLOWED).filter((edge) => !found.has(edge))).toEqual([]);
  });
});
