import { orderReturns } from './returns.table.js';
import { and, count, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { OrderStage } from '@haat/shared/orders/order-stages';
import type { Db } from '../db/database.js';
import { adminOrderViews, orderLines, orders, type OrderRow } from './orders.table.js';
import type { DbOrTx } from './order-tx.js';
import { userById } from '../users/index.js';

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

/** A user's order numbers, newest first (docs/product.md#records orderHistory). */
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

/**
 * When this admin last opened Manage Orders, and how many orders were placed after that; before their first visit, how
 * many were placed since their account was made (the shop's history before them, the demo seed's delivered orders
 * among it, is not news to them).
 * "Placed" is the PLACED entry of the history: a cash-on-delivery order when it is created, a card order
 * once it is paid (an unpaid one is not a new order yet). A card order is paid within a day of being created
 * (Stripe Checkout sessions expire by then), so only orders created since a day before that moment are read.
 */
export async function newOrdersFor(db: Db, adminId: string): Promise<{ count: number; seenAt: Date | null }> {
  const [view] = await db.select({ seenAt: adminOrderViews.seenAt }).from(adminOrderViews).where(eq(adminOrderViews.userId, adminId)).limit(1);
  const seenAt = view?.seenAt ?? null;
  const since = seenAt ?? (await userById(db, adminId))?.createdAt ?? new Date(0);
  const where = and(
    gt(orders.createdAt, new Date(since.getTime() - PAYMENT_WINDOW_MS)),
    sql`exists (select 1 from jsonb_array_elements(${orders.statusHistory}) as h(entry)
                where h.entry->>'status' = 'PLACED' and (h.entry->>'updatedAt')::timestamptz > ${since.toISOString()}::timestamptz)`,
  );
  const [row] = await db.select({ n: count() }).from(orders).where(where);
  return { count: Number(row?.n ?? 0), seenAt };
}

const PAYMENT_WINDOW_MS = 24 * 60 * 60 * 1000;

/** This admin has opened Manage Orders now: the badge starts again from 0. */
export async function markOrdersSeen(db: Db, adminId: string, at: Date = new Date()): Promise<Date> {
  await db
    .insert(adminOrderViews)
    .values({ userId: adminId, seenAt: at })
    .onConflictDoUpdate({ target: adminOrderViews.userId, set: { seenAt: at } });
  return at;
}

/** The account's card order still waiting for its payment, if any (the newest). */
export async function pendingCardOrderOf(db: Db, userId: string): Promise<OrderRow | undefined> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.paymentStatus, 'AWAITING_PAYMENT')))
    .orderBy(desc(orders.createdAt))
    .limit(1);
  return row;
}

/** How many orders stand at each of the given stages (a card order awaiting payment has none). */
export async function ordersAtStages(db: Db, stages: readonly OrderStage[]): Promise<Map<string, number>> {
  const rows = await db
    .select({ status: orders.status, n: count() })
    .from(orders)
    .where(and(inArray(orders.status, stages), sql`${orders.paymentStatus} <> 'CANCELLED'`))
    .groupBy(orders.status);
  return new Map(rows.map((r) => [r.status ?? '', Number(r.n)]));
}

/** Stripe's refund id on a returned card order's return, once Stripe has accepted the refund. */
export async function setReturnRefundReference(db: Db, returnId: string, reference: string): Promise<void> {
  await db
    .update(orderReturns)
    .set({ refund: { method: 'CARD', reference } })
    .where(eq(orderReturns.id, returnId));
}
