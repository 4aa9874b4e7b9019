import { index, integer, jsonb, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { PartCancellation, PartCancelMoney } from '@haat/shared/orders/part-cancel';
import { orders } from './orders.table.js';

/** A line's units the shop took off, with its place on the order (an invoiced order's credit note names it). */
export type PartCancelledItem = PartCancellation['items'][number] & { position: number };

/**
 * Units an admin took off an order before it left the shop (docs/product.md#cancelling-part-of-an-order): the order's
 * lines and totals hold what is left, this keeps what went and what it was paid, for the shopper, the buyer app's
 * Cancel fulfilment and the card's refund.
 */
export const orderPartCancellations = pgTable(
  'order_part_cancellations',
  {
    id: text('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    items: jsonb('items').$type<PartCancelledItem[]>().notNull(),
    /** Units across the items. */
    units: integer('units').notNull(),
    amount: numeric('amount', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    money: text('money').$type<PartCancelMoney>().notNull(),
    /** Stripe's refund of a card order's units, once it took it. */
    refundId: text('refund_id'),
    adminId: text('admin_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('order_part_cancellations_order_idx').on(t.orderId, t.createdAt)],
);

export type OrderPartCancellationRow = typeof orderPartCancellations.$inferSelect;
