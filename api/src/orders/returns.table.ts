import { index, jsonb, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { OrderReturn, ReturnKind, ReturnStatus } from '@haat/shared/orders/returns';
import { orders } from './orders.table.js';

/**
 * A shopper's request to send units of a delivered order back (docs/product.md#returns). Its status is
 * moved only by the order lifecycle (lifecycle/return-transition.ts); `items` keep what was asked back
 * with what was paid for it, so the refund is known when the request is made.
 */
export const orderReturns = pgTable(
  'order_returns',
  {
    id: text('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    userId: text('user_id').notNull(),
    status: text('status').$type<ReturnStatus>().notNull(),
    /**
     * RETURN: a shopper asked for units of a delivered order back. RETURN_TO_ORIGIN: the order was cancelled
     * after it shipped, so its parcel comes back to the shop (docs/product.md#returns).
     */
    kind: text('kind').$type<ReturnKind>().notNull().default('RETURN'),
    reason: text('reason').notNull(),
    items: jsonb('items').$type<OrderReturn['items']>().notNull(),
    amount: numeric('amount', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    history: jsonb('history').$type<OrderReturn['history']>().notNull(),
    refund: jsonb('refund').$type<NonNullable<OrderReturn['refund']>>(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('order_returns_order_idx').on(t.orderId), index('order_returns_status_idx').on(t.status, t.createdAt)],
);

export type OrderReturnRow = typeof orderReturns.$inferSelect;
