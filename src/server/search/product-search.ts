// Product search that scales (docs/decisions/0038-search-at-scale.md): every word must match as a
// prefix of a word in the name, SKU or keywords (GIN full-text index); a text that matches nothing
// that way has its unknown words corrected against the word list (`search_words`, a few hundred
// words) and is searched again the same way. Both read a bounded candidate set: a search means at
// most SEARCH_RESULTS_CAP products, ranked among themselves, and counts stop there.
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { products } from '@/server/db/schema/catalog';
import { searchWords } from '@/server/db/schema/search';

/** A search reads at most this many matching products; its count above it is said as "500+". */
export const SEARCH_RESULTS_CAP = 500;
/** Listed words at least this similar (pg_trgm, 0 to 1) to a typed word are candidates to replace it. */
const CANDIDATE_SIMILARITY = 0.15;
/** Corrections tried per unknown word, the closest first. */
const CORRECTIONS_PER_WORD = 2;

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

/** What a text searches: every group must match; a group matches when any of its alternatives does. */
type Alternative = string[]; // words that must all match as prefixes
type Group = Alternative[];

/**
 * One term's own alternatives: the term, and a model typed without its dash ("ds45" also as "ds"
 * and "45", or "ds" and "-45").
 */
function termAlternatives(term: string, index: number): Alternative[] {
  // A number after a word may have been typed apart from its dash: "AF 4" for "AF-4" (indexed "-4").
  return index > 0 && /^\p{N}+$/u.test(term) ? [[term], [`-${term}`]] : ownAlternatives(term);
}

function ownAlternatives(term: string): Alternative[] {
  const parts = term.match(/\p{L}+|\p{N}+/gu) ?? [term];
  // Parts of one character ("30s" as "30" and "s") would make the index read every word they start.
  if (parts.length < 2 || parts.some((p) => p.length < 2)) return [[term]];
  // The parser reads the number after a dash as signed: "DS-45" is indexed as "ds" and "-45".
  const signed = parts.map((p, i) => (i > 0 && /^\p{N}/u.test(p) ? `-${p}` : p));
  return [[term], parts, signed];
}

/**
 * The tsquery of the groups. `prefix: 'last'` takes the words before the last as whole words, as a
 * shopper types them, and only the last as a prefix: short words ("ic", "s") as prefixes make the
 * index read every word they start. `'all'` takes every word as a prefix ("fire saf", "lami pro").
 */
function tsqueryOf(groups: Group[], prefix: 'last' | 'all'): SQL {
  const text = groups
    .map((group, g) => {
      const lastGroup = g === groups.length - 1;
      const alternatives = group.map((alt) =>
        alt.map((w, i) => (prefix === 'all' || (lastGroup && i === alt.length - 1) ? `${w}:*` : w)).join(' & '),
      );
      return `(${alternatives.join(' | ')})`;
    })
    .join(' & ');
  return sql`to_tsquery('simple', ${text})`;
}

function clauseOf(groups: Group[], phrase: string, prefix: 'last' | 'all'): SearchClause {
  const tsquery = tsqueryOf(groups, prefix);
  return {
    where: sql`${products.searchVector} @@ ${tsquery}`,
    rank: sql`(ts_rank(${products.searchVector}, ${tsquery}) + word_similarity(${phrase}, ${products.name}))`,
  };
}

/** The search of a text as typed: every word as a prefix (models also without their dash). Null: no words. */
export function productSearch(text: string): SearchClause | null {
  const terms = searchTerms(text);
  if (terms.length === 0) return null;
  return clauseOf(terms.map(termAlternatives), terms.join(' '), 'all');
}

export interface ResolvedSearch extends SearchClause {
  /** exact: the words as typed; corrected: unknown words replaced from the word list. */
  kind: 'exact' | 'corrected';
  /** The words searched, after correction. */
  words: string;
}

/**
 * The search a list applies: the words as typed when they find any published product, else the
 * corrected words (docs/decisions/0038-search-at-scale.md#typos-through-the-word-list). Decided on
 * the text alone, so a list, its facets and its pages agree. Null: nothing can match.
 */
export async function resolveSearch(db: Db, text: string): Promise<ResolvedSearch | null> {
  const terms = searchTerms(text);
  if (terms.length === 0) return null;
  const groups = terms.map(termAlternatives);
  const words = terms.join(' ');
  // Whole words with the last as a prefix; then every word as a prefix; then the corrected words.
  const typed = clauseOf(groups, words, 'last');
  if (await findsAny(db, typed.where)) return { ...typed, kind: 'exact', words };
  const prefixes = clauseOf(groups, words, 'all');
  if (await findsAny(db, prefixes.where)) return { ...prefixes, kind: 'exact', words };
  const corrected = await correctedGroups(db, terms);
  if (!corrected) return null;
  const clause = clauseOf(corrected.groups, corrected.phrase, 'all');
  return (await findsAny(db, clause.where)) ? { ...clause, kind: 'corrected', words: corrected.phrase } : null;
}

/** Some published product matches: one row through the index, whatever the catalog's size. */
export async function findsAny(db: Db, where: SQL): Promise<boolean> {
  const [row] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.published, true), where))
    .limit(1);
  return row !== undefined;
}

/**
 * The bounded candidate set of a search with filters: the ids of at most SEARCH_RESULTS_CAP + 1
 * matching products (one more tells that there are more), read through the index without ranking.
 * Lists rank, sort and count inside it, so no search ever ranks or counts a whole catalog.
 */
export function boundedMatches(conditions: SQL[]): SQL {
  return sql`${products.id} in (select ${products.id} from ${products} where ${and(...conditions)} limit ${SEARCH_RESULTS_CAP + 1})`;
}

type Rows<T> = { rows: T[] };

interface Corrected {
  groups: Group[];
  phrase: string;
}

/**
 * Each term as the word list knows it: kept when some listed word starts with it (or it has
 * digits: models are not listed), joined with the next term when together they are a listed
 * word ("iron clad"), split when it is two listed words run together ("firesafe"), else replaced
 * by its closest listed words. Null when a term has nothing close.
 */
async function correctedGroups(db: Db, terms: string[]): Promise<Corrected | null> {
  const groups: Group[] = [];
  const phrase: string[] = [];
  for (let i = 0; i < terms.length; i++) {
    const term = terms[i]!;
    const next = terms[i + 1];
    if (next !== undefined && /^\p{L}+$/u.test(term + next)) {
      const joined = await closestWords(db, term + next);
      if (joined[0] && (joined[0].distance <= 1 || joined[0].similarity >= 0.5)) {
        groups.push(joined.map((w) => [w.word]));
        phrase.push(joined[0].word);
        i++;
        continue;
      }
    }
    // Words of one or two letters are not listed (brand codes, sizes): kept as typed.
    if (/\p{N}/u.test(term) || term.length < 3 || (await knowsPrefix(db, term))) {
      groups.push(termAlternatives(term, i));
      phrase.push(term);
      continue;
    }
    const split = await splitWords(db, term);
    if (split) {
      groups.push([split]);
      phrase.push(split.join(' '));
      continue;
    }
    const closest = (await closestWords(db, term)).filter((w) => closeEnough(term, w));
    // A word with nothing close ("banana") means the text is not about the catalog: no results.
    if (closest.length === 0) return null;
    groups.push(closest.map((w) => [w.word]));
    phrase.push(closest[0]!.word);
  }
  return groups.length === 0 ? null : { groups, phrase: phrase.join(' ') };
}

/**
 * A listed word replaces a typed one within a few edits (one up to five letters, two up to nine,
 * three beyond), or at trigram similarity 0.3 with about the same length. "valut" is one swap from
 * "vault"; "banana" is three edits from "bar" and 0.25 similar: not replaced.
 */
function closeEnough(term: string, candidate: Correction): boolean {
  const edits = term.length <= 5 ? 1 : term.length <= 9 ? 2 : 3;
  return candidate.distance <= edits || (candidate.similarity >= 0.3 && Math.abs(candidate.word.length - term.length) <= 2);
}

/** Some listed word starts with the term. */
async function knowsPrefix(db: Db, term: string): Promise<boolean> {
  const result = (await db.execute(
    sql`select 1 as hit from ${searchWords} where ${searchWords.word} like ${likePrefix(term)} limit 1`,
  )) as unknown as Rows<{ hit: number }>;
  return result.rows.length > 0;
}

/**
 * The listed words closest to a term: candidates by trigram similarity through the list's trigram
 * index, ordered by edit distance (a swap of two letters counts one), then similarity.
 */
export async function closestWords(db: Db, term: string, limit = CORRECTIONS_PER_WORD): Promise<Correction[]> {
  // `%` tests similarity against this setting; lowered for this transaction only.
  const rows = await db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('pg_trgm.similarity_threshold', ${String(CANDIDATE_SIMILARITY)}, true)`);
    const result = (await tx.execute(sql`
      select ${searchWords.word} as word, similarity(${searchWords.word}, ${term}) as similarity
      from ${searchWords}
      where ${searchWords.word} % ${term}
      order by similarity(${searchWords.word}, ${term}) desc, ${searchWords.word}
      limit 20
    `)) as unknown as Rows<{ word: string; similarity: number | string }>;
    return result.rows;
  });
  return rows
    .map((r) => ({ word: r.word, similarity: Number(r.similarity), distance: editDistance(term, r.word) }))
    .sort((a, b) => a.distance - b.distance || b.similarity - a.similarity)
    .slice(0, limit);
}

export interface Correction {
  word: string;
  similarity: number;
  distance: number;
}

/** Optimal string alignment distance: insertions, deletions, substitutions and swaps of neighbours. */
export function editDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, d[i - 2]![j - 2]! + 1);
      d[i]![j] = best;
    }
  }
  return d[a.length]![b.length]!;
}

/** Two listed words run together (terms hold letters and digits only: no LIKE wildcards) ("firesafe" as "fire" and a word starting "safe"), or null. */
async function splitWords(db: Db, term: string): Promise<[string, string] | null> {
  const result = (await db.execute(sql`
    select left(${term}, i) as head, substr(${term}, i + 1) as tail
    from generate_series(3, length(${term}) - 3) as i
    where exists (select 1 from ${searchWords} where ${searchWords.word} = left(${term}, i))
      and exists (select 1 from ${searchWords} where ${searchWords.word} like substr(${term}, i + 1) || '%')
    order by abs(length(${term}) - 2 * i), i
    limit 1
  `)) as unknown as Rows<{ head: string; tail: string }>;
  const row = result.rows[0];
  return row ? [row.head, row.tail] : null;
}

/** A LIKE pattern for "starts with", the term's own wildcards escaped. */
function likePrefix(term: string): string {
  return `${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
