// Only paths of this shop are followed after sign-in (docs/decisions/0031-return-after-sign-in.md).
import { describe, expect, it } from 'vitest';
import { DEFAULT_RETURN_PATH, RETURN_PATH_MAX, safeReturnPath, signInPath } from './return-path';

describe('safeReturnPath', () => {
  it('keeps the paths of this shop, with their query and hash', () => {
    for (const path of [
      '/',
      '/orders',
      '/profile',
      '/order/42',
      '/cart/checkout-details',
      '/cart/checkout-details?payment=cash_on_delivery',
      '/checkout?order=17',
      '/product/12#write-review',
      '/store?q=fire%20safe&page=2',
      '/store?q=100%25',
      '/apiary', // not the API, only a name that starts like it
    ])
      expect(safeReturnPath(path)).toBe(path);
  });

  it('reads the path as the browser would', () => {
    expect(safeReturnPath('/cart/../orders')).toBe('/orders');
    expect(safeReturnPath('/store?q=café')).toBe('/store?q=caf%C3%A9');
  });

  it.each([
    // other sites
    ['//evil.com'],
    ['///evil.com'],
    ['/\\evil.com'],
    ['\\/evil.com'],
    ['\\\\evil.com'],
    ['/.//evil.com'],
    ['/%2E//evil.com'],
    ['https://evil.com'],
    ['http://evil.com/orders'],
    ['HTTPS://evil.com'],
    ['evil.com'],
    ['orders'],
    ['./orders'],
    ['../orders'],
    [' /orders'],
    // schemes
    ['javascript:alert(1)'],
    ['JaVaScRiPt:alert(1)'],
    ['data:text/html,<script>alert(1)</script>'],
    ['vbscript:msgbox(1)'],
    // encoded slashes and backslashes, once and twice
    ['%2F%2Fevil.com'],
    ['/%2F%2Fevil.com'],
    ['/%2f/evil.com'],
    ['/%252F%252Fevil.com'],
    ['/%5Cevil.com'],
    ['/%255Cevil.com'],
    ['%5C%5Cevil.com'],
    // control characters, raw and encoded (header splitting, tabs the URL parser drops)
    ['/orders\r\nSet-Cookie: a=b'],
    ['/orders%0d%0aSet-Cookie:%20a=b'],
    ['/orders%250d%250a'],
    ['/\t/evil.com'],
    ['/%09/evil.com'],
    ['/orders\u0000'],
    ['/orders%00'],
    ['/orders\u0085'],
    ['/orders%C2%85'],
    ['/orders\u007f'],
    // the API
    ['/api'],
    ['/api/'],
    ['/api/logout'],
    ['/API/logout'],
    ['/%61pi/logout'],
    ['/orders/../api/logout'],
    // encoded so many times it never settles
    ['/%2525252525252F'],
  ])('refuses %j', (hostile) => {
    expect(safeReturnPath(hostile)).toBe(DEFAULT_RETURN_PATH);
  });

  it('refuses what is not a string, empty or longer than any path of ours', () => {
    for (const value of [undefined, null, 42, {}, ['/orders'], '', `/${'a'.repeat(RETURN_PATH_MAX)}`])
      expect(safeReturnPath(value)).toBe(DEFAULT_RETURN_PATH);
  });

  it('falls back to the given default', () => {
    expect(safeReturnPath('//evil.com', '/cart')).toBe('/cart');
    expect(safeReturnPath(null, '/cart')).toBe('/cart');
  });
});

describe('signInPath', () => {
  it('opens the sign-in dialog on the home page with the path to go back to', () => {
    expect(signInPath('/orders')).toBe('/?login=1&next=%2Forders');
    expect(signInPath('/cart/checkout-details?payment=cash_on_delivery')).toBe(
      '/?login=1&next=%2Fcart%2Fcheckout-details%3Fpayment%3Dcash_on_delivery',
    );
    expect(new URLSearchParams(signInPath('/checkout?order=7&x=a&b').split('?')[1]).get('next')).toBe('/checkout?order=7&x=a&b');
  });

  it('takes the URL of the page asked for', () => {
    expect(signInPath(new URL('https://shop.example/order/9?x=1#top'))).toBe('/?login=1&next=%2Forder%2F9%3Fx%3D1');
  });

  it('leaves a hostile or home path out', () => {
    expect(signInPath('//evil.com')).toBe('/?login=1');
    expect(signInPath('/')).toBe('/?login=1');
  });
});
