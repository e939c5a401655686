import { PAGER_MAX_NUMBERS } from './constants';

/** The page numbers a pager shows: at most seven, centred on the current page where possible. */
export function pageNumbers(current: number, lastPage: number, max = PAGER_MAX_NUMBERS): number[] {
  if (lastPage <= 0) return [];
  const count = Math.min(max, lastPage);
  const page = Math.min(Math.max(current, 1), lastPage);
  let start = Math.max(1, page - Math.floor(count / 2));
  start = Math.min(start, lastPage - count + 1);
  return Array.from({ length: count }, (_, i) => start + i);
}

export function lastPageOf(total: number, perPage: number): number {
  return Math.max(1, Math.ceil(total / perPage));
}

/**
 * How deep a product list pages: the first 1,200 products (100 store pages of 12). Deeper offsets
 * cost the database in proportion to the depth; past it, the shopper narrows the filters
 * (docs/decisions/0039-filters-at-scale.md#paging).
 */
export const LIST_DEPTH = 1_200;
