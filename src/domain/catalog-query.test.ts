import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parseStoreParams, productListQuerySchema, storeHref, type ProductFilter } from './catalog-query';
import { PRICE_BUCKETS } from './price-buckets';

const store = (query: string) => parseStoreParams(new URLSearchParams(query));
const api = (query: Record<string, string>) => productListQuerySchema.safeParse(query);
const apiOk = (query: Record<string, string>): ProductFilter => {
  const result = api(query);
  if (!result.success) throw new Error(`expected success: ${JSON.stringify(result.error.issues)}`);
  return result.data;
};
const apiErrorPaths = (query: Record<string, string>): string[] => {
  const result = api(query);
  expect(result.success).toBe(false);
  return result.success ? [] : result.error.issues.map((i) => i.path.join('.'));
};

describe('parseStoreParams', () => {
  it('defaults: page 1, 12 per page, newest first, no filters', () => {
    expect(store('')).toEqual({ brandIds: [], categoryIds: [], priceRanges: [], sort: 'newest', page: 1, limit: 12 });
  });

  it('reads repeated and comma-separated brand and category ids, de-duplicated', () => {
    const f = store('brand=3&brand=5,7&category=12,13&category=12&category=19');
    expect(f.brandIds).toEqual([3, 5, 7]);
    expect(f.categoryIds).toEqual([12, 13, 19]);
  });

  it('drops ids that are not positive integers', () => {
    const f = store('brand=abc&brand=0&brand=-2&brand=1.5&brand=4&category=,,&category=99999999999&category=11');
    expect(f.brandIds).toEqual([4]);
    expect(f.categoryIds).toEqual([11]);
  });

  it('caps the number of ids', () => {
    const many = Array.from({ length: 80 }, (_, i) => i + 1).join(',');
    expect(store(`brand=${many}`).brandIds).toHaveLength(50);
  });

  it('reads product-type as office, home, 2 or 1 and drops anything else', () => {
    expect(store('product-type=office').productType).toBe('office');
    expect(store('product-type=home').productType).toBe('home');
    expect(store('product-type=2').productType).toBe('office');
    expect(store('product-type=1').productType).toBe('home');
    expect(store('product-type=3').productType).toBeUndefined();
    expect(store('product-type=Office').productType).toBeUndefined();
    expect(store('product-type=').productType).toBeUndefined();
  });

  it('turns price bucket ids into fils ranges and drops unknown ids', () => {
    expect(store('price=0-1000').priceRanges).toEqual([{ min: 0, max: 100_000 }]);
    expect(store('price=10000-20000&price=100000-&price=bogus&price=15000-20000').priceRanges).toEqual([
      { min: 1_000_000, max: 2_000_000 },
      { min: 10_000_000, max: null },
    ]);
  });

  it('reads the page and falls back to 1 for bad pages', () => {
    expect(store('page=3').page).toBe(3);
    for (const bad of ['0', '-1', 'abc', '2.5', '', '1e9', '100001']) expect(store(`page=${bad}`).page, bad).toBe(1);
    expect(store('page=100000').page).toBe(100_000);
  });

  it('trims q, caps it at 100 characters and sorts a search by relevance', () => {
    const f = store(`q=${encodeURIComponent('  fire safe  ')}`);
    expect(f.search).toBe('fire safe');
    expect(f.sort).toBe('relevance');
    expect(store(`q=${'a'.repeat(300)}`).search).toHaveLength(100);
    expect(store('q=%20%20%20')).not.toHaveProperty('search');
    expect(store('q=%20%20%20').sort).toBe('newest');
  });

  it('keeps a known sort and ignores an unknown one', () => {
    expect(store('sort=price_asc').sort).toBe('price_asc');
    expect(store('sort=price_desc&q=safe').sort).toBe('price_desc');
    expect(store('sort=drop table').sort).toBe('newest');
  });
});

describe('productListQuerySchema', () => {
  it('defaults', () => {
    expect(apiOk({})).toEqual({ brandIds: [], categoryIds: [], priceRanges: [], sort: 'newest', page: 1, limit: 12 });
  });

  it('reads page and limit', () => {
    expect(apiOk({ page: '2', limit: '30' })).toMatchObject({ page: 2, limit: 30 });
    expect(apiOk({ limit: '100' }).limit).toBe(100);
  });

  it('reads JSON lists of categories and brands, merged with category_id and brand_id', () => {
    expect(apiOk({ category: '[12,13]' }).categoryIds).toEqual([12, 13]);
    expect(apiOk({ category: '[12,13]', category_id: '13' }).categoryIds).toEqual([12, 13]);
    expect(apiOk({ category: '[12]', category_id: '19' }).categoryIds).toEqual([12, 19]);
    expect(apiOk({ brand: '[4, 5]', brand_id: '6' }).brandIds).toEqual([4, 5, 6]);
    expect(apiOk({ brand: '4,5' }).brandIds).toEqual([4, 5]);
    expect(apiOk({ brand: '[]', category: '' })).toMatchObject({ brandIds: [], categoryIds: [] });
  });

  it('treats empty or "null" brand_id and category_id as absent', () => {
    expect(apiOk({ brand_id: '', category_id: 'null' })).toMatchObject({ brandIds: [], categoryIds: [] });
  });

  it('turns price ranges in AED into fils, max null or missing meaning open-ended', () => {
    expect(apiOk({ price: '[{"min":0,"max":1000}]' }).priceRanges).toEqual([{ min: 0, max: 100_000 }]);
    expect(apiOk({ price: '[{"min":1000,"max":10000},{"min":100000}]' }).priceRanges).toEqual([
      { min: 100_000, max: 1_000_000 },
      { min: 10_000_000, max: null },
    ]);
    expect(apiOk({ price: '[{"min":"50000"}]' }).priceRanges).toEqual([{ min: 5_000_000, max: null }]);
    expect(apiOk({ price: '[{"min":0.1,"max":99.995}]' }).priceRanges).toEqual([{ min: 10, max: 10_000 }]);
  });

  it('reads product_type 2 as office and 1 as home, "" and "null" as no type', () => {
    expect(apiOk({ product_type: '2' }).productType).toBe('office');
    expect(apiOk({ product_type: '1' }).productType).toBe('home');
    expect(apiOk({ product_type: 'home' }).productType).toBe('home');
    expect(apiOk({ product_type: 'null' })).not.toHaveProperty('productType');
    expect(apiOk({ product_type: '' })).not.toHaveProperty('productType');
  });

  it('reads search (or q), trimmed, and then sorts by relevance', () => {
    expect(apiOk({ search: '  shredder ' })).toMatchObject({ search: 'shredder', sort: 'relevance' });
    expect(apiOk({ q: 'vault' })).toMatchObject({ search: 'vault', sort: 'relevance' });
    expect(apiOk({ search: '   ' })).not.toHaveProperty('search');
    expect(apiOk({ search: 'safe', sort: 'price_asc' }).sort).toBe('price_asc');
  });

  it('refuses bad pages and limits', () => {
    for (const page of ['0', '-1', 'abc', '1.5', '100001']) expect(apiErrorPaths({ page }), page).toContain('page');
    for (const limit of ['0', '1000', '101', 'ten']) expect(apiErrorPaths({ limit }), limit).toContain('limit');
  });

  it('refuses unknown product types', () => {
    for (const product_type of ['7', '0', 'garden', 'OFFICE'])
      expect(apiErrorPaths({ product_type }), product_type).toContain('product_type');
  });

  it('refuses price that is not a JSON list of ranges', () => {
    for (const price of ['notjson', '[{"min":0', '[1,2]', '[{"min":-1,"max":5}]', '[{"min":10,"max":5}]', '{"min":0}', '[{"max":5}]']) {
      expect(apiErrorPaths({ price }), price).toEqual(expect.arrayContaining([expect.stringMatching(/^price/)]));
    }
  });

  it('refuses bad ids in lists and in brand_id / category_id', () => {
    expect(apiErrorPaths({ category: '[12,"x"]' }).some((p) => p.startsWith('category'))).toBe(true);
    expect(apiErrorPaths({ brand: '[0]' }).some((p) => p.startsWith('brand'))).toBe(true);
    expect(apiErrorPaths({ brand_id: 'abc' })).toContain('brand_id');
    expect(apiErrorPaths({ category_id: '-3' })).toContain('category_id');
    expect(
      apiErrorPaths({ category: JSON.stringify(Array.from({ length: 51 }, (_, i) => i + 1)) }).some((p) => p.startsWith('category')),
    ).toBe(true);
  });

  it('refuses an over-long search and an unknown sort', () => {
    expect(apiErrorPaths({ search: 'x'.repeat(101) })).toContain('search');
    expect(apiErrorPaths({ sort: 'random' })).toContain('sort');
  });
});

describe('storeHref', () => {
  it('builds the plain base without filters', () => {
    expect(storeHref('/store', {})).toBe('/store');
    expect(storeHref('/store', { page: 1, sort: 'newest' })).toBe('/store');
  });

  it('keeps "newest" while searching, where the default is best match', () => {
    const href = storeHref('/store', { search: 'safe', sort: 'newest' });
    expect(parseStoreParams(new URL(href, 'http://x').searchParams).sort).toBe('newest');
  });

  it('drops inherited object keys given as product-type', () => {
    expect(parseStoreParams(new URLSearchParams('product-type=constructor')).productType).toBeUndefined();
    expect(parseStoreParams(new URLSearchParams('product-type=__proto__')).productType).toBeUndefined();
  });

  it('writes each filter as the store parameters', () => {
    const href = storeHref('/store', {
      search: 'fire safe',
      productType: 'home',
      categoryIds: [12, 13],
      brandIds: [4],
      priceBucketIds: ['0-1000'],
      sort: 'price_asc',
      page: 3,
    });
    const params = new URL(href, 'http://x').searchParams;
    expect(new URL(href, 'http://x').pathname).toBe('/store');
    expect(params.get('q')).toBe('fire safe');
    expect(params.get('product-type')).toBe('home');
    expect(params.getAll('category')).toEqual(['12', '13']);
    expect(params.getAll('brand')).toEqual(['4']);
    expect(params.getAll('price')).toEqual(['0-1000']);
    expect(params.get('sort')).toBe('price_asc');
    expect(params.get('page')).toBe('3');
  });

  it('round-trips through parseStoreParams (property)', () => {
    const ids = fc.uniqueArray(fc.integer({ min: 1, max: 2 ** 31 - 1 }), { maxLength: 10 });
    const text = fc
      .string({ maxLength: 100 })
      .map((s) => s.trim())
      .filter((s) => s.length > 0);
    fc.assert(
      fc.property(
        fc.record({
          search: fc.option(text, { nil: undefined }),
          productType: fc.option(fc.constantFrom('office' as const, 'home' as const), { nil: undefined }),
          categoryIds: ids,
          brandIds: ids,
          buckets: fc.subarray([...PRICE_BUCKETS]),
          sort: fc.constantFrom('price_asc' as const, 'price_desc' as const, 'rating' as const, 'newest' as const, undefined),
          page: fc.integer({ min: 1, max: 100_000 }),
        }),
        (f) => {
          const href = storeHref('/store', { ...f, priceBucketIds: f.buckets.map((b) => b.id) });
          const parsed = parseStoreParams(new URL(href, 'http://localhost').searchParams);
          expect(parsed.search).toBe(f.search);
          expect(parsed.productType).toBe(f.productType);
          expect(parsed.categoryIds).toEqual(f.categoryIds);
          expect(parsed.brandIds).toEqual(f.brandIds);
          expect(parsed.priceRanges).toEqual(f.buckets.map(({ min, max }) => ({ min, max })));
          expect(parsed.sort).toBe(f.sort ?? (f.search ? 'relevance' : 'newest'));
          expect(parsed.page).toBe(f.page);
        },
      ),
      { numRuns: 300 },
    );
  });
});
