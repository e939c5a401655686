import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';

// The search's word list (docs/decisions/0038-search-at-scale.md#typos-through-the-word-list): every
// word of letters only, three or more, that a product's name, SKU or keywords hold, as the search
// vector has it. A typed word no product knows is corrected against this short list (a few
// hundred words even at a million products) instead of against every product name. Kept by
// triggers on products (drizzle/0009_search_words.sql); words of removed products stay, harmless.
export const searchWords = pgTable(
  'search_words',
  {
    word: text('word').primaryKey(),
  },
  (t) => [index('search_words_trgm_idx').using('gin', sql`${t.word} gin_trgm_ops`)],
);

// The heads of the searched words that are not in the word list (docs/decisions/0038-search-at-scale.md#the-lexicon):
// for every other word of a product's name, SKU or keywords (model codes, words of one or two letters,
// words with digits), its leading letters ("ch67" -> "ch", "wnb" -> "wnb"). With the word list, they
// tell exactly whether any searched word starts with a typed word of letters, so the search expands
// a prefix into its few whole words, or skips a step that can find nothing, without asking the
// products' index. Kept by the word list's triggers on products (drizzle/0014_search_heads.sql); they only grow.
export const searchHeads = pgTable('search_heads', {
  head: text('head').primaryKey(),
});

// The lexicon's version (docs/decisions/0038-search-at-scale.md#the-lexicon): one row, raised by the
// triggers by as many words and heads as they add. Every search statement reads it, so a process
// that keeps the lexicon in memory learns in the same round trip that it is out of date.
export const searchLexicon = pgTable('search_lexicon', {
  version: integer('version').notNull(),
});
