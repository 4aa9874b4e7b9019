import { sql } from 'drizzle-orm';
import { index, pgTable, text } from 'drizzle-orm/pg-core';

/**
 * The vocabulary of the catalogue (stemmed lexemes of names and descriptions), so that a misspelt
 * search word can be corrected by trigram similarity against a few thousand words instead of
 * 100,000 product names.
 */
export const searchWords = pgTable('search_words', { word: text('word').primaryKey() }, (t) => [
  index('search_words_trgm_idx').using('gin', sql`${t.word} gin_trgm_ops`),
]);
