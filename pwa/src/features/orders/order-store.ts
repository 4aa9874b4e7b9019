import { db } from '../../lib/db';
import { ordersApi } from './api';

/**
 * GET /api/order/order-list into IndexedDB. Orders placed from this device keep the Idempotency-Key
 * they were placed with (`clientKey`), which is how a queued order's screen finds its real order id.
 */
export async function reloadOrders(): Promise<void> {
  const { data } = await ordersApi.list();
  await db.transaction('rw', db.orders, async () => {
    const keys = new Map((await db.orders.toArray()).filter((o) => o.clientKey).map((o) => [o.orderId, o.clientKey]));
    await db.orders.clear();
    await db.orders.bulkPut((data ?? []).map((o) => ({ ...o, clientKey: keys.get(o.orderId) })));
  });
}
