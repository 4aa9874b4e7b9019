import type { Envelope } from '@haat/shared/common/envelope';
import type { Order } from '@haat/shared/orders/order.types';
import { http } from '../http/http';
import { savedOrders } from './device-collections';
import { refreshFromServer, rowsFor } from './server-copy';

/** GET /api/order/order-list into IndexedDB, through the one rule (server-copy.ts); in lib: four features reload it. */
export async function reloadOrders(): Promise<void> {
  const ask = () => http.get('order/order-list', { context: { silent: true } }).json<Envelope<Order[]>>();
  await refreshFromServer(ask, ({ data }) => [rowsFor(savedOrders, data ?? [])]);
}
