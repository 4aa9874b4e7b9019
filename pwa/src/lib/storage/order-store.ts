import type { Envelope } from '@haat/shared/common/envelope';
import type { Order } from '@haat/shared/orders/order.types';
import { db } from './db';
import { http } from '../http/http';

/**
 * GET /api/order/order-list into IndexedDB. Orders placed from this device keep the Idempotency-Key
 * they were placed with (`clientKey`), which is how a queued order's screen finds its real order id.
 * In lib because the orders screens, checkout, realtime and the session all reload the stored list
 * (and realtime must not import the orders feature, which imports realtime).
 */
export async function reloadOrders(): Promise<void> {
  const { data } = await http.get('order/order-list', { context: { silent: true } }).json<Envelope<Order[]>>();
  await db.transaction('rw', db.orders, async () => {
    const keys = new Map((await db.orders.toArray()).filter((o) => o.clientKey).map((o) => [o.orderId, o.clientKey]));
    await db.orders.clear();
    await db.orders.bulkPut((data ?? []).map((o) => ({ ...o, clientKey: keys.get(o.orderId) })));
  });
}
