// The live search's pure parts: when to search, which URL to ask, how the keyboard moves through
// the results, debouncing, and keeping only the newest answer. No DOM here, so vitest (node) can
// test all of it.
import { LIVE_SEARCH_MIN_CHARS, SEARCH_MAX_CHARS } from '@/domain/constants';

/** How many products the dropdown shows. */
export const LIVE_SEARCH_LIMIT = 6;
/** Quiet time after the last keystroke before a request goes out. */
export const LIVE_SEARCH_DEBOUNCE_MS = 250;

/** The text a search runs with: trimmed, inner spaces collapsed, at most SEARCH_MAX_CHARS. */
export function searchTextOf(value: string): string {
  return value.trim().replace(/\s+/g, ' ').slice(0, SEARCH_MAX_CHARS).trim();
}

/** Spec: the dropdown appears when the text is longer than 1 character (never for empty text). */
export function shouldSearch(text: string): boolean {
  return text.length >= LIVE_SEARCH_MIN_CHARS;
}

/** The product list's query for a live search (endpoints.catalog.productList). */
export function liveSearchQuery(text: string, limit = LIVE_SEARCH_LIMIT): { search: string; limit: number } {
  return { search: text, limit };
}

/** The address that query asks, as the browser sends it. */
export function liveSearchUrl(text: string, limit = LIVE_SEARCH_LIMIT): string {
  const { search } = liveSearchQuery(text, limit);
  return `/api/products/all-product-list?${new URLSearchParams({ search, limit: String(limit) })}`;
}

/** Where the Search button goes (and 'See all results'). */
export function storeSearchUrl(text: string): string {
  return `/store?${new URLSearchParams({ q: text })}`;
}

export function productUrl(id: number): string {
  return `/product/${id}`;
}

/**
 * The highlighted result after an arrow key, -1 for none. Down from none is the first, Up from
 * none is the last, and both wrap around the ends.
 */
export function moveIndex(current: number, key: 'ArrowDown' | 'ArrowUp', count: number): number {
  if (count <= 0) return -1;
  if (current < 0 || current >= count) return key === 'ArrowDown' ? 0 : count - 1;
  return key === 'ArrowDown' ? (current + 1) % count : (current - 1 + count) % count;
}

export interface LiveResult {
  id: number;
  name: string;
  thumbnail: string;
  /** What the shopper pays, in AED: the discounted price when there is one. */
  price: number;
  /** The undiscounted price when it is higher than price, else null. */
  oldPrice: number | null;
  rating: number;
  reviewCount: number;
  /** The model as the catalog has it (the SKU); '' when the row has none. */
  sku: string;
  /** The product's own colour, a plain hex such as '#23262b', or null. */
  colorHex: string | null;
  colorName: string | null;
}

const HEX = /^#[0-9a-f]{3,8}$/i;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const finite = (v: unknown): number =>
  typeof v === 'number' && Number.isFinite(v) ? v : typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v)) ? Number(v) : 0;

/** The API's body ({ data: { data: [...] } }) as results; malformed rows are skipped. */
export function parseLiveResults(body: unknown): LiveResult[] {
  return liveResultsOf(isRecord(body) && isRecord(body.data) ? body.data.data : undefined);
}

/** The results from the rows of a product list page; a row without an id or name is passed over. */
export function liveResultsOf(page: unknown): LiveResult[] {
  if (!Array.isArray(page)) return [];
  const results: LiveResult[] = [];
  for (const row of page) {
    if (!isRecord(row) || !Number.isSafeInteger(row.id) || (row.id as number) <= 0 || typeof row.name !== 'string') continue;
    const unit = Math.max(0, finite(row.unit_price));
    const discounted = finite(row.discounted_price);
    const price = discounted > 0 && discounted < unit ? discounted : unit;
    results.push({
      id: row.id as number,
      name: row.name,
      thumbnail: typeof row.thumbnail_img_link === 'string' ? row.thumbnail_img_link : '',
      price,
      oldPrice: price < unit ? unit : null,
      rating: Math.max(0, Math.min(5, finite(row.rating))),
      reviewCount: Math.max(0, Math.floor(finite(row.review_count))),
      sku: typeof row.sku === 'string' ? row.sku : '',
      colorHex: typeof row.hex_code === 'string' && HEX.test(row.hex_code) ? row.hex_code : null,
      colorName: typeof row.color === 'string' && row.color !== '' ? row.color : null,
    });
  }
  return results;
}

export interface Debounced<A> {
  (arg: A): void;
  cancel(): void;
}

/** Calls fn with the last argument once ms have passed without another call. */
export function debounce<A>(fn: (arg: A) => void, ms: number): Debounced<A> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const debounced = (arg: A) => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      fn(arg);
    }, ms);
  };
  debounced.cancel = () => {
    clearTimeout(timer);
    timer = undefined;
  };
  return debounced;
}

export type Latest<R> = { stale: false; value: R } | { stale: true };

export interface LatestOnly<A, R> {
  /** Runs the task; answers stale when a later call (or cancel) came before it finished. */
  call(arg: A): Promise<Latest<R>>;
  /** Aborts the running task and marks its answer stale. */
  cancel(): void;
}

/**
 * Wraps an abortable task so only the newest call's answer counts: each call aborts the one
 * before, and a sequence number catches an answer that arrives anyway (a task that ignores its
 * signal, or one that had already finished when the next call came). Errors of the newest
 * call are thrown; errors of stale calls are swallowed.
 */
export function createLatestOnly<A, R>(task: (arg: A, signal: AbortSignal) => Promise<R>): LatestOnly<A, R> {
  let seq = 0;
  let controller: AbortController | undefined;
  const cancel = () => {
    seq += 1;
    controller?.abort();
    controller = undefined;
  };
  return {
    cancel,
    async call(arg) {
      cancel();
      const mine = seq;
      const own = new AbortController();
      controller = own;
      try {
        const value = await task(arg, own.signal);
        return mine === seq ? { stale: false, value } : { stale: true };
      } catch (error) {
        if (mine !== seq) return { stale: true };
        throw error;
      } finally {
        if (controller === own) controller = undefined;
      }
    },
  };
}
