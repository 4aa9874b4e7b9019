import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { orderLines, orders } from './orders.table.js';
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

/**
 * Of `userIds`, those with a delivered order holding `productId` (a review's "Verified purchase").
 * `status` is the furthest stage reached, and nothing follows DELIVERED, so it stays delivered.
 */
export async function buyersWithDelivered(db: Db, productId: string, userIds: readonly string[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ userId: orders.userId })
    .from(orders)
    .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
    .where(and(eq(orderLines.productId, productId), eq(orders.status, 'DELIVERED'), inArray(orders.userId, [...userIds])));
  return new Set(rows.map((r) => r.userId));
}
