// The search's lexicon in memory (docs/decisions/0038-search-at-scale.md#the-lexicon): the word list
// (`search_words`) and the heads of every other searched word (`search_heads`), a few tens of
// thousands of short strings even at a million products. With it a process knows, without asking
// the products' index, whether any product word starts with a typed word of letters, which whole
// words a typed prefix stands for, and the word list's answers for a typo (the same answers the
// database's look-up gives: pg_trgm's similarity is computed here the same way).
import { sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { searchHeads, searchLexicon, searchWords } from '@/server/db/schema/search';

/** Words and heads a process keeps at most; a larger lexicon is not loaded (the search then asks the database). */
export const LEXICON_LIMIT = 200_000;

/** Listed words and heads a short prefix starts, above which it is broad (Lexicon.isBroadPrefix). */
const BROAD_PREFIX = 100;

/** The lexicon's version as a statement reads it: raised by the triggers whenever a word or head is added. */
export const lexiconVersion = sql<number>`(select ${searchLexicon.version} from ${searchLexicon})`;

/** What the word list says of a typed word, before its candidates are ranked by edit distance. */
export interface RawWordAnswer {
  known: boolean;
  split: [string, string] | null;
  candidates: { word: string; similarity: number }[];
}

/** pg_trgm's trigrams of one word of letters: the word padded with two spaces before and one after. */
function trigramsOf(word: string): string[] {
  const chars = ['  ', ...Array.from(word), ' '].join('');
  const padded = Array.from(chars);
  const out = new Set<string>();
  for (let i = 0; i + 3 <= padded.length; i++) out.add(padded.slice(i, i + 3).join(''));
  return [...out];
}

/** pg_trgm's similarity of two words (shared trigrams over all), rounded to a float4 as PostgreSQL returns it. */
export function trigramSimilarity(a: string, b: string): number {
  const ta = trigramsOf(a);
  const tb = new Set(trigramsOf(b));
  const shared = ta.filter((t) => tb.has(t)).length;
  const all = ta.length + tb.size - shared;
  return all === 0 ? 0 : Math.fround(shared / all);
}

function firstAtOrAfter(list: readonly string[], value: string): number {
  let low = 0;
  let high = list.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (list[mid]! < value) low = mid + 1;
    else high = mid;
  }
  return low;
}

export class Lexicon {
  private readonly words: string[];
  private readonly wordSet: Set<string>;
  private readonly heads: string[];
  /** Each trigram's words (indexes into `words`), as the word list's trigram index finds them. */
  private readonly byTrigram = new Map<string, number[]>();
  /** Each word's number of trigrams. */
  private readonly trigramCounts: number[];

  constructor(
    readonly version: number,
    words: string[],
    heads: string[],
  ) {
    // Code-point order, whatever the database's collation: the prefix searches below rely on it.
    this.words = [...words].sort();
    this.wordSet = new Set(this.words);
    this.heads = [...heads].sort();
    this.trigramCounts = this.words.map((word, i) => {
      const trigrams = trigramsOf(word);
      for (const t of trigrams) {
        const list = this.byTrigram.get(t);
        if (list) list.push(i);
        else this.byTrigram.set(t, [i]);
      }
      return trigrams.length;
    });
  }

  /** Listed words that start with `prefix`, at most `limit` + 1 (one more tells that there are more). */
  wordsStartingWith(prefix: string, limit: number): string[] {
    const out: string[] = [];
    for (let i = firstAtOrAfter(this.words, prefix); i < this.words.length && out.length <= limit; i++) {
      if (!this.words[i]!.startsWith(prefix)) break;
      out.push(this.words[i]!);
    }
    return out;
  }

  /**
   * Whether some product (published or not) has the searched word `word`, of ASCII letters: it is
   * listed, or it is a head (a searched word of letters the list does not hold is its own head).
   */
  hasWord(word: string): boolean {
    return this.wordSet.has(word) || this.heads[firstAtOrAfter(this.heads, word)] === word;
  }

  /**
   * A prefix of one or two ASCII letters that starts more than BROAD_PREFIX listed words and heads:
   * its searched words cover so many products that the index gathering them all costs more than
   * checking it on the rows the other words find.
   */
  isBroadPrefix(prefix: string): boolean {
    if (!/^[a-z]{1,2}$/.test(prefix)) return false;
    const count = (list: readonly string[]) => {
      let n = 0;
      for (let i = firstAtOrAfter(list, prefix); i < list.length && list[i]!.startsWith(prefix) && n <= BROAD_PREFIX; i++) n++;
      return n;
    };
    return count(this.words) + count(this.heads) > BROAD_PREFIX;
  }

  /** Some head (of a searched word the list does not hold) starts with `prefix`. */
  headStartsWith(prefix: string): boolean {
    return this.heads[firstAtOrAfter(this.heads, prefix)]?.startsWith(prefix) ?? false;
  }

  /**
   * Whether some searched word of some product (published or not) starts with `prefix`, a word of
   * ASCII letters: a listed word or a head does. Exact, because a searched word that starts with
   * letters has its leading letters in one of the two lists.
   */
  anyWordStartsWith(prefix: string): boolean {
    return this.wordsStartingWith(prefix, 0).length > 0 || this.headStartsWith(prefix);
  }

  /**
   * The word list's answers for a typed word, as the database's look-up gives them: some listed word
   * starts with it, the two listed words it runs together, and its candidates (similarity at least
   * `minSimilarity`, the most similar first, at most `candidates`).
   */
  answer(word: string, minSimilarity: number, candidates: number): RawWordAnswer {
    const chars = Array.from(word);
    let split: [string, string] | null = null;
    let best = Infinity;
    for (let i = 3; i <= chars.length - 3; i++) {
      const left = chars.slice(0, i).join('');
      const right = chars.slice(i).join('');
      const score = Math.abs(chars.length - 2 * i);
      if (score < best && this.wordSet.has(left) && this.wordsStartingWith(right, 0).length > 0) {
        split = [left, right];
        best = score;
      }
    }
    const trigrams = trigramsOf(word);
    const shared = new Map<number, number>();
    for (const t of trigrams) for (const i of this.byTrigram.get(t) ?? []) shared.set(i, (shared.get(i) ?? 0) + 1);
    const found: { word: string; similarity: number }[] = [];
    for (const [i, n] of shared) {
      const candidate = this.words[i]!;
      const similarity = Math.fround(n / (trigrams.length + this.trigramCounts[i]! - n));
      if (similarity >= minSimilarity) found.push({ word: candidate, similarity });
    }
    found.sort((a, b) => b.similarity - a.similarity || (a.word < b.word ? -1 : a.word > b.word ? 1 : 0));
    return { known: this.wordsStartingWith(word, 0).length > 0, split, candidates: found.slice(0, candidates) };
  }
}

interface Kept {
  version: number;
  /** Null: the lexicon is larger than LEXICON_LIMIT, not kept. */
  lexicon: Lexicon | null;
}

const kept = new WeakMap<Db, Kept>();

type Rows<T> = { rows: T[] };

/** Reads the lexicon and its version in one statement (one snapshot); null when it is too large to keep. */
async function loadLexicon(db: Db): Promise<Kept> {
  const result = (await db.execute(sql`
    select ${lexiconVersion} as version,
      array(select ${searchWords.word} from ${searchWords} limit ${LEXICON_LIMIT + 1}) as words,
      array(select ${searchHeads.head} from ${searchHeads} limit ${LEXICON_LIMIT + 1}) as heads
  `)) as unknown as Rows<{ version: number | string | null; words: string[]; heads: string[] }>;
  const row = result.rows[0];
  const version = Number(row?.version ?? 0);
  const words = row?.words ?? [];
  const heads = row?.heads ?? [];
  return { version, lexicon: words.length + heads.length > LEXICON_LIMIT ? null : new Lexicon(version, words, heads) };
}

/**
 * The lexicon a process keeps for a database (one per database, so tests' fresh databases never
 * share), loaded on first use and again when `seen` (the version a statement just read) differs
 * from its own. Null when it is too large to keep.
 */
export async function lexiconOf(db: Db, seen?: number): Promise<Lexicon | null> {
  let current = kept.get(db);
  if (!current || (seen !== undefined && seen !== current.version)) {
    current = await loadLexicon(db);
    kept.set(db, current);
  }
  return current.lexicon;
}
