// 'Did you mean' for a search that found nothing (docs/product.md#store-and-product-lists): each
// typed word that no product knows is replaced by the closest word of a product name, by pg_trgm
// similarity, the candidates found through the names' trigram index (docs/decisions/0028-search-results-first.md).
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { products } from '@/server/db/schema/catalog';
import { productSearch, searchTerms } from './product-search';

/** How close (pg_trgm similarity, 0 to 1) a name's word must be to a typed word to be offered. */
export const SUGGESTION_SIMILARITY = 0.3;
/** Product names read for candidate words, the closest first. */
const CANDIDATE_NAMES = 50;

/**
 * A search text that finds products, made from `text` by correcting its unknown words, or null when
 * there is nothing to correct or the correction finds nothing either.
 */
export async function suggestSearch(db: Db, text: string): Promise<string | null> {
  const terms = searchTerms(text);
  if (terms.length === 0) return null;
  return db.transaction(async (tx) => {
    // `<%` tests word_similarity against this setting; lowered for this transaction only.
    const threshold = (value: string) => tx.execute(sql`select set_config('pg_trgm.word_similarity_threshold', ${value}, true) as value`);
    const before = (
      (await tx.execute(sql`select current_setting('pg_trgm.word_similarity_threshold') as value`)) as unknown as Rows<{ value: string }>
    ).rows[0]!.value;
    await threshold(String(SUGGESTION_SIMILARITY));
    const words: string[] = [];
    for (const term of terms) {
      if (await knows(tx, term)) {
        words.push(term);
        continue;
      }
      const result = (await tx.execute(sql`
        select word from (
          select distinct lower(w.word) as word
          from (
            select ${products.name} as name from ${products}
            where ${products.published} and ${term} <% ${products.name}
            order by word_similarity(${term}, ${products.name}) desc, ${products.id}
            limit ${CANDIDATE_NAMES}
          ) candidates
          cross join lateral regexp_split_to_table(candidates.name, '[^[:alnum:]]+') as w(word)
        ) names_words
        where similarity(word, ${term}) >= ${SUGGESTION_SIMILARITY}
        order by similarity(word, ${term}) desc, word
        limit 1
      `)) as unknown as Rows<{ word: string }>;
      const best = result.rows[0]?.word;
      if (best) words.push(best);
    }
    const suggestion = words.join(' ');
    if (words.length === 0 || suggestion === terms.join(' ')) return null;
    // The list's typo-tolerant match runs at the usual threshold: check the suggestion with it.
    await threshold(before);
    return (await finds(tx, suggestion)) ? suggestion : null;
  });
}

type Rows<T> = { rows: T[] };
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Some published product has a word starting with `term`. */
async function knows(tx: Tx, term: string): Promise<boolean> {
  const search = productSearch(term);
  return search !== null && (await any(tx, search.exact.where));
}

/** The search finds a published product, as the list would (exact, else typo-tolerant). */
async function finds(tx: Tx, text: string): Promise<boolean> {
  const search = productSearch(text);
  return search !== null && ((await any(tx, search.exact.where)) || (await any(tx, search.fuzzy.where)));
}

async function any(tx: Tx, where: ReturnType<typeof sql>): Promise<boolean> {
  const [row] = await tx
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.published, true), where))
    .limit(1);
  return row !== undefined;
}
