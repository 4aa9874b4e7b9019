import type { OrderGroup } from '@haat/shared/orders/order-stages';
import { useDeviceQuery, type SavedOrder } from '../../../lib/storage/device-store';
import { outboxFacade } from '../../../lib/storage/outbox-facade';
import { groupOrders } from '../components/order-tabs';

export interface MyOrders {
  groups: Record<OrderGroup, SavedOrder[]>;
  /** Keys of cash-on-delivery orders still queued on this device. */
  queued: string[];
  loaded: boolean;
}

/** docs/product.md#records and #states: the shopper's orders newest first, grouped as newPending, completed, cancelled. */
export function useMyOrders(): MyOrders {
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
