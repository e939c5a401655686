// The route cache's provider (docs/decisions/0037-route-cache.md): Astro's memory provider keeps a
// 200 answer, compressed once into brotli and gzip from one render and served by Accept-Encoding;
// anything else (an error, a 404) is never stored; a matching ETag answers 304; tags invalidate.
import zlib from 'node:zlib';
import { describe, expect, it, vi } from 'vitest';
import routeCache, { negotiateEncoding } from './provider';
import { invalidateLocal } from './registry';

// What reaches Astro's memory provider to be stored: it must never carry a Vary header, or the
// provider remembers it per URL forever (docs/decisions/0043-memory-bounds.md).
const stored = vi.hoisted(() => ({ vary: [] as (string | null)[], keys: [] as string[] }));
vi.mock('astro/cache/memory', async (importOriginal) => {
  const actual = await importOriginal<typeof import('astro/cache/memory')>();
  return {
    default: (config: Parameters<typeof actual.default>[0]) => {
      const provider = actual.default(config);
      return {
        ...provider,
        onRequest: (context: Parameters<NonNullable<typeof provider.onRequest>>[0], next: () => Promise<Response>) =>
          provider.onRequest!(context, async () => {
            const response = await next();
            stored.vary.push(response.headers.get('vary'));
            stored.keys.push(new URL(context.request.url).pathname);
            return response;
          }),
      };
    },
  };
});

const BODY = '<!doctype html><title>Fire safe</title>' + '<p>A fire safe that keeps papers safe.</p>'.repeat(100);
const logger = { info() {}, warn() {}, error() {} };

function shop(status = 200, tags = 'all, product:7', during?: () => Promise<void>) {
  const provider = routeCache({ max: 50 });
  let renders = 0;
  const next = async () => {
    renders += 1;
    await during?.();
    return new Response(BODY, {
      status,
      headers: { 'content-type': 'text/html', 'cdn-cache-control': 'max-age=300, stale-while-revalidate=60', 'cache-tag': tags },
    });
  };
  const get = (path: string, headers: Record<string, string> = {}) => {
    const request = new Request(`http://shop.test${path}`, { headers });
    return provider.onRequest!({ request, url: new URL(request.url), logger }, next);
  };
  return { get, renders: () => renders };
}

async function text(response: Response): Promise<string> {
  const bytes = Buffer.from(await response.arrayBuffer());
  const encoding = response.headers.get('content-encoding');
  if (encoding === 'br') return zlib.brotliDecompressSync(bytes).toString();
  if (encoding === 'gzip') return zlib.gunzipSync(bytes).toString();
  return bytes.toString();
}

describe('negotiateEncoding', () => {
  it('prefers brotli, then gzip, honours q=0 and the wildcard', () => {
    expect(negotiateEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(negotiateEncoding('gzip, br;q=0')).toBe('gzip');
    expect(negotiateEncoding('*')).toBe('br');
    expect(negotiateEncoding('identity')).toBe('identity');
    expect(negotiateEncoding(null)).toBe('identity');
  });
});

describe('the route cache provider', () => {
  it('renders once, then serves brotli, gzip and plain copies of that render from memory', async () => {
    const { get, renders } = shop();
    const first = await get('/product/7', { 'accept-encoding': 'gzip, deflate, br' });
    expect(first.headers.get('x-astro-cache')).toBe('MISS');
    expect(first.headers.get('content-encoding')).toBe('br');
    expect(first.headers.get('vary')).toBe('Accept-Encoding');
    expect(await text(first)).toBe(BODY);
    const gzip = await get('/product/7', { 'accept-encoding': 'gzip' });
    expect(gzip.headers.get('x-astro-cache')).toBe('HIT');
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(await text(gzip)).toBe(BODY);
    const again = await get('/product/7', { 'accept-encoding': 'br' });
    expect(again.headers.get('x-astro-cache')).toBe('HIT');
    expect(Number(again.headers.get('content-length'))).toBeLessThan(BODY.length / 5);
    expect(renders()).toBe(1);
    // A client that accepts no compression gets the plain body, rendered for it once.
    const plain = await get('/product/7');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await text(plain)).toBe(BODY);
    expect((await get('/product/7')).headers.get('x-astro-cache')).toBe('HIT');
  });

  it('keys by path and query, whatever the query order', async () => {
    const { get, renders } = shop();
    await get('/store?page=2&sort=newest');
    expect((await get('/store?sort=newest&page=2')).headers.get('x-astro-cache')).toBe('HIT');
    expect((await get('/store?page=3&sort=newest')).headers.get('x-astro-cache')).toBe('MISS');
    expect(renders()).toBe(2);
  });

  it('answers a matching If-None-Match with 304 and no body', async () => {
    const { get } = shop();
    const first = await get('/about', { 'accept-encoding': 'br' });
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^W\/"/);
    const revalidated = await get('/about', { 'accept-encoding': 'br', 'if-none-match': etag });
    expect(revalidated.status).toBe(304);
    expect(await revalidated.text()).toBe('');
    expect((await get('/about', { 'if-none-match': 'W/"other"' })).status).toBe(200);
  });

  it('never stores an error or a not-found answer', async () => {
    for (const status of [404, 500, 503]) {
      const { get, renders } = shop(status);
      const first = await get('/product/7', { 'accept-encoding': 'br' });
      expect(first.status).toBe(status);
      expect(first.headers.get('cdn-cache-control')).toBeNull();
      expect(first.headers.get('content-encoding')).toBeNull();
      expect((await get('/product/7', { 'accept-encoding': 'br' })).headers.get('x-astro-cache')).toBeNull();
      expect(renders()).toBe(2);
    }
  });

  it('drops every copy of an answer with an invalidated tag, and only those', async () => {
    const seven = shop(200, 'all, product:7');
    const eight = shop(200, 'all, product:8');
    await seven.get('/product/7', { 'accept-encoding': 'br' });
    await eight.get('/product/8', { 'accept-encoding': 'br' });
    await invalidateLocal(['product:7']);
    expect((await seven.get('/product/7', { 'accept-encoding': 'gzip' })).headers.get('x-astro-cache')).toBe('MISS');
    expect((await eight.get('/product/8', { 'accept-encoding': 'gzip' })).headers.get('x-astro-cache')).toBe('HIT');
    await invalidateLocal(['all']);
    expect((await eight.get('/product/8', { 'accept-encoding': 'br' })).headers.get('x-astro-cache')).toBe('MISS');
  });

  it('answers but does not store a render during which one of its tags was invalidated (it may show the old data)', async () => {
    let change: (() => Promise<void>) | undefined = () => invalidateLocal(['product:9']);
    const racing = shop(200, 'all, product:9', async () => {
      const happening = change;
      change = undefined;
      await happening?.();
    });
    const first = await racing.get('/product/9', { 'accept-encoding': 'br' });
    expect(first.status).toBe(200);
    expect(first.headers.get('x-astro-cache')).toBeNull();
    // The next render overlaps no change: it is kept.
    expect((await racing.get('/product/9', { 'accept-encoding': 'br' })).headers.get('x-astro-cache')).toBe('MISS');
    expect((await racing.get('/product/9', { 'accept-encoding': 'br' })).headers.get('x-astro-cache')).toBe('HIT');
    // Another product's change during a render does not stop it being kept.
    const other = shop(200, 'all, product:10', () => invalidateLocal(['product:11']));
    await other.get('/product/10', { 'accept-encoding': 'br' });
    expect((await other.get('/product/10', { 'accept-encoding': 'br' })).headers.get('x-astro-cache')).toBe('HIT');
  });

  it('stores each encoding under its own key without a Vary header, and still answers with Vary: Accept-Encoding', async () => {
    stored.vary.length = 0;
    stored.keys.length = 0;
    const { get } = shop();
    for (const q of ['fire safe', 'fire sfe', 'shreder']) {
      const miss = await get(`/store?q=${encodeURIComponent(q)}`, { 'accept-encoding': 'br' });
      expect(miss.headers.get('vary')).toBe('Accept-Encoding');
      const hit = await get(`/store?q=${encodeURIComponent(q)}`, { 'accept-encoding': 'gzip' });
      expect(hit.headers.get('x-astro-cache')).toBe('HIT');
      expect(hit.headers.get('vary')).toBe('Accept-Encoding');
    }
    // Three searches, each stored as brotli and gzip: six stores, none with a Vary.
    expect(stored.vary).toEqual([null, null, null, null, null, null]);
    expect(new Set(stored.keys)).toEqual(new Set(['/br/store', '/gzip/store']));
  });

  it('drops every copy of a path invalidated by path', async () => {
    const provider = routeCache({ max: 50 });
    const next = async () =>
      new Response(BODY, { headers: { 'content-type': 'text/html', 'cdn-cache-control': 'max-age=300', 'cache-tag': 'all' } });
    const get = (encoding: string) => {
      const request = new Request('http://shop.test/about', { headers: { 'accept-encoding': encoding } });
      return provider.onRequest!({ request, url: new URL(request.url), logger }, next);
    };
    await get('br');
    expect((await get('gzip')).headers.get('x-astro-cache')).toBe('HIT');
    await provider.invalidate!({ path: '/about' });
    expect((await get('gzip')).headers.get('x-astro-cache')).toBe('MISS');
    expect((await get('br')).headers.get('x-astro-cache')).toBe('HIT');
  });
});
