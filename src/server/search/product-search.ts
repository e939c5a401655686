// Product search that scales (docs/decisions/0038-search-at-scale.md): every word must match as a
// prefix of a word in the name, SKU or keywords (GIN full-text index); a text that matches nothing
// that way has its unknown words corrected against the word list (`search_words`, a few hundred
// words) and is searched again the same way. Both read a bounded candidate set: a search means at
// most SEARCH_RESULTS_CAP products, ranked among themselves, and counts stop there.
import { and, eq, sql, type SQL, type WithSubquery } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { products } from '@/server/db/schema/catalog';
import { searchWords } from '@/server/db/schema/search';
import { type Lexicon, lexiconOf, lexiconVersion } from './lexicon';

/** A search reads at most this many matching products; its count above it is said as "200+" (docs/decisions/0038-search-at-scale.md#bounded-candidates). */
export const SEARCH_RESULTS_CAP = 200;
/** Listed words at least this similar (pg_trgm, 0 to 1) to a typed word are candidates to replace it. */
const CANDIDATE_SIMILARITY = 0.15;
/** Corrections tried per unknown word, the closest first. */
const CORRECTIONS_PER_WORD = 2;
/** Candidates of a typed word the word list gives, before they are ordered by edit distance. */
const CANDIDATES_PER_WORD = 20;
/** A typed prefix standing for at most this many listed words is searched as those whole words. */
const PREFIX_EXPANSION = 12;

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
 * One word of a tsquery. With the lexicon in memory (docs/decisions/0038-search-at-scale.md#the-lexicon),
 * a word of ASCII letters that no product has (whole) or that no searched word starts with (a
 * prefix) can match nothing (null), and a prefix that stands for a few listed words only is written
 * as those whole words: the index then follows their entries instead of gathering every entry of
 * the prefix (all of "safe:*" at a million products, the most of a search's time). `broad`: a prefix
 * that starts very many searched words ("m:*", "2:*" gather most of the index).
 */
function tsqueryWord(word: string, prefix: boolean, lexicon: Lexicon | null): { text: string; broad: boolean } | null {
  const partial = { text: `${word}:*`, broad: /^-?\p{N}$/u.test(word) || (lexicon?.isBroadPrefix(word) ?? false) };
  if (!lexicon || !/^[a-z]+$/.test(word)) return prefix ? partial : { text: word, broad: false };
  if (!prefix) return lexicon.hasWord(word) ? { text: word, broad: false } : null;
  if (!lexicon.anyWordStartsWith(word)) return null;
  if (lexicon.headStartsWith(word)) return partial;
  const whole = lexicon.wordsStartingWith(word, PREFIX_EXPANSION);
  if (whole.length > PREFIX_EXPANSION) return partial;
  return { text: whole.length === 1 ? whole[0]! : `(${whole.join(' | ')})`, broad: false };
}

/**
 * The tsquery of the groups, or null when the lexicon tells that it matches nothing; `index`: the
 * same without its broad prefixes, when it keeps some word (the index reads that, the rows are then
 * checked against the whole). `prefix: 'last'` takes the words before the last as whole words, as a
 * shopper types them, and only the last as a prefix: short words ("ic", "s") as prefixes make the
 * index read every word they start. `'all'` takes every word as a prefix ("fire saf", "lami pro").
 */
function tsqueryText(
  groups: Group[],
  prefix: 'last' | 'all',
  lexicon: Lexicon | null = null,
): { query: string; index: string | null } | null {
  const parts: string[] = [];
  const narrow: string[] = [];
  for (const [g, group] of groups.entries()) {
    const lastGroup = g === groups.length - 1;
    const alternatives = group.flatMap((alt) => {
      const words = alt.map((w, i) => tsqueryWord(w, prefix === 'all' || (lastGroup && i === alt.length - 1), lexicon));
      return words.every((w) => w !== null) ? [words] : [];
    });
    if (alternatives.length === 0) return null;
    parts.push(`(${alternatives.map((words) => words.map((w) => w.text).join(' & ')).join(' | ')})`);
    // A group with an alternative of broad prefixes alone constrains nothing the index should read.
    const kept = alternatives.map((words) => words.filter((w) => !w.broad).map((w) => w.text));
    if (kept.every((words) => words.length > 0)) narrow.push(`(${kept.map((words) => words.join(' & ')).join(' | ')})`);
  }
  const query = parts.join(' & ');
  const index = narrow.join(' & ');
  return { query, index: index !== '' && index !== query ? index : null };
}

function clauseOf(text: { query: string; index: string | null }, phrase: string): SearchClause {
  const tsquery = sql`to_tsquery('simple', ${text.query})`;
  return {
    // ts_match_vq is @@ that no index serves: the rows the narrower query finds are checked with it.
    where:
      text.index === null
        ? sql`${products.searchVector} @@ ${tsquery}`
        : sql`${products.searchVector} @@ to_tsquery('simple', ${text.index}) and ts_match_vq(${products.searchVector}, ${tsquery})`,
    rank: sql`(ts_rank(${products.searchVector}, ${tsquery}) + word_similarity(${phrase}, ${products.name}))`,
  };
}

/** The search of a text as typed: every word as a prefix (models also without their dash). Null: no words. */
export function productSearch(text: string): SearchClause | null {
  const terms = searchTerms(text);
  if (terms.length === 0) return null;
  return clauseOf({ query: tsqueryText(terms.map(termAlternatives), 'all')!.query, index: null }, terms.join(' '));
}

export interface ResolvedSearch extends SearchClause {
  /** exact: the words as typed; corrected: unknown words replaced from the word list. */
  kind: 'exact' | 'corrected';
  /** The words searched, after correction. */
  words: string;
}

/** A step of a search and its tsquery's text, to drop a step that repeats an earlier one. */
interface Step extends ResolvedSearch {
  query: string;
}

/** A step, or null when the lexicon tells that it finds nothing. */
function stepOf(groups: Group[], phrase: string, prefix: 'last' | 'all', kind: Step['kind'], lexicon: Lexicon | null): Step | null {
  const text = tsqueryText(groups, prefix, lexicon);
  return text === null ? null : { ...clauseOf(text, phrase), kind, words: phrase, query: text.query };
}

/**
 * One statement's view of a search (docs/decisions/0038-search-at-scale.md#one-statement-per-search):
 * the CTE `search_step` (one row) tells the step chosen (the first that finds a published product
 * wins, the later ones are not run) and the lexicon's version; `matches` and `rank` follow the step
 * it chose. A list puts all of it in the query that reads its page.
 */
export interface SearchStatement {
  /** The CTEs to put in `db.with(…)`, `step` last. */
  ctes: WithSubquery[];
  /** The one-row CTE `search_step`: select from it for the columns below. */
  step: ReturnType<typeof stepCte>;
  /** The chosen step's number (1 = the words as typed), null when no step finds anything. */
  chosen: SQL<number | null>;
  /** The lexicon's version when the statement ran. */
  version: SQL<number>;
  /** The ids of at most SEARCH_RESULTS_CAP + 1 products the chosen step finds under `conditions`. */
  matches(conditions: SQL[]): SQL;
  /** The chosen step's rank of a product. */
  rank: SQL;
  /**
   * A list without filters only: the chosen step's candidates as rows (id, created_at, rank), ranked
   * as the index's rows are read, so a list by relevance ranks, counts and pages them without
   * reading each candidate's product again (docs/decisions/0038-search-at-scale.md#ranked-where-read).
   */
  ranked?: SQL;
}

function stepCte(db: Db, chosen: SQL) {
  return db.$with('search_step', { s: sql<number | null>`s`, version: sql<number>`version` }).as(sql`
    select ${chosen} as s, ${lexiconVersion} as version`);
}

/**
 * `textAlone`: the list's matches are the text's alone (no filter), so each step's bounded
 * candidates are its probe too: read once, in order, each only when the steps before it found
 * nothing (docs/decisions/0038-search-at-scale.md#one-statement-per-search).
 */
function statementOf(db: Db, steps: Step[], textAlone: boolean): SearchStatement {
  const live = steps.map((step, i) => ({ step, n: sql.raw(String(i + 1)) }));
  if (textAlone && live.length > 0) return candidatesStatementOf(db, live);
  // UNION ALL under LIMIT 1 runs its parts in order and stops at the first row: a later probe costs
  // nothing once an earlier one found a product. Each probe's match is written twice: the planner
  // then reckons a rare conjunction ("fire file") rarer still and reads the index, where it used to
  // walk the table hoping for an early row that sat at its end (docs/decisions/0038-search-at-scale.md#one-statement-per-search).
  // No step left (the lexicon tells that none finds anything): the statement still reads the version.
  const probes =
    live.length === 0
      ? sql`select null::int as s where false`
      : sql.join(
          live.map(
            ({ step, n }) =>
              sql`select ${n} as s from (select 1 from ${products} where ${products.published} = true and ${step.where} and ${step.where} limit 1) as probe`,
          ),
          sql` union all `,
        );
  const step = stepCte(db, sql`(select s from (${probes}) as steps limit 1)`);
  // `(select s from search_step) = n` holds no column of the row: PostgreSQL tests it once and skips
  // the other steps' index reads.
  const chosen = sql`(select s from ${step})`;
  return {
    ctes: [step],
    step,
    chosen: sql<number | null>`(select s from ${step})`,
    version: sql<number>`(select version from ${step})`,
    matches: (conditions) =>
      live.length === 0
        ? sql`false`
        : sql`${products.id} in (${sql.join(
            live.map(
              ({ step, n }) =>
                sql`select id from (select ${products.id} from ${products} where ${chosen} = ${n} and ${and(...conditions, step.where)} limit ${SEARCH_RESULTS_CAP + 1}) as step_${n}`,
            ),
            sql` union all `,
          )})`,
    rank: rankOf(chosen, live),
  };
}

function rankOf(chosen: SQL, live: { step: Step; n: SQL }[]): SQL {
  return live.length === 0
    ? sql`null::real`
    : sql`(case ${chosen} ${sql.join(
        live.map(({ step, n }) => sql`when ${n} then ${step.rank}`),
        sql` `,
      )} end)`;
}

/**
 * The steps' candidates as CTEs `search_candidates_n`, each read only when the ones before it are
 * empty (`not exists` of them is a one-time filter); the step chosen is the first with a candidate.
 */
function candidatesStatementOf(db: Db, live: { step: Step; n: SQL }[]): SearchStatement {
  const candidates: WithSubquery[] = [];
  for (const [i, { step }] of live.entries()) {
    const before = candidates.map((c) => sql`not exists (select 1 from ${c}) and `);
    // The rank is computed on the row the scan already holds: only the few products of a page are read again.
    candidates.push(
      db.$with(`search_candidates_${i + 1}`, { id: sql<number>`id` }).as(sql`
        select ${products.id}, ${products.createdAt}, ${step.rank} as rank from ${products}
        where ${sql.join(before, sql``)}${products.published} = true and ${step.where} limit ${SEARCH_RESULTS_CAP + 1}`),
    );
  }
  const firstFound = sql`(case ${sql.join(
    live.map(({ n }, i) => sql`when exists (select 1 from ${candidates[i]!}) then ${n}`),
    sql` `,
  )} end)`;
  const step = stepCte(db, firstFound);
  const chosen = sql`(select s from ${step})`;
  return {
    ctes: [...candidates, step],
    step,
    chosen: sql<number | null>`(select s from ${step})`,
    version: sql<number>`(select version from ${step})`,
    matches: (conditions) =>
      and(
        ...conditions,
        sql`${products.id} in (${sql.join(
          candidates.map((c) => sql`select id from ${c}`),
          sql` union all `,
        )})`,
      )!,
    rank: rankOf(chosen, live),
    ranked: sql`(${sql.join(
      candidates.map((c) => sql`select id, created_at, rank from ${c}`),
      sql` union all `,
    )})`,
  };
}

/** What a statement told: its result, the step it chose (undefined: it could not tell) and the word list's version. */
export interface SearchOutcome<T> {
  result: T;
  chosen: number | null | undefined;
  version: number | undefined;
}

/**
 * Runs a search (docs/decisions/0038-search-at-scale.md#one-statement-per-search): `run` makes one
 * statement of `statement` (a list's page, or the probe alone), whose steps are the words as typed,
 * then every word as a prefix, then the corrected words. With the lexicon in memory
 * (docs/decisions/0038-search-at-scale.md#the-lexicon) every search is that one statement: the
 * corrections come from memory, and steps the lexicon knows to find nothing are left out; a
 * statement that reads another version of the lexicon than the one in memory reloads it and runs
 * again. A lexicon too large to keep falls back to the word list's answers kept per word: a text
 * whose words were never looked up costs one look-up, then the statement again with the corrected
 * step alone. Null when nothing can match; else run's result and the step chosen.
 */
export async function runSearch<T>(
  db: Db,
  text: string,
  run: (statement: SearchStatement) => Promise<SearchOutcome<T>>,
  options: { textAlone?: boolean } = {},
): Promise<{ result: T; search: ResolvedSearch } | null> {
  const terms = searchTerms(text);
  if (terms.length === 0) return null;
  const groups = terms.map(termAlternatives);
  const phrase = terms.join(' ');
  const cache = wordCacheOf(db);
  const looked = wordsToLookUp(terms);
  let lexicon = await lexiconOf(db);
  // The words as typed found nothing: after a look-up, only the corrected step runs.
  let typedFailed = false;
  for (let attempt = 0; attempt < 4; attempt++) {
    const exact: Step[] = [];
    for (const step of [stepOf(groups, phrase, 'last', 'exact', lexicon), stepOf(groups, phrase, 'all', 'exact', lexicon)]) {
      if (step && !exact.some((s) => s.query === step.query)) exact.push(step);
    }
    const known = lexicon;
    const corrected = correctedGroups(terms, (word) => (known ? answerOf(known, word) : cache.get(word)));
    const fix = corrected ? stepOf(corrected.groups, corrected.phrase, 'all', 'corrected', lexicon) : null;
    // Corrected words that are the typed ones again find nothing more.
    const steps = [...(typedFailed ? [] : exact), ...(fix && !exact.some((s) => s.query === fix.query) ? [fix] : [])];
    const statement = statementOf(db, steps, options.textAlone === true);
    const outcome = await run(statement);
    let { chosen, version } = outcome;
    if (chosen === undefined || version === undefined) {
      const [row] = await db
        .with(...statement.ctes)
        .select({ chosen: statement.chosen, version: statement.version })
        .from(statement.step);
      chosen = row?.chosen ?? null;
      version = Number(row?.version ?? 0);
    }
    const step = chosen === null ? undefined : steps[Number(chosen) - 1];
    if (lexicon) {
      // Decided with the lexicon of the version the statement read: the answer. Else reload, run again.
      if (lexicon.version === Number(version)) return step ? { result: outcome.result, search: step } : null;
      lexicon = await lexiconOf(db, Number(version));
      continue;
    }
    // The lexicon only grows: answers of an older version are dropped.
    const current = cache.sync(Number(version)) || looked.length === 0;
    if (step && (step.kind === 'exact' || current)) return { result: outcome.result, search: step };
    if (current && corrected !== undefined) return null;
    typedFailed = true;
    await lookUpWords(
      db,
      cache,
      looked.filter((word) => !cache.get(word)),
    );
  }
  return null;
}

/**
 * The search a list applies: the words as typed when they find any published product, else the
 * corrected words (docs/decisions/0038-search-at-scale.md#typos-through-the-word-list). Decided on
 * the text alone, so a list, its facets and its pages agree. Null: nothing can match.
 */
export async function resolveSearch(db: Db, text: string): Promise<ResolvedSearch | null> {
  const found = await runSearch(db, text, async (statement) => {
    const [row] = await db
      .with(...statement.ctes)
      .select({ chosen: statement.chosen, version: statement.version })
      .from(statement.step);
    return { result: null, chosen: row?.chosen ?? null, version: Number(row?.version ?? 0) };
  });
  if (!found) return null;
  const { query: _query, ...search } = found.search as Step;
  return search;
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

/** What the word list says of a word: some listed word starts with it, it is two run together, its closest words. */
export interface WordAnswer {
  known: boolean;
  split: [string, string] | null;
  closest: Correction[];
}

/** Words whose answers a process keeps per database, the least recently used dropped first. */
export const WORD_CACHE_SIZE = 5_000;

/**
 * The word list's answers in memory (docs/decisions/0038-search-at-scale.md#one-statement-per-search),
 * for one version of the list: its size, since words are only ever added. A statement that sees
 * another size drops them all.
 */
export class WordCache {
  private version = -1;
  private readonly answers = new Map<string, WordAnswer>();

  constructor(private readonly capacity = WORD_CACHE_SIZE) {}

  get size(): number {
    return this.answers.size;
  }

  get(word: string): WordAnswer | undefined {
    const answer = this.answers.get(word);
    if (answer) {
      this.answers.delete(word);
      this.answers.set(word, answer);
    }
    return answer;
  }

  set(word: string, answer: WordAnswer): void {
    this.answers.delete(word);
    this.answers.set(word, answer);
    while (this.answers.size > this.capacity) this.answers.delete(this.answers.keys().next().value as string);
  }

  /** True when the answers held are for this version; else they are dropped and it becomes the version. */
  sync(version: number): boolean {
    if (version === this.version) return true;
    this.answers.clear();
    this.version = version;
    return false;
  }
}

const wordCaches = new WeakMap<Db, WordCache>();

/** The word answers kept for a database (one per database, so tests' fresh databases never share). */
export function wordCacheOf(db: Db): WordCache {
  let cache = wordCaches.get(db);
  if (!cache) wordCaches.set(db, (cache = new WordCache()));
  return cache;
}

/** The words whose answers correcting `terms` may ask for: each word of letters, and each pair run together. */
function wordsToLookUp(terms: string[]): string[] {
  const words = new Set<string>();
  terms.forEach((term, i) => {
    const next = terms[i + 1];
    if (next !== undefined && /^\p{L}+$/u.test(term + next)) words.add(term + next);
    if (!/\p{N}/u.test(term) && term.length >= 3) words.add(term);
  });
  return [...words];
}

/**
 * Asks the word list about `words` in one statement (its trigram index for the candidates, at a
 * similarity lowered for this transaction only) and keeps the answers.
 */
async function lookUpWords(db: Db, cache: WordCache, words: string[]): Promise<void> {
  if (words.length === 0) return;
  const { version, answers } = await askWordList(db, words);
  cache.sync(version);
  for (const [word, answer] of answers) cache.set(word, answer);
}

/**
 * The word list's answers for `words` from the database, in one statement (its trigram index for
 * the candidates, at a similarity lowered for this transaction only), with the lexicon's version.
 * The lexicon in memory gives the same answers (src/server/search/lexicon.ts).
 */
export async function askWordList(db: Db, words: string[]): Promise<{ version: number; answers: Map<string, WordAnswer> }> {
  const answers = new Map<string, WordAnswer>();
  if (words.length === 0) return { version: -1, answers };
  // Terms hold letters and digits only: no LIKE wildcards, no spaces.
  const rows = await db.transaction(async (tx) => {
    // `%` tests similarity against this setting.
    await tx.execute(sql`select set_config('pg_trgm.similarity_threshold', ${String(CANDIDATE_SIMILARITY)}, true)`);
    const result = (await tx.execute(sql`
      select t.word as word,
        ${lexiconVersion} as version,
        exists (select 1 from ${searchWords} w where w.word like t.word || '%') as known,
        (select json_build_array(left(t.word, i), substr(t.word, i + 1))
          from generate_series(3, length(t.word) - 3) as i
          where exists (select 1 from ${searchWords} w where w.word = left(t.word, i))
            and exists (select 1 from ${searchWords} w where w.word like substr(t.word, i + 1) || '%')
          order by abs(length(t.word) - 2 * i), i
          limit 1) as split,
        (select coalesce(json_agg(json_build_array(c.word, c.similarity) order by c.similarity desc, c.word), '[]'::json)
          from (select w.word, similarity(w.word, t.word) as similarity from ${searchWords} w
            where w.word % t.word order by similarity(w.word, t.word) desc, w.word limit ${CANDIDATES_PER_WORD}) as c) as candidates
      from unnest(string_to_array(${words.join(' ')}, ' ')) as t(word)
    `)) as unknown as Rows<{
      word: string;
      version: number | string;
      known: boolean;
      split: [string, string] | string | null;
      candidates: [string, number][] | string;
    }>;
    return result.rows;
  });
  const json = <J>(value: J | string): J => (typeof value === 'string' ? (JSON.parse(value) as J) : value);
  for (const row of rows) {
    answers.set(row.word, {
      known: Boolean(row.known),
      split: row.split === null ? null : json(row.split),
      closest: closestOf(
        row.word,
        json(row.candidates).map(([word, similarity]) => ({ word, similarity: Number(similarity) })),
      ),
    });
  }
  return { version: Number(rows[0]?.version ?? -1), answers };
}

/** Candidates ordered by edit distance (a swap of two letters counts one), then similarity; the first CORRECTIONS_PER_WORD. */
function closestOf(term: string, candidates: { word: string; similarity: number }[]): Correction[] {
  return candidates
    .map((c) => ({ ...c, distance: editDistance(term, c.word) }))
    .sort((a, b) => a.distance - b.distance || b.similarity - a.similarity)
    .slice(0, CORRECTIONS_PER_WORD);
}

/** The word list's answers for a word, from the lexicon in memory: the same as the database's look-up. */
export function answerOf(lexicon: Lexicon, word: string): WordAnswer {
  const { known, split, candidates } = lexicon.answer(word, CANDIDATE_SIMILARITY, CANDIDATES_PER_WORD);
  return { known, split, closest: closestOf(word, candidates) };
}

/** The word list's answers for `words`: from the lexicon in memory, else kept per word, looking up the missing ones in one statement. */
export async function wordAnswers(db: Db, words: string[]): Promise<Map<string, WordAnswer>> {
  const lexicon = await lexiconOf(db);
  if (lexicon) return new Map(words.map((word) => [word, answerOf(lexicon, word)]));
  const cache = wordCacheOf(db);
  await lookUpWords(
    db,
    cache,
    words.filter((word) => !cache.get(word)),
  );
  const answers = new Map<string, WordAnswer>();
  for (const word of words) {
    const answer = cache.get(word);
    if (answer) answers.set(word, answer);
  }
  return answers;
}

/**
 * Each term as the word list knows it: kept when some listed word starts with it (or it has
 * digits: models are not listed), joined with the next term when together they are a listed
 * word ("iron clad"), split when it is two listed words run together ("firesafe"), else replaced
 * by its closest listed words. Null when a term has nothing close; undefined when the answer for
 * some word is not at hand.
 */
function correctedGroups(terms: string[], answer: (word: string) => WordAnswer | undefined): Corrected | null | undefined {
  const groups: Group[] = [];
  const phrase: string[] = [];
  for (let i = 0; i < terms.length; i++) {
    const term = terms[i]!;
    const next = terms[i + 1];
    if (next !== undefined && /^\p{L}+$/u.test(term + next)) {
      const together = answer(term + next);
      if (!together) return undefined;
      const joined = together.closest;
      if (joined[0] && (joined[0].distance <= 1 || joined[0].similarity >= 0.5)) {
        groups.push(joined.map((w) => [w.word]));
        phrase.push(joined[0].word);
        i++;
        continue;
      }
    }
    // Words of one or two letters are not listed (brand codes, sizes): kept as typed.
    if (/\p{N}/u.test(term) || term.length < 3) {
      groups.push(termAlternatives(term, i));
      phrase.push(term);
      continue;
    }
    const own = answer(term);
    if (!own) return undefined;
    if (own.known) {
      groups.push(termAlternatives(term, i));
      phrase.push(term);
      continue;
    }
    if (own.split) {
      groups.push([own.split]);
      phrase.push(own.split.join(' '));
      continue;
    }
    const closest = own.closest.filter((w) => closeEnough(term, w));
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
