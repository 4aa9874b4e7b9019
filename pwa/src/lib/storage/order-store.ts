import type { Envelope } from '@haat/shared/common/envelope';
import type { Order } from '@haat/shared/orders/order.types';
import { db } from './db';
import { http } from '../http/http';

/**
 * GET /api/order/order-list into IndexedDB. Orders placed from this device keep the Idempotency-Key
 * they were placed with (`clientKey`), which is how a queued order's screen finds its real order id.
 * In lib because the orders screens, checkout, realtime and the session all reload the stored list
 * (and realtime must not import the orders feature, which imports realtime).
 *
 * The list is an answer to a question asked before it arrives: an order recorded while it was on its
 * way (a queued order sent as the connection came back, which also reconnects the socket and reloads)
 * may be missing from it, and stays. Only orders stored before the question and absent from the
 * answer are dropped: the server no longer lists them for this account.
 */
export async function reloadOrders(): Promise<void> {
  const storedBefore = new Set(await db.orders.toCollection().primaryKeys());
  const { data } = await http.get('order/order-list', { context: { silent: true } }).json<Envelope<Order[]>>();
  const listed = data ?? [];
  await db.transaction('rw', db.orders, async () => {
    const stored = await db.orders.toArray();
    const keys = new Map(stored.filter((o) => o.clientKey).map((o) => [o.orderId, o.clientKey]));
    const inList = new Set(listed.map((o) => o.orderId));
    await db.orders.bulkDelete(stored.filter((o) => storedBefore.has(o.orderId) && !inList.has(o.orderId)).map((o) => o.orderId));
    await db.orders.bulkPut(listed.map((o) => ({ ...o, clientKey: keys.get(o.orderId) })));
  });
}
