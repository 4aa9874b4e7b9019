import { numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * What the move to the rates of 22 September 2025 did to each product that carried 12 % or 28 % (written once, by the
 * migration api/drizzle/0048): the rate it had, the rate its HSN code now carries, or null when the shop's list of such
 * codes does not say and the admin must file it (docs/product.md#tax-invoices). Invoices already issued are unchanged.
 */
export const gstRateMoves = pgTable('gst_rate_moves', {
  productId: text('product_id').primaryKey(),
  sku: text('sku').notNull(),
  name: text('name').notNull(),
  hsn: text('hsn'),
  rateBefore: numeric('rate_before', { precision: 4, scale: 2, mode: 'number' }).notNull(),
  rateAfter: numeric('rate_after', { precision: 4, scale: 2, mode: 'number' }),
  movedAt: timestamp('moved_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
