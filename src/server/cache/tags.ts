// The route cache's tag names, in one place (docs/decisions/0037-route-cache.md#tags): pages and
// API answers are stored under these tags, and every change invalidates by the same names. No
// imports: astro.config.ts reads the route rules (./rules.ts), which use these names.

/** Every cached answer carries it: invalidating it drops the whole cache (a missed notification). */
export const ALL_TAG = 'all';

export const cacheTags = {
  all: ALL_TAG,
  /** One product: its page, and every list or block that shows its card (price, stock, rating). */
  product: (id: number | string) => `product:${id}`,
  /** A category's or brand's name, picture or order (docs/decisions/0049-categories-brands-seo.md). */
  category: (id: number | string) => `category:${id}`,
  /** A brand: its name on product pages (which carry their brand's tag) and in the lists' filters. */
  brand: (id: number | string) => `brand:${id}`,
  /** The home page's own blocks (banners, offer, featured and latest picks, top brands). */
  home: 'home',
  /**
   * The structure of every product list: which products it shows and in which order (membership,
   * prices and ratings that sort it, facet counts). A list page also carries its products' tags.
   */
  lists: 'lists',
  /** The top sellers' ranking (units sold): /top-sellings, its API list, the home block. */
  topSellers: 'top-sellers',
  /** The Markdown content pages (about, FAQ, policies, contact). */
  content: 'content',
} as const;

/** The tags of the products an answer shows. */
export function productTags(ids: Iterable<number | string | null | undefined>): string[] {
  const tags = new Set<string>();
  for (const id of ids) if (id !== null && id !== undefined) tags.add(cacheTags.product(id));
  return [...tags];
}

/** Whether an invalidation may have changed a category or brand (memos outside the route cache drop their copies). */
export function tagsChangeTaxonomy(tags: readonly string[]): boolean {
  return tags.some((tag) => tag === ALL_TAG || tag.startsWith(cacheTags.category('')) || tag.startsWith(cacheTags.brand('')));
}
