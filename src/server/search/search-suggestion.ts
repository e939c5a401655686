// 'Did you mean' for a search that found nothing (docs/product.md#store-and-product-lists): each
// typed word that no product knows is replaced by the closest listed word by pg_trgm similarity,
// found through the word list's trigram index (docs/decisions/0038-search-at-scale.md#typos-through-the-word-list).
import type { Db } from '@/server/db/client';
import { findsAny, productSearch, resolveSearch, searchTerms, wordAnswers } from './product-search';

/** How close (pg_trgm similarity, 0 to 1) a listed word must be to a typed word to be offered. */
export const SUGGESTION_SIMILARITY = 0.3;

/**
 * A search text that finds products, made from `text` by correcting its unknown words, or null when
 * there is nothing to correct or the correction finds nothing either.
 */
export async function suggestSearch(db: Db, text: string): Promise<string | null> {
  const terms = searchTerms(text);
  if (terms.length === 0) return null;
  const words: string[] = [];
  // The word list's answers for every term at once, from memory when looked up before.
  const answers = await wordAnswers(db, terms);
  for (const term of terms) {
    if (await knows(db, term)) {
      words.push(term);
      continue;
    }
    const [best] = answers.get(term)?.closest ?? [];
    if (best && best.similarity >= SUGGESTION_SIMILARITY) words.push(best.word);
  }
  const suggestion = words.join(' ');
  if (words.length === 0 || suggestion === terms.join(' ')) return null;
  return (await resolveSearch(db, suggestion)) ? suggestion : null;
}

/** Some published product has a word starting with `term`. */
async function knows(db: Db, term: string): Promise<boolean> {
  const search = productSearch(term);
  return search !== null && (await findsAny(db, search.where));
}
