import { sql } from 'drizzle-orm';
import { index, pgTable, text } from 'drizzle-orm/pg-core';

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
