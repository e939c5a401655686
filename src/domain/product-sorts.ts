// The product lists' sorts, without zod: the browser's listing (src/features/search/product-listing.logic.ts)
// needs the default too, and src/domain/catalog-query.ts re-exports them.
export const PRODUCT_SORTS = ['relevance', 'newest', 'price_asc', 'price_desc', 'rating'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];

/** The sort a list falls back to: best match while searching, newest otherwise. */
export function defaultSort(search: string | undefined): ProductSort {
  return search ? 'relevance' : 'newest';
}
