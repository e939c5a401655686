// The back office's own forms refuse a post another site made the browser send
// (docs/decisions/0033-back-office-staff.md#staff-management).
import { describe, expect, it } from 'vitest';
import { isForeignPost } from './admin-form';

const url = new URL('https://shop.example/admin/staff');
const post = (headers: Record<string, string>) => new Request(url, { method: 'POST', headers });

describe('isForeignPost', () => {
  it('refuses what the browser marks as cross-site or same-site, and a foreign Origin', () => {
    expect(isForeignPost(post({ 'sec-fetch-site': 'cross-site' }), url)).toBe(true);
    expect(isForeignPost(post({ 'sec-fetch-site': 'same-site' }), url)).toBe(true);
    expect(isForeignPost(post({ origin: 'https://evil.example' }), url)).toBe(true);
    expect(isForeignPost(post({ origin: 'http://shop.example' }), url)).toBe(true);
  });

  it("takes the shop's own form, and a client that sends neither header", () => {
    expect(isForeignPost(post({ 'sec-fetch-site': 'same-origin', origin: 'https://shop.example' }), url)).toBe(false);
    expect(isForeignPost(post({}), url)).toBe(false);
  });
});
