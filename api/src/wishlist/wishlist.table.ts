import { integer, index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../users/users.table.js';
import { products } from '../catalog/products.table.js';

/**
 * A set of (user, product): adding twice or removing twice changes nothing. Each entry keeps the selling price its
 * shopper last knew (docs/product.md#price-drops), so a fall below it is one notice however many edits make it.
 */
export const wishlistItems = pgTable(
  'wishlist_items',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** The selling price (after discount, paise) the shopper last knew: when added, last told of a drop, or last saw the wishlist. */
    knownPaise: integer('known_paise').notNull(),
    /** A drop not yet seen: the price (paise) it fell from; null when there is none or the shopper has seen it. */
    droppedFromPaise: integer('dropped_from_paise'),
  },
  (t) => [primaryKey({ columns: [t.userId, t.productId] }), index('wishlist_items_product_idx').on(t.productId)],
);
