import { collectBy } from '@haat/shared/orders/pickup';
import type { JobToQueue } from '../../jobs/index.js';
import type { OrderRow } from '../orders.table.js';

/** The job kind of store pickup's clock (docs/architecture.md#jobs). */
export const PICKUP_EXPIRY_KIND = 'pickup-expiry';

export interface PickupExpiryPayload {
  orderId: string;
}

/** When the order was last made ready at its store, or null. */
export function readyAt(order: Pick<OrderRow, 'statusHistory'>): Date | null {
  const at = order.statusHistory.findLast((h) => h.status === 'READY_FOR_PICKUP')?.updatedAt;
  return at ? new Date(at) : null;
}

/**
 * The clock of a pickup order just made ready (docs/product.md#store-pickup): one job, due when its shopper's
 * PICKUP_KEEP_DAYS end, queued by the lifecycle in the transaction of the move to READY_FOR_PICKUP, so it exists
 * exactly when the order is ready. Keyed by the order and the moment it was made ready: one clock per readiness.
 */
export function pickupExpiryJob(order: OrderRow): JobToQueue<PickupExpiryPayload> | null {
  const at = readyAt(order);
  if (order.fulfilment !== 'pickup' || order.status !== 'READY_FOR_PICKUP' || !at) return null;
  return { kind: PICKUP_EXPIRY_KIND, key: `pickup-expiry:${order.id}:${at.toISOString()}`, payload: { orderId: order.id }, runAt: collectBy(at) };
}
