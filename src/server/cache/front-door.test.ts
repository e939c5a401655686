// The route cache's front door (docs/decisions/0037-route-cache.md#the-front-door): only fresh
// copies, in the encoding asked for, dropped by tag, bounded, and answered by Node directly.
import { describe, expect, it } from 'vitest';
import { answerFromFrontDoor, etagMatches, FrontDoor, negotiateEncoding } from './front-door';

const NOW = 1_800_000_000_000;

function stored(
  front: FrontDoor,
  path: string,
  tags: string,
  options: { encoding?: 'br' | 'gzip' | 'identity'; maxAge?: number; body?: Buffer } = {},
) {
  const headers = new Headers({
    'content-type': 'text/html',
    'cdn-cache-control': 'max-age=300',
    'cache-tag': tags,
    'content-encoding': options.encoding ?? 'br',
    etag: 'W/"abc"',
  });
  front.keep(FrontDoor.key(options.encoding ?? 'br', path), {
    status: 200,
    headers,
    body: options.body ?? Buffer.from(`body of ${path}`),
    etag: 'W/"abc"',
    tags: tags.split(',').map((tag) => tag.trim()),
    maxAgeSeconds: options.maxAge ?? 300,
    now: NOW,
  });
}

function fakeResponse() {
  const headers = new Map<string, string>();
  return {
    statusCode: 0,
    body: undefined as Buffer | undefined,
    ended: false,
    headers,
    setHeader(name: string, value: string) {
      headers.set(name.toLowerCase(), value);
    },
    removeHeader(name: string) {
      headers.delete(name.toLowerCase());
    },
    end(body?: Buffer) {
      this.ended = true;
      this.body = body;
    },
  };
}

describe('the front door', () => {
  it('answers a fresh copy in the encoding asked for, without the cache-only headers', () => {
    const front = new FrontDoor(10);
    stored(front, '/product/5', 'all, product:5');
    const res = fakeResponse();
    expect(
      answerFromFrontDoor(front, { method: 'GET', url: '/product/5', headers: { 'accept-encoding': 'gzip, br' } }, res, NOW + 1000),
    ).toBe(true);
    expect(res.statusCode).toBe(200);
    expect(res.body?.toString()).toBe('body of /product/5');
    expect(res.headers.get('x-astro-cache')).toBe('HIT');
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.has('cdn-cache-control')).toBe(false);
    expect(res.headers.has('cache-tag')).toBe(false);
  });

  it('passes on what it does not hold: another encoding, another URL, a POST', () => {
    const front = new FrontDoor(10);
    stored(front, '/product/5', 'all');
    const asks = [
      { method: 'GET', url: '/product/5', headers: { 'accept-encoding': 'gzip' } },
      { method: 'GET', url: '/product/5', headers: {} },
      { method: 'GET', url: '/product/6', headers: { 'accept-encoding': 'br' } },
      { method: 'POST', url: '/product/5', headers: { 'accept-encoding': 'br' } },
    ];
    for (const ask of asks) expect(answerFromFrontDoor(front, ask, fakeResponse(), NOW)).toBe(false);
    expect(answerFromFrontDoor(null, asks[0]!, fakeResponse(), NOW)).toBe(false);
  });

  it('leaves an expired copy to Astro (served stale and rendered again there)', () => {
    const front = new FrontDoor(10);
    stored(front, '/', 'all, home', { maxAge: 60 });
    expect(front.fresh(FrontDoor.key('br', '/'), NOW + 59_000)).not.toBeNull();
    expect(front.fresh(FrontDoor.key('br', '/'), NOW + 61_000)).toBeNull();
    expect(front.size).toBe(0);
  });

  it('drops by tag, and everything for `all`', () => {
    const front = new FrontDoor(10);
    stored(front, '/product/5', 'all, product:5');
    stored(front, '/product/6', 'all, product:6');
    stored(front, '/faq', 'all, content');
    front.drop(['product:5']);
    expect(front.fresh(FrontDoor.key('br', '/product/5'), NOW)).toBeNull();
    expect(front.fresh(FrontDoor.key('br', '/product/6'), NOW)).not.toBeNull();
    front.drop(['all']);
    expect(front.size).toBe(0);
  });

  it('holds at most its bound, the oldest kept going first', () => {
    const front = new FrontDoor(2);
    stored(front, '/a', 'all');
    stored(front, '/b', 'all');
    stored(front, '/c', 'all');
    expect(front.size).toBe(2);
    expect(front.fresh(FrontDoor.key('br', '/a'), NOW)).toBeNull();
    expect(front.fresh(FrontDoor.key('br', '/c'), NOW)).not.toBeNull();
  });

  it('never holds more bytes than its cap, whatever the answers, and counts none left after drops and expiry', () => {
    const cap = 64 * 1024;
    const front = new FrontDoor(1000, cap);
    let seed = 7;
    const random = (n: number) => (seed = (seed * 1_103_515_245 + 12_345) & 0x7fff_ffff) % n;
    for (let i = 0; i < 2000; i++) {
      const path = `/store?q=${random(300)}`;
      stored(front, path, `all, product:${random(20)}`, { body: Buffer.alloc(random(20_000)), encoding: random(2) ? 'br' : 'gzip' });
      if (i % 97 === 0) front.drop([`product:${random(20)}`]);
      expect(front.bytes).toBeLessThanOrEqual(cap);
      expect(front.bytes).toBeGreaterThanOrEqual(0);
    }
    // Full by now (2,000 answers of 10 KB on average): it held what fits, not more.
    expect(front.bytes).toBeGreaterThan(cap / 2);
    // An answer bigger than the cap alone is not kept, and pushes nothing out.
    const before = front.bytes;
    stored(front, '/huge', 'all', { body: Buffer.alloc(cap + 1) });
    expect(front.fresh(FrontDoor.key('br', '/huge'), NOW)).toBeNull();
    expect(front.bytes).toBe(before);
    // Every byte counted in is counted out again: expiry drops entries one by one.
    for (let i = 0; i < 300; i++)
      for (const encoding of ['br', 'gzip'] as const) front.fresh(FrontDoor.key(encoding, `/store?q=${i}`), NOW + 3_600_000);
    expect(front.size).toBe(0);
    expect(front.bytes).toBe(0);
    stored(front, '/a', 'all');
    front.drop(['all']);
    expect(front.bytes).toBe(0);
  });

  it('answers a current revalidation with 304 and no body, and HEAD with headers only', () => {
    const front = new FrontDoor(10);
    stored(front, '/faq', 'all');
    const revalidated = fakeResponse();
    answerFromFrontDoor(
      front,
      { method: 'GET', url: '/faq', headers: { 'accept-encoding': 'br', 'if-none-match': '"abc"' } },
      revalidated,
      NOW,
    );
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBeUndefined();
    expect(revalidated.headers.has('content-encoding')).toBe(false);
    const head = fakeResponse();
    answerFromFrontDoor(front, { method: 'HEAD', url: '/faq', headers: { 'accept-encoding': 'br' } }, head, NOW);
    expect(head.statusCode).toBe(200);
    expect(head.body).toBeUndefined();
    expect(head.headers.get('content-type')).toBe('text/html');
  });

  it('negotiates like the provider and compares ETags weakly', () => {
    expect(negotiateEncoding('gzip, deflate, br')).toBe('br');
    expect(negotiateEncoding('br;q=0, gzip')).toBe('gzip');
    expect(negotiateEncoding(undefined)).toBe('identity');
    expect(etagMatches('W/"abc", "x"', 'W/"abc"')).toBe(true);
    expect(etagMatches('"abd"', 'W/"abc"')).toBe(false);
    expect(etagMatches(undefined, 'W/"abc"')).toBe(false);
  });
});
