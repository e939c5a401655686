// The one list of cached routes and their rules (docs/decisions/0037-route-cache.md#what-is-cached):
// astro.config.ts turns the pages' rules into Astro's `routeRules`, the middleware reads the same
// list to render those routes as a guest, and the API's router gives the catalog endpoints
// (marked `cache` in the contract) the API rule. Relative imports only: astro.config.ts loads it.
import { cacheTags } from './tags';

/** How long an answer is fresh, then how long a stale copy is served while it is rendered again (seconds). */
export interface CacheRule {
  maxAge: number;
  swr: number;
  /** Tags every answer of the route carries; pages and handlers add their products' tags. */
  tags: string[];
}

/**
 * Invalidation makes changes show at once, so the time to live only bounds what nothing
 * invalidates (content files edited on disk, a product that became new or stopped being new).
 */
const CATALOG: Omit<CacheRule, 'tags'> = { maxAge: 300, swr: 60 };
const CONTENT: Omit<CacheRule, 'tags'> = { maxAge: 3600, swr: 600 };

export interface CachedPage {
  /** Astro's route pattern (the key of `routeRules`). */
  route: string;
  /** The pathnames it matches, for the middleware. */
  pattern: RegExp;
  rule: CacheRule;
}

const list = (extra: string[] = []) => [cacheTags.all, cacheTags.lists, ...extra];
const content = (route: string): CachedPage => ({
  route,
  pattern: new RegExp(`^${route}/?$`),
  rule: { ...CONTENT, tags: [cacheTags.all, cacheTags.content] },
});

export const CACHED_PAGES: readonly CachedPage[] = [
  { route: '/', pattern: /^\/$/, rule: { ...CATALOG, tags: list([cacheTags.home, cacheTags.topSellers]) } },
  { route: '/store', pattern: /^\/store\/?$/, rule: { ...CATALOG, tags: list() } },
  { route: '/top-sellings', pattern: /^\/top-sellings\/?$/, rule: { ...CATALOG, tags: list([cacheTags.topSellers]) } },
  { route: '/new-arrival', pattern: /^\/new-arrival\/?$/, rule: { ...CATALOG, tags: list() } },
  // The page adds its product's tag; related products are a list.
  { route: '/product/[id]', pattern: /^\/product\/[^/]+\/?$/, rule: { ...CATALOG, tags: list() } },
  content('/about'),
  content('/faq'),
  content('/contact'),
  content('/terms-and-conditions'),
  content('/privacy-policy'),
  content('/cancellation-policy'),
  content('/shopping-policy'),
];

/** The rule of the catalog's read-only API answers (contract endpoints with `cache: true`). */
export const API_RULE: CacheRule = { ...CATALOG, tags: list() };

/** Astro's `routeRules` for the cached pages. */
export function routeRules(): Record<string, CacheRule> {
  return Object.fromEntries(CACHED_PAGES.map((page) => [page.route, page.rule]));
}

/** Whether a page's pathname is one of the cached pages (GET only: other methods are never cached). */
export function isCachedPage(method: string, pathname: string): boolean {
  return (method === 'GET' || method === 'HEAD') && CACHED_PAGES.some((page) => page.pattern.test(pathname));
}
