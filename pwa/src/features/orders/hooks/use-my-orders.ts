import { useLiveQuery } from 'dexie-react-hooks';
import type { OrderGroup } from '@haat/shared/orders/order-stages';
import { db } from '../../../lib/storage/db';
import type { SavedOrder } from '../../../lib/storage/account-tables';
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
  const data = useLiveQuery(async () => {
    const [orders, queued] = await Promise.all([
      db.orders.orderBy('createdAt').reverse().toArray(),
      outboxFacade.pending('order.cod').then((writes) => writes.map((w) => w.key)),
    ]);
    return { orders, queued };
  });
  return { groups: groupOrders(data?.orders ?? []), queued: data?.queued ?? [], loaded: data !== undefined };
}
