import { integer, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { users } from '../users/users.table.js';
import { products } from '../catalog/products.table.js';
import { productVariants } from '../inventory/inventory.table.js';

/**
 * One line per (user, product, variant); quantity is absolute, which makes offline sync idempotent.
 * NULLS NOT DISTINCT: a product without variants (variant_id null) still has one line per user.
 */
export const cartItems = pgTable(
  'cart_items',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** The chosen option (a product_variants row); null for a product sold without options (its default unit). */
    variantId: text('variant_id').references(() => productVariants.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [unique('cart_items_user_product_variant_key').on(t.userId, t.productId, t.variantId).nullsNotDistinct()],
);
