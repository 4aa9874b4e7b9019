import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../users/users.table.js';
import { products } from '../catalog/products.table.js';

/**
 * One review per (user, product): a second add updates it. products.review_count and rating_sum
 * are kept in step in the same transaction, so listings show ratings without aggregating.
 */
export const reviews = pgTable(
  'reviews',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    rating: integer('rating').notNull(),
    comment: text('comment').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('reviews_user_product_key').on(t.userId, t.productId), index('reviews_product_created_idx').on(t.productId, t.createdAt.desc())],
);

export type ReviewRow = typeof reviews.$inferSelect;
