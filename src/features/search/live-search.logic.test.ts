import { afterEach, describe, expect, it, vi } from 'vitest';
import { SEARCH_MAX_CHARS } from '@/domain/constants';
import {
  LIVE_SEARCH_LIMIT,
  createLatestOnly,
  debounce,
  liveSearchUrl,
  moveIndex,
  parseLiveResults,
  productUrl,
  searchTextOf,
  shouldSearch,
  storeSearchUrl,
} from './live-search.logic';

/** A promise with its resolve and reject handed out, to finish tasks in any order. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('search text and threshold', () => {
  it('trims, collapses spaces and caps the length', () => {
    expect(searchTextOf('  fire   safe \n')).toBe('fire safe');
    expect(searchTextOf('x'.repeat(SEARCH_MAX_CHARS + 20))).toHaveLength(SEARCH_MAX_CHARS);
  });

  it('searches only for text longer than 1 character', () => {
    expect(shouldSearch('')).toBe(false);
    expect(shouldSearch(searchTextOf('   '))).toBe(false);
    expect(shouldSearch('s')).toBe(false);
    expect(shouldSearch(searchTextOf(' s '))).toBe(false);
    expect(shouldSearch('sh')).toBe(true);
  });
});

describe('URLs', () => {
  it('asks the product list with search and limit, encoded', () => {
    expect(liveSearchUrl('fire safe')).toBe(`/api/products/all-product-list?search=fire+safe&limit=${LIVE_SEARCH_LIMIT}`);
    expect(liveSearchUrl('a&b=c#d', 3)).toBe('/api/products/all-product-list?search=a%26b%3Dc%23d&limit=3');
  });

  it('goes to /store?q= and /product/{id}', () => {
    expect(storeSearchUrl('vault door')).toBe('/store?q=vault+door');
    expect(storeSearchUrl('50% off & more')).toBe('/store?q=50%25+off+%26+more');
    expect(productUrl(16)).toBe('/product/16');
  });
});

describe('moveIndex', () => {
  it('starts at the first with Down and the last with Up', () => {
    expect(moveIndex(-1, 'ArrowDown', 4)).toBe(0);
    expect(moveIndex(-1, 'ArrowUp', 4)).toBe(3);
  });

  it('steps and wraps around both ends', () => {
    expect(moveIndex(0, 'ArrowDown', 4)).toBe(1);
    expect(moveIndex(3, 'ArrowDown', 4)).toBe(0);
    expect(moveIndex(2, 'ArrowUp', 4)).toBe(1);
    expect(moveIndex(0, 'ArrowUp', 4)).toBe(3);
    expect(moveIndex(0, 'ArrowDown', 1)).toBe(0);
  });

  it('has nothing to highlight in an empty list, and mends an index past the end', () => {
    expect(moveIndex(-1, 'ArrowDown', 0)).toBe(-1);
    expect(moveIndex(2, 'ArrowUp', 0)).toBe(-1);
    expect(moveIndex(7, 'ArrowDown', 3)).toBe(0);
  });

  it('ArrowDown twice from none highlights the second result', () => {
    expect(moveIndex(moveIndex(-1, 'ArrowDown', 5), 'ArrowDown', 5)).toBe(1);
  });
});

describe('parseLiveResults', () => {
  const row = {
    id: 16,
    name: 'Fire Safe',
    thumbnail_img_link: '/images/a.svg',
    unit_price: 1590,
    discounted_price: 1351.5,
    rating: 4.5,
    review_count: 6,
    sku: 'SN-HS-28-BLK',
    color: 'Black',
    hex_code: '#23262b',
  };

  it('takes data.data and prefers the discounted price', () => {
    expect(parseLiveResults({ success: true, data: { data: [row] } })).toEqual([
      {
        id: 16,
        name: 'Fire Safe',
        thumbnail: '/images/a.svg',
        price: 1351.5,
        oldPrice: 1590,
        rating: 4.5,
        reviewCount: 6,
        sku: 'SN-HS-28-BLK',
        colorHex: '#23262b',
        colorName: 'Black',
      },
    ]);
  });

  it('keeps the model, and the colour only as a plain hex (it goes into a style attribute)', () => {
    const [plain] = parseLiveResults({ data: { data: [{ ...row, color: null, hex_code: null }] } });
    expect(plain).toMatchObject({ sku: 'SN-HS-28-BLK', colorHex: null, colorName: null });
    const [odd] = parseLiveResults({ data: { data: [{ ...row, hex_code: 'red;background:url(x)' }] } });
    expect(odd!.colorHex).toBeNull();
  });

  it('uses the unit price when there is no discount', () => {
    const [full] = parseLiveResults({ data: { data: [{ ...row, discounted_price: 1590 }] } });
    expect(full).toMatchObject({ price: 1590, oldPrice: null });
    const [none] = parseLiveResults({ data: { data: [{ ...row, discounted_price: null }] } });
    expect(none).toMatchObject({ price: 1590, oldPrice: null });
  });

  it('skips malformed rows and survives odd bodies', () => {
    expect(parseLiveResults(null)).toEqual([]);
    expect(parseLiveResults({ data: [] })).toEqual([]);
    expect(parseLiveResults({ data: { data: 'nope' } })).toEqual([]);
    const results = parseLiveResults({
      data: {
        data: [
          null,
          { id: '3', name: 'x' },
          { id: 4 },
          { id: -1, name: 'y' },
          { id: 5, name: 'Ok', rating: 9, unit_price: 'abc', review_count: -3 },
        ],
      },
    });
    expect(results).toEqual([
      { id: 5, name: 'Ok', thumbnail: '', price: 0, oldPrice: null, rating: 5, reviewCount: 0, sku: '', colorHex: null, colorName: null },
    ]);
  });
});

describe('debounce', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs once with the last argument after the quiet time', () => {
    vi.useFakeTimers();
    const fn = vi.fn();
    const d = debounce(fn, 250);
    d('fi');
    vi.advanceTimersByTime(200);
    d('fir');
    vi.advanceTimersByTime(200);
    d('fire');
    expect(fn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(250);
    expect(fn).toHaveBeenCalledTimes(1);
    expect(fn).toHaveBeenCalledWith('fire');
  });

  it('cancel drops the pending call', () => {
    vi.useFakeTimers();
    const fn = vi.fn();
    const d = debounce(fn, 250);
    d('fire');
    d.cancel();
    vi.advanceTimersByTime(1000);
    expect(fn).not.toHaveBeenCalled();
  });
});

describe('createLatestOnly', () => {
  it('an older answer that arrives last is stale; the newer one counts', async () => {
    const pending = new Map<string, ReturnType<typeof deferred<string>>>();
    // A task that ignores its abort signal, so only the sequence number can save us.
    const latest = createLatestOnly((text: string) => {
      const d = deferred<string>();
      pending.set(text, d);
      return d.promise;
    });
    const first = latest.call('fir');
    const second = latest.call('fire saf');
    pending.get('fire saf')!.resolve('answer for fire saf');
    pending.get('fir')!.resolve('answer for fir');
    expect(await second).toEqual({ stale: false, value: 'answer for fire saf' });
    expect(await first).toEqual({ stale: true });
  });

  it('an older answer that arrives first is stale too', async () => {
    const pending: ReturnType<typeof deferred<string>>[] = [];
    const latest = createLatestOnly(() => {
      const d = deferred<string>();
      pending.push(d);
      return d.promise;
    });
    const first = latest.call('fir');
    const second = latest.call('fire');
    pending[0]!.resolve('old');
    expect(await first).toEqual({ stale: true });
    pending[1]!.resolve('new');
    expect(await second).toEqual({ stale: false, value: 'new' });
  });

  it('aborts the previous request when a new one starts', async () => {
    const signals: AbortSignal[] = [];
    const latest = createLatestOnly((_text: string, signal: AbortSignal) => {
      signals.push(signal);
      return new Promise<string>((resolve, reject) => {
        signal.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
        setTimeout(() => resolve('done'), 5);
      });
    });
    const first = latest.call('fir');
    const second = latest.call('fire');
    expect(signals[0]!.aborted).toBe(true);
    expect(signals[1]!.aborted).toBe(false);
    expect(await first).toEqual({ stale: true }); // its AbortError is swallowed
    expect(await second).toEqual({ stale: false, value: 'done' });
  });

  it('cancel makes the running call stale and aborts it', async () => {
    let seen: AbortSignal | undefined;
    const d = deferred<string>();
    const latest = createLatestOnly((_text: string, signal: AbortSignal) => {
      seen = signal;
      return d.promise;
    });
    const call = latest.call('safe');
    latest.cancel();
    expect(seen!.aborted).toBe(true);
    d.resolve('late');
    expect(await call).toEqual({ stale: true });
  });

  it('throws the newest call’s error', async () => {
    const latest = createLatestOnly(() => Promise.reject(new Error('offline')));
    await expect(latest.call('safe')).rejects.toThrow('offline');
  });
});
