// The route cache's provider (docs/decisions/0037-route-cache.md): Astro's memory provider, wrapped
// so that
// - a cached body is compressed once when stored: brotli and gzip copies are made from the same
//   render and served by Accept-Encoding (with Content-Encoding and Vary), so no cached answer is
//   compressed per request (scripts/server.ts passes an encoded answer through);
// - only a 200 is stored (an error page, a 404 or a 503 never is);
// - each answer gets a weak ETag, and a browser's revalidation is answered 304 from the cache;
// - invalidations reach it from outside a request (./registry.ts), and with PostgreSQL from the
//   other instances (./listener.ts);
// - a render that overlapped an invalidation of one of its tags is answered but not stored (it may
//   have read the data from before the change);
// - what it stores is also kept, encoded, in the front door (./front-door.ts), from which
//   scripts/server.ts answers fresh hits without going through Astro's handler.
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { CacheProvider, CacheProviderFactory } from 'astro';
import memoryCache from 'astro/cache/memory';
import { cacheUsable, invalidatedSince, invalidationMark, registerLocalCache, setFrontDoor } from './registry';
import { FrontDoor, negotiateEncoding, type Encoding } from './front-door';
import { startInvalidationListener } from './listener';
import { ROUTE_CACHE_BROTLI_QUALITY, ROUTE_CACHE_MAX_ENTRIES } from '../memory-bounds';
import { ALL_TAG } from './tags';

/** Every copy a path may be stored as. */
const ENCODINGS: readonly Encoding[] = ['br', 'gzip', 'identity'];
/** Made from every render that is stored, whatever the request asked for. */
const PRECOMPRESSED: readonly Encoding[] = ['br', 'gzip'];
/** Smaller bodies are not worth compressing (the same threshold as scripts/server.ts). */
const MIN_COMPRESSED_BYTES = 1024;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

interface Rendered {
  /** The invalidations before the render started, and the answer's tags (see invalidatedSince). */
  mark: number;
  tags: string[];
  status: number;
  headers: Headers;
  body: Buffer;
  etag: string;
  encoded: Map<Encoding, Promise<Buffer>>;
}

function encodedBody(rendered: Rendered, encoding: Encoding): Promise<Buffer> {
  if (encoding === 'identity' || rendered.body.length < MIN_COMPRESSED_BYTES) return Promise.resolve(rendered.body);
  let body = rendered.encoded.get(encoding);
  if (!body) {
    body =
      encoding === 'br'
        ? brotli(rendered.body, {
            params: {
              [zlib.constants.BROTLI_PARAM_QUALITY]: ROUTE_CACHE_BROTLI_QUALITY,
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: rendered.body.length,
            },
          })
        : gzip(rendered.body, { level: 9 });
    rendered.encoded.set(encoding, body);
  }
  return body;
}

async function variant(rendered: Rendered, encoding: Encoding): Promise<{ headers: Headers; body: Buffer }> {
  const body = await encodedBody(rendered, encoding);
  const headers = new Headers(rendered.headers);
  headers.delete('content-length');
  if (body !== rendered.body) headers.set('content-encoding', encoding);
  else headers.delete('content-encoding');
  headers.set('vary', 'Accept-Encoding');
  headers.set('etag', rendered.etag);
  headers.set('content-length', String(body.length));
  return { headers, body };
}

/** The seconds an answer stays fresh, from the CDN-Cache-Control header Astro's cache sets. */
function maxAgeOf(headers: Headers): number {
  const match = /max-age=(\d+)/.exec(headers.get('cdn-cache-control') ?? '');
  return match ? Number(match[1]) : 0;
}

/**
 * The request as the memory provider sees it: the negotiated encoding is the first segment of the
 * path, so each copy has its own key and the provider never sees a `Vary` header. It keeps the
 * `Vary` of every URL it ever stored in a map it never prunes, which grew with every distinct
 * search string (docs/decisions/0043-memory-bounds.md).
 */
function keyRequest(request: Request, encoding: Encoding): Request {
  const url = new URL(request.url);
  url.pathname = keyPath(encoding, url.pathname);
  return new Request(url, { method: 'GET' });
}

function keyPath(encoding: Encoding, pathname: string): string {
  return `/${encoding}${pathname}`;
}

/** What the memory provider stores: the answer without its Vary (see keyRequest). */
function withoutVary(headers: Headers): Headers {
  const stored = new Headers(headers);
  stored.delete('vary');
  return stored;
}

/** A revalidation whose ETag still matches: 304 without a body. */
function notModified(request: Request, response: Response): Response | null {
  const etag = response.headers.get('etag');
  const asked = request.headers.get('if-none-match');
  if (response.status !== 200 || !etag || !asked) return null;
  const matches = asked
    .split(',')
    .some((candidate) => candidate.trim().replace(/^W\//, '') === etag.replace(/^W\//, '') || candidate.trim() === '*');
  if (!matches) return null;
  void response.body?.cancel();
  const headers = new Headers(response.headers);
  for (const name of ['content-length', 'content-encoding', 'content-type']) headers.delete(name);
  return new Response(null, { status: 304, headers });
}

/** An answer rendered while the cache is bypassed: nothing in it asks to be stored. */
function uncached(response: Response): Response {
  response.headers.delete('cdn-cache-control');
  response.headers.delete('cache-tag');
  return response;
}

export { negotiateEncoding };

export interface RouteCacheOptions {
  max?: number;
}

const routeCache: CacheProviderFactory<RouteCacheOptions> = (config) => {
  const memory: CacheProvider = memoryCache({ max: config?.max ?? ROUTE_CACHE_MAX_ENTRIES });
  const front = new FrontDoor(config?.max ?? ROUTE_CACHE_MAX_ENTRIES);
  setFrontDoor(front);
  const drop = (options: { tags?: string | string[]; path?: string }) => {
    // A path alone names no tags: the front door is emptied rather than left to disagree.
    if (options.path) front.drop([ALL_TAG]);
    if (options.tags) front.drop(Array.isArray(options.tags) ? options.tags : [options.tags]);
  };
  // A path is stored once per encoding (see keyRequest).
  const invalidateMemory = async (options: { tags?: string | string[]; path?: string }) => {
    if (options.tags) await memory.invalidate({ tags: options.tags });
    const { path } = options;
    if (path) await Promise.all(ENCODINGS.map((encoding) => memory.invalidate({ path: keyPath(encoding, path) })));
  };
  registerLocalCache({
    invalidate: (options) => {
      drop(options);
      return invalidateMemory(options);
    },
  });
  startInvalidationListener();
  const inner = memory.onRequest!.bind(memory);
  return {
    name: 'safe-buddy-memory',
    async invalidate(options) {
      drop(options);
      await invalidateMemory(options);
    },
    async onRequest(context, next) {
      if (context.request.method !== 'GET') return next();
      if (!cacheUsable()) return uncached(await next());
      const encoding = negotiateEncoding(context.request.headers.get('accept-encoding'));
      let rendering: Promise<Response | Rendered> | undefined;
      // One render however many copies are stored; an answer that is not to be cached is passed on untouched.
      const render = () => {
        const mark = invalidationMark();
        return (rendering ??= next().then(async (response): Promise<Response | Rendered> => {
          if (!response.headers.has('cdn-cache-control')) return response;
          if (response.status !== 200) return uncached(response);
          const tags = (response.headers.get('cache-tag') ?? '').split(',').map((tag) => tag.trim());
          if (invalidatedSince(mark, tags)) return uncached(response);
          const body = Buffer.from(await response.arrayBuffer());
          const etag = `W/"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`;
          return { mark, tags, status: response.status, headers: response.headers, body, etag, encoded: new Map() };
        }));
      };
      const pathAndQuery = context.url.pathname + context.url.search;
      const as = (wanted: Encoding) => async () => {
        const rendered = await render();
        if (rendered instanceof Response) return rendered;
        const { headers, body } = await variant(rendered, wanted);
        // Kept for the front door too, unless an invalidation of its tags came while it was compressed.
        if (!invalidatedSince(rendered.mark, rendered.tags))
          front.keep(FrontDoor.key(wanted, pathAndQuery), {
            ...rendered,
            headers,
            body,
            maxAgeSeconds: maxAgeOf(headers),
            now: Date.now(),
          });
        return new Response(new Uint8Array(body), { status: rendered.status, headers: withoutVary(headers) });
      };
      const response = await inner({ ...context, request: keyRequest(context.request, encoding) }, as(encoding));
      // Stored without it (see keyRequest); every copy the cache answers depends on Accept-Encoding.
      if (response.headers.has('x-astro-cache')) response.headers.set('vary', 'Accept-Encoding');
      if (response.headers.get('x-astro-cache') === 'MISS') {
        // The same render, stored compressed the other way too: the next shopper's browser finds it ready.
        for (const other of PRECOMPRESSED) {
          if (other === encoding) continue;
          const stored = await inner({ ...context, request: keyRequest(context.request, other) }, as(other));
          await stored.body?.cancel();
        }
      }
      return notModified(context.request, response) ?? response;
    },
  };
};

export default routeCache;
