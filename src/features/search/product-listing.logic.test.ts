import { describe, expect, it } from 'vitest';
import { controlKey, isListingLink, listingQuery } from './product-listing.logic';

const click = { button: 0, metaKey: false, ctrlKey: false, shiftKey: false, altKey: false, defaultPrevented: false };
const link = (href: string, attrs: { target?: string; download?: boolean } = {}) => ({
  href,
  target: attrs.target ?? '',
  hasAttribute: (name: string) => name === 'download' && !!attrs.download,
});
const here = { href: 'https://shop.test/store?q=safe' };

describe('isListingLink', () => {
  it('keeps a plain click on another view of the same list in place', () => {
    expect(isListingLink(link('https://shop.test/store?q=safe&page=2'), here, click)).toBe(true);
    expect(isListingLink(link('/store?category=3'), here, click)).toBe(true);
  });

  it('lets other pages, anchors, new tabs and downloads go their way', () => {
    expect(isListingLink(link('https://shop.test/product/3'), here, click)).toBe(false);
    expect(isListingLink(link('https://shop.test/new-arrival?q=safe'), here, click)).toBe(false);
    expect(isListingLink(link('https://shop.test/store?q=safe#products'), here, click)).toBe(false);
    expect(isListingLink(link('https://other.test/store?page=2'), here, click)).toBe(false);
    expect(isListingLink(link('/store?page=2', { target: '_blank' }), here, click)).toBe(false);
    expect(isListingLink(link('/store?page=2', { download: true }), here, click)).toBe(false);
    for (const modifier of ['metaKey', 'ctrlKey', 'shiftKey', 'altKey'] as const) {
      expect(isListingLink(link('/store?page=2'), here, { ...click, [modifier]: true })).toBe(false);
    }
    expect(isListingLink(link('/store?page=2'), here, { ...click, button: 1 })).toBe(false);
    expect(isListingLink(link('/store?page=2'), here, { ...click, defaultPrevented: true })).toBe(false);
  });
});

describe('controlKey', () => {
  it('names boxes by name and value, other controls by id', () => {
    expect(controlKey({ name: 'brand', type: 'checkbox', value: '5' } as unknown as Element)).toBe('brand=5');
    expect(controlKey({ name: 'product-type', type: 'radio', value: '' } as unknown as Element)).toBe('product-type=');
    expect(controlKey({ name: 'sort', type: 'select-one', value: 'newest', id: 'sort' } as unknown as Element)).toBe('#sort');
    expect(controlKey({ name: 'x', type: 'text', value: '', id: '' } as unknown as Element)).toBeNull();
    expect(controlKey(null)).toBeNull();
    expect(controlKey({} as Element)).toBeNull();
  });
});

describe('listingQuery', () => {
  it('writes the fields as the store links do: no empty field, no page, no default sort', () => {
    expect(
      listingQuery([
        ['q', 'safe'],
        ['product-type', ''],
        ['brand', '2'],
        ['brand', '5'],
        ['sort', 'relevance'],
        ['page', '3'],
      ]),
    ).toBe('?q=safe&brand=2&brand=5');
    expect(
      listingQuery([
        ['q', 'safe'],
        ['sort', 'newest'],
      ]),
    ).toBe('?q=safe&sort=newest');
    expect(listingQuery([['sort', 'newest']])).toBe('');
    expect(
      listingQuery([
        ['price', '0-1000'],
        ['sort', 'price_asc'],
      ]),
    ).toBe('?price=0-1000&sort=price_asc');
  });
});
