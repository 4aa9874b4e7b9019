import { sql } from 'drizzle-orm';
import { boolean, check, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * One row: the id this shop was given the first time it started on its database. Every instance of
 * the shop reads the same one, another shop's database holds another (docs/decisions/0048-several-instances.md).
 */
export const shopIdentity = pgTable(
  'shop_identity',
  {
    one: boolean('one').primaryKey().default(true),
    shopId: text('shop_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [check('shop_identity_one_row', sql`${t.one}`)],
);
