// The search's relevance set (src/server/search/relevance-set.json): queries a shopper types into
// the live search against the hand-written catalog (typos, missing spaces, SKUs, whole and partial
// models, brands), each with the SKUs of the products meant. Scored by the relevance test and the
// search benchmark (docs/decisions/0038-search-at-scale.md#relevance).
import type { Db } from '@/server/db/client';
import { listProducts } from '@/server/catalog/catalog.service';
import relevanceSet from './relevance-set.json';

export interface RelevanceQuery {
  q: string;
  /** plain, brand, series, typo, space (words run together), sku, model, model-partial. */
  kind: string;
  /** The SKUs a shopper means: any one of them in the first five results is a hit. */
  expect: string[];
}

export const RELEVANCE_SET: readonly RelevanceQuery[] = relevanceSet;

/** How many results count: the first five, about what the live search's dropdown shows. */
export const RELEVANCE_DEPTH = 5;

/**
 * Measured on this set (docs/decisions/0038-search-at-scale.md#relevance). `before`: the search of
 * docs/decisions/0003-search.md (189 of 219 hits, 29 empty). `floor`: this search's figures, which
 * the relevance test holds it to: recall may not fall below them, empty results may not rise.
 */
export const RELEVANCE_BASELINE = {
  before: { hits: 189, zeroResults: 29 },
  floor: { hits: 216, zeroResults: 2 },
} as const;

export interface RelevanceScore {
  queries: number;
  /** Queries with a meant product among the first five results. */
  hits: number;
  /** Share of queries with a meant product among the first five results, 0 to 1. */
  recallAt5: number;
  /** Queries that found nothing at all. */
  zeroResults: number;
  /** The queries that missed, with the SKUs they found first. */
  misses: { q: string; kind: string; found: string[] }[];
}

/** The live search's list for a text: the store's search by relevance, no filters, the first `limit` products. */
export function liveSearchList(db: Db, text: string, limit: number) {
  return listProducts(db, { search: text, brandIds: [], categoryIds: [], priceRanges: [], sort: 'relevance', page: 1, limit });
}

/** The first five SKUs the store's search (the live search's list) finds for a text. */
export async function searchSkus(db: Db, text: string): Promise<string[]> {
  return (await liveSearchList(db, text, RELEVANCE_DEPTH)).items.map((p) => p.sku);
}

export async function scoreRelevance(
  db: Db,
  set: readonly RelevanceQuery[] = RELEVANCE_SET,
  search: (db: Db, text: string) => Promise<string[]> = searchSkus,
): Promise<RelevanceScore> {
  let hits = 0;
  let zeroResults = 0;
  const misses: RelevanceScore['misses'] = [];
  for (const query of set) {
    const found = (await search(db, query.q)).slice(0, RELEVANCE_DEPTH);
    if (found.length === 0) zeroResults++;
    if (found.some((sku) => query.expect.includes(sku))) hits++;
    else misses.push({ q: query.q, kind: query.kind, found });
  }
  return { queries: set.length, hits, recallAt5: set.length === 0 ? 0 : hits / set.length, zeroResults, misses };
}
