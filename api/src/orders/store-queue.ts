import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { WAITING_STAGES } from '@haat/shared/orders/overview';
import type { StorePromisesKept, StoreQueueOrder } from '@haat/shared/orders/store-queue';
import type { Db } from '../db/database.js';
import { storesByIds } from '../stores/index.js';
import { orderLines, orders } from './orders.table.js';
import { dueAtOf, dueState } from '@haat/shared/orders/due-time';
import { collectBy } from '@haat/shared/orders/pickup';

/** A queue shows at most this many open orders: a store with more has a problem a longer list does not solve. */
const QUEUE_MAX = 200;

/**
 * A dark store's queue (docs/product.md#delivery): its open express and pickup orders (placed and not delivered or
 * cancelled), oldest first, each with its packing list and timed: an express order against its promise (due at
 * createdAt + the promise's minutes, late once that has passed), a pickup order against its collect-by. Read from the store's own index (orders_store_queue_idx).
 */
export async function storeQueue(db: Db, storeId: string, now: Date = new Date()): Promise<StoreQueueOrder[]> {
  const rows = await db
    .select({
      id: orders.id,
      createdAt: orders.createdAt,
      status: orders.status,
      paymentStatus: orders.paymentStatus,
      statusHistory: orders.statusHistory,
      promise: orders.promise,
      address: orders.deliveryAddress,
      fulfilment: orders.fulfilment,
      lockedUntil: orders.pickupLockedUntil,
    })
    .from(orders)
    .where(and(eq(orders.storeId, storeId), inArray(orders.status, [...WAITING_STAGES]), ne(orders.paymentStatus, 'CANCELLED')))
    .orderBy(asc(orders.createdAt), asc(orders.id))
    .limit(QUEUE_MAX);
  if (rows.length === 0) return [];
  const lines = await db
    .select({ orderId: orderLines.orderId, name: orderLines.name, variantName: orderLines.variantName, quantity: orderLines.quantity, image: orderLines.image })
    .from(orderLines)
    .where(
      inArray(
        orderLines.orderId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(orderLines.orderId), asc(orderLines.position));
  return rows.map((row) => {
    const pickup = row.fulfilment === 'pickup';
    const readyAt = row.statusHistory.findLast((h) => h.status === 'READY_FOR_PICKUP')?.updatedAt;
    const due = pickup
      ? collectBy(readyAt ? new Date(readyAt) : row.createdAt)
      : dueAtOf(row.createdAt, row.promise?.kind === 'express' ? row.promise.minutes : 0);
    const { minutesLeft, late } = dueState(due, now);
    return {
      _id: row.id,
      fulfilment: pickup ? ('pickup' as const) : ('store' as const),
      ...(pickup && row.lockedUntil && row.lockedUntil > now ? { handOverLockedUntil: row.lockedUntil.toISOString() } : {}),
      createdAt: row.createdAt.toISOString(),
      dueAt: due.toISOString(),
      minutesLeft,
      late,
      status: row.status!,
      payment_status: row.paymentStatus,
      statusHistory: row.statusHistory,
      lines: lines
        .filter((l) => l.orderId === row.id)
        .map((l) => ({ name: l.name, variantName: l.variantName, quantity: l.quantity, image: l.image[0] ?? null })),
      address: row.address,
    };
  });
}

/**
 * Promises kept per store (the admin's overview): its delivered express orders, and those whose Delivered stage
 * came within the promise's minutes of placing. Store orders only (orders_store_queue_idx).
 */
export async function promisesKept(db: Db): Promise<StorePromisesKept[]> {
  const rows = await db
    .select({
      storeId: sql<string>`${orders.storeId}`,
      delivered: sql<number>`count(*)::int`,
      kept: sql<number>`(count(*) filter (where (
          select min((e->>'updatedAt')::timestamptz) from jsonb_array_elements(${orders.statusHistory}) e where e->>'status' = 'DELIVERED'
        ) <= ${orders.createdAt} + make_interval(mins => (${orders.promise}->>'minutes')::int)))::int`,
    })
    .from(orders)
    .where(and(sql`${orders.storeId} is not null`, eq(orders.status, 'DELIVERED'), sql`${orders.promise}->>'kind' = 'express'`))
    .groupBy(orders.storeId);
  const names = await storesByIds(
    db,
    rows.map((r) => r.storeId),
  );
  return rows
    .map((r) => ({ store: { _id: r.storeId, name: names.get(r.storeId)?.name ?? '' }, delivered: Number(r.delivered), kept: Number(r.kept) }))
    .sort((a, b) => a.store.name.localeCompare(b.store.name));
}
