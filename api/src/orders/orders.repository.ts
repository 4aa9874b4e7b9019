import { desc, eq } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { orders } from './orders.table.js';
import type { DbOrTx } from './order-tx.js';

// The orders domain's queries that other domains run (payments, users), some inside their own transaction.
export type { OrderLineRow, OrderRow } from './orders.table.js';

/** Keeps the id of the refund Stripe made for an order. */
export async function setOrderRefundId(db: Db, orderId: string, refundId: string): Promise<void> {
  await db.update(orders).set({ stripeRefundId: refundId }).where(eq(orders.id, orderId));
}

/** Keeps the Checkout Session an order is paid through. */
export async function setOrderCheckoutSession(db: Db, orderId: string, sessionId: string, sessionUrl: string | null): Promise<void> {
  await db.update(orders).set({ stripeSessionId: sessionId, stripeSessionUrl: sessionUrl }).where(eq(orders.id, orderId));
}

/** Removes an order (its lines go with it), inside the caller's transaction. */
export async function deleteOrder(tx: DbOrTx, orderId: string): Promise<void> {
  await tx.delete(orders).where(eq(orders.id, orderId));
}

/** A user's order numbers, newest first (spec §3 orderHistory). */
export async function orderIdsOf(db: Db, userId: string): Promise<Array<{ id: string }>> {
  return db.select({ id: orders.id }).from(orders).where(eq(orders.userId, userId)).orderBy(desc(orders.createdAt), desc(orders.id));
}
