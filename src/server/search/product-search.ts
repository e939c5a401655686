// Full-text search with typo tolerance (issue 2, point 6): every word must match as a prefix
// of a word in the name, SKU or keywords, or the whole text must be trigram-close to the name
// ("shreder" finds "Shredder", "fire saf" finds "Fire Safe").
import { sql, type SQL } from 'drizzle-orm';
import { products } from '@/server/db/schema/catalog';

/** Letters and digits only, so user text never reaches tsquery syntax. */
export function searchTerms(text: string): string[] {
  return text
    .toLowerCase()
    .normalize('NFKC')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((t) => t.length > 0)
    .slice(0, 8);
}

export interface SearchClause {
  where: SQL;
  rank: SQL;
}

/**
 * Two ways to match, tried in order: every word as a prefix (GIN full-text index), and, only when
 * that finds nothing, trigram closeness of the whole text to the name (GIN trigram index). Keeping
 * them apart lets each use its index; OR-ing them made PostgreSQL scan every product.
 */
export interface ProductSearch {
  exact: SearchClause;
  fuzzy: SearchClause;
}

export function productSearch(text: string): ProductSearch | null {
  const terms = searchTerms(text);
  if (terms.length === 0) return null;
  const prefixQuery = terms.map((t) => `${t}:*`).join(' & ');
  const phrase = terms.join(' ');
  const tsquery = sql`to_tsquery('simple', ${prefixQuery})`;
  return {
    exact: {
      where: sql`${products.searchVector} @@ ${tsquery}`,
      rank: sql`(ts_rank(${products.searchVector}, ${tsquery}) + word_similarity(${phrase}, ${products.name}))`,
    },
    // word_similarity(phrase, name) above pg_trgm's threshold (0.6) is what `<%` tests, with the index.
    fuzzy: {
      where: sql`${phrase} <% ${products.name}`,
      rank: sql`word_similarity(${phrase}, ${products.name})`,
    },
  };
}
