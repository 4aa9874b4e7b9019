import { sql } from 'drizzle-orm';
import { index, pgTable, text } from 'drizzle-orm/pg-core';

/**
 * The vocabulary of the catalogue (stemmed lexemes of names and descriptions), so that a misspelt
 * search word can be corrected by trigram similarity against a few thousand words instead of
 * 100,000 product names.
 */
export const searchWords = pgTable('search_words', { word: text('word').primaryKey() }, (t) => [
  // Over the words' letters and digits, as the typo rule compares them (index/trigrams.ts TYPO_FORM_SQL).
  index('search_words_typo_trgm_idx').using('gin', sql`(regexp_replace(${t.word}, '[^[:alnum:]]', '', 'g')) gin_trgm_ops`),
]);
