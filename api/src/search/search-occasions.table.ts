import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The shop's own gifts for an occasion (docs/decisions/0310-query-understanding.md): per occasion the kept list names
 * (shared/src/search/occasions.ts), the shelves its gifts come from — for anyone, for her, for him — whom it is for
 * when the query does not say, and the most a gift usually costs. A row replaces the kept list's entry for that
 * occasion; the words that name occasions stay the kept list's.
 */
export const searchOccasions = pgTable('search_occasions', {
  name: text('name').primaryKey(),
  shelves: text('shelves').array().notNull(),
  women: text('women').array(),
  men: text('men').array(),
  audience: text('audience'),
  maxPrice: integer('max_price'),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
