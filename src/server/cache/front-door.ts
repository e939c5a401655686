// The route cache's front door (docs/decisions/0037-route-cache.md#the-front-door): each answer the
// provider stores is also kept here, already encoded, so that scripts/server.ts answers a fresh
// hit straight from Node, before Astro's handler builds a Request, routes it and runs the cache
// handler. It holds only what the provider stored, only while fresh (stale copies and their
// revalidation stay with Astro's provider), and drops by tag with every invalidation
// (./registry.ts), so it never shows more than the provider would.
import { FRONT_DOOR_MAX_BYTES } from '../memory-bounds';
import { ALL_TAG } from './tags';

export type Encoding = 'br' | 'gzip' | 'identity';

/** The encoding a request accepts that we serve: brotli, then gzip, else none (q=0 refuses one). */
export function negotiateEncoding(acceptEncoding: string | null | undefined): Encoding {
  const accepted = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name, q ? Number(q.slice(2)) || 0 : 1);
  }
  const wildcard = accepted.get('*');
  const ok = (name: string) => (accepted.get(name) ?? wildcard ?? 0) > 0;
  if (ok('br')) return 'br';
  if (ok('gzip')) return 'gzip';
  return 'identity';
}

export interface FrontEntry {
  status: number;
  /** The stored answer's headers, without the cache's own (CDN-Cache-Control, Cache-Tag). */
  headers: [string, string][];
  body: Buffer;
  etag: string;
  expiresAt: number;
  tags: ReadonlySet<string>;
  /** What it holds in memory, as the byte cap counts it: the body, the headers and the key. */
  bytes: number;
}

/** An entry's size for the byte cap: its body, plus its key, headers and tags as text (two bytes a character). */
function entryBytes(key: string, body: Buffer, headers: [string, string][], tags: readonly string[]): number {
  let text = key.length;
  for (const [name, value] of headers) text += name.length + value.length;
  for (const tag of tags) text += tag.length;
  return body.length + 2 * text;
}

/** The headers that tell the cache what to store: Astro's handler removes them from every answer. */
const CACHE_ONLY_HEADERS = new Set(['cdn-cache-control', 'cache-tag', 'set-cookie']);

export class FrontDoor {
  readonly #entries = new Map<string, FrontEntry>();
  readonly #max: number;
  readonly #maxBytes: number;
  #bytes = 0;

  /** At most `max` entries and `maxBytes` bytes (docs/decisions/0043-memory-bounds.md). */
  constructor(max: number, maxBytes: number = FRONT_DOOR_MAX_BYTES) {
    this.#max = max;
    this.#maxBytes = maxBytes;
  }

  #delete(key: string): void {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#bytes -= entry.bytes;
    this.#entries.delete(key);
  }

  static key(encoding: Encoding, pathAndQuery: string): string {
    return `${encoding} ${pathAndQuery}`;
  }

  /** Keeps an answer the provider stored; the oldest kept go first once it holds too many or too many bytes (an answer bigger than the byte cap is not kept). */
  keep(
    key: string,
    answer: { status: number; headers: Headers; body: Buffer; etag: string; tags: readonly string[]; maxAgeSeconds: number; now: number },
  ): void {
    const headers: [string, string][] = [];
    answer.headers.forEach((value, name) => {
      if (!CACHE_ONLY_HEADERS.has(name.toLowerCase())) headers.push([name, value]);
    });
    this.#delete(key);
    const bytes = entryBytes(key, answer.body, headers, answer.tags);
    if (bytes > this.#maxBytes) return;
    this.#entries.set(key, {
      status: answer.status,
      headers,
      body: answer.body,
      etag: answer.etag,
      expiresAt: answer.now + answer.maxAgeSeconds * 1000,
      tags: new Set(answer.tags),
      bytes,
    });
    this.#bytes += bytes;
    while (this.#entries.size > this.#max || this.#bytes > this.#maxBytes) this.#delete(this.#entries.keys().next().value!);
  }

  /** A fresh entry, or none (an expired one is dropped: Astro's provider serves it stale and renders it again). */
  fresh(key: string, now: number): FrontEntry | null {
    const entry = this.#entries.get(key);
    if (!entry) return null;
    if (entry.expiresAt < now) {
      this.#delete(key);
      return null;
    }
    return entry;
  }

  drop(tags: readonly string[]): void {
    const dropped = new Set(tags);
    if (dropped.has(ALL_TAG)) {
      this.#entries.clear();
      this.#bytes = 0;
      return;
    }
    for (const [key, entry] of this.#entries) {
      for (const tag of entry.tags) {
        if (dropped.has(tag)) {
          this.#delete(key);
          break;
        }
      }
    }
  }

  get size(): number {
    return this.#entries.size;
  }

  /** The bytes it holds, as the cap counts them. */
  get bytes(): number {
    return this.#bytes;
  }
}

/** Whether a revalidation's If-None-Match names this ETag (weak comparison, or `*`). */
export function etagMatches(ifNoneMatch: string | null | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((candidate) => candidate.trim() === '*' || candidate.trim().replace(/^W\//, '') === bare);
}

/**
 * Answers a GET or HEAD from the front door when it holds a fresh copy in the encoding the request
 * accepts (304 when the browser's copy is current); false: the request goes on to Astro's handler.
 */
export function answerFromFrontDoor(
  front: FrontDoor | null,
  req: { method?: string; url?: string; headers: Record<string, string | string[] | undefined> },
  res: {
    statusCode: number;
    setHeader(name: string, value: string): unknown;
    removeHeader(name: string): unknown;
    end(body?: Buffer): unknown;
  },
  now = Date.now(),
): boolean {
  if (!front || (req.method !== 'GET' && req.method !== 'HEAD') || !req.url) return false;
  const accept = req.headers['accept-encoding'];
  const entry = front.fresh(FrontDoor.key(negotiateEncoding(Array.isArray(accept) ? accept.join(',') : accept), req.url), now);
  if (!entry) return false;
  for (const [name, value] of entry.headers) res.setHeader(name, value);
  res.setHeader('x-astro-cache', 'HIT');
  const ifNoneMatch = req.headers['if-none-match'];
  if (etagMatches(Array.isArray(ifNoneMatch) ? ifNoneMatch.join(',') : ifNoneMatch, entry.etag)) {
    res.statusCode = 304;
    for (const name of ['content-length', 'content-encoding', 'content-type']) res.removeHeader(name);
    res.end();
    return true;
  }
  res.statusCode = entry.status;
  res.end(req.method === 'HEAD' ? undefined : entry.body);
  return true;
}
