import { date, index, integer, numeric, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The overview's roll-up of closed shop days (docs/decisions/0232-the-overview-rolls-up-closed-days.md):
 * one row per day of `OVERVIEW_TIME_ZONE` with the sold orders and their revenue, worked out by the
 * overview itself once the day has closed. A row is a cache, never the truth: triggers on `orders` and
 * `order_lines` (migration 0027) mark stale (overview_stale_days) the row of any day whose orders change what
 * they count (stage, payment, total, lines, day), and the next overview works that day out again from the orders.
 */
export const overviewDays = pgTable('overview_days', {
  day: date('day', { mode: 'string' }).primaryKey(),
  orders: integer('orders').notNull(),
  revenue: numeric('revenue', { precision: 14, scale: 2, mode: 'number' }).notNull(),
  workedOutAt: timestamp('worked_out_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * The units and revenue each product sold on a rolled-up day. Read only beside its day's `overview_days`
 * row: rows of a day whose row was deleted are stale and replaced when the day is worked out again.
 * No foreign key to products: a deleted product's lines lose their product (set null), which deletes the day.
 */
export const overviewDayProducts = pgTable(
  'overview_day_products',
  {
    day: date('day', { mode: 'string' }).notNull(),
    productId: text('product_id').notNull(),
    /** The greatest copied line name of the day (the overview shows the greatest over its days). */
    name: text('name').notNull(),
    units: integer('units').notNull(),
    revenue: numeric('revenue', { precision: 14, scale: 2, mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.productId] })],
);

/**
 * Days whose roll-up row no longer holds: the triggers add one row per change to a rolled-up day's orders (only
 * while that day has a row). Rows are only ever added here, so two transactions changing the same days in any
 * order never wait for each other; working a day out deletes its rows under the day's lock.
 */
export const overviewStaleDays = pgTable('overview_stale_days', { day: date('day', { mode: 'string' }).notNull() }, (t) => [
  index('overview_stale_days_day_idx').on(t.day),
]);
