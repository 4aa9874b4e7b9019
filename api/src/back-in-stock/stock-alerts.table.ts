import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../users/users.table.js';
import { products } from '../catalog/products.table.js';

/**
 * "Notify me" waits (docs/product.md#back-in-stock): a shopper waits for a sold-out product's own unit (`variantId`
 * null) or one of its options. A wait is open until `toldAt` (the notice of its return to stock was queued) or until
 * it is older than LIMITS.stockAlertDays, whichever comes first; an ended wait stays as the record of what was told,
 * and asking again opens a new one. The option is named without a key to inventory's rows: an option deleted since
 * is simply never back in stock, and its waits end by age.
 */
export const stockAlerts = pgTable(
  'stock_alerts',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    variantId: text('variant_id'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    toldAt: timestamp('told_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    // One open wait per account and unit: asking twice changes nothing.
    uniqueIndex('stock_alerts_open_unit')
      .on(t.userId, t.productId, sql`coalesce(${t.variantId}, '')`)
      .where(sql`${t.toldAt} is null`),
    // A return to stock finds the open waits of its units; the admin's product screen counts them.
    index('stock_alerts_open_product')
      .on(t.productId, t.variantId)
      .where(sql`${t.toldAt} is null`),
    index('stock_alerts_user').on(t.userId, t.createdAt),
  ],
);
