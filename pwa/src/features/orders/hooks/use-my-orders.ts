import { useLiveQuery } from 'dexie-react-hooks';
import { orderGroup, type OrderGroup } from '@haat/shared/orders/order-stages';
import { db } from '../../../lib/db';
import type { SavedOrder } from '../../../lib/account-tables';
import { OUTBOX_OPS } from '../../../lib/outbox-ops';

export interface MyOrders {
  groups: Record<OrderGroup, SavedOrder[]>;
  /** Keys of cash-on-delivery orders still queued on this device. */
  queued: string[];
  loaded: boolean;
}

/** Spec §3/§4: the shopper's orders newest first, grouped as newPending, completed, cancelled. */
export function useMyOrders(): MyOrders {
  const data = useLiveQuery(async () => {
    const [orders, queued] = await Promise.all([
      db.orders.orderBy('createdAt').reverse().toArray(),
      db.outbox.where('op').equals(OUTBOX_OPS.cashOnDelivery).filter((e) => !e.failed).primaryKeys(),
    ]);
    return { orders, queued };
  });
  const groups: Record<OrderGroup, SavedOrder[]> = { newPending: [], completed: [], cancelled: [] };
  for (const order of data?.orders ?? []) groups[orderGroup(order.payment_status)].push(order);
  return { groups, queued: data?.queued ?? [], loaded: data !== undefined };
}
