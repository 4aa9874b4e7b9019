import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The shopper's own words (docs/decisions/0260-the-shoppers-own-words.md): a word or two as shoppers
 * type them ("ghadi", "tiffin", "किताब"), by its spelling key (synonyms/spelling.ts), and the
 * catalogue's words it means ("watch", "lunch box"). Seeded with the demo shelves' Hindi and Hinglish
 * words; the admin adds more.
 */
export const searchSynonyms = pgTable('search_synonyms', {
  key: text('key').primaryKey(),
  /** As the admin (or the seed) wrote it. */
  word: text('word').notNull(),
  means: text('means').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
