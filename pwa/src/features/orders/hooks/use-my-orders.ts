import { useDeviceQuery } from '../../../lib/storage/device-store';
import { outboxFacade } from '../../../lib/storage/outbox-facade';
import { groupOrders } from '../components/order-tabs';

/** docs/product.md#records and #states: the shopper's orders by group, and the keys of cash orders still queued here. */
export function useMyOrders() {
  const data = useDeviceQuery(
    async (db) => {
      const [orders, queued] = await Promise.all([
        db.orders.orderBy('createdAt').reverse().toArray(),
        outboxFacade.pending('order.cod').then((writes) => writes.map((w) => w.key)),
      ]);
      return { orders, queued };
    },
    [],
    { now: true },
  );
  return { groups: groupOrders(data?.orders ?? []), queued: data?.queued ?? [], loaded: data !== undefined };
}
