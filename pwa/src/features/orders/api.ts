import type { Envelope } from '@haat/shared/common/envelope';
import type { Order } from '@haat/shared/orders/order.types';
import { http } from '../../lib/http';

/** Spec §7 Orders, the shopper's side. */
export const ordersApi = {
  list: () => http.get('order/order-list', { context: { silent: true } }).json<Envelope<Order[]>>(),
  cancel: (orderId: string, silent = false) => http.post('order/cancel', { json: { orderId }, context: { silent } }).json<Envelope<Order>>(),
};
