import type { Envelope } from '@haat/shared/common/envelope';
import type { OrderStage } from '@haat/shared/orders/order-stages';
import type { UpdateOrderStatusBody } from '@haat/shared/orders/order.schema';
import type { Order } from '@haat/shared/orders/order.types';
import { http } from '../../lib/http/http';

export interface AdminOrdersPage extends Envelope<Order[]> {
  totalCount: number;
  totalNoPage: number;
  page: number;
}

/** docs/product.md#api, Orders, the admin's side (the server checks the role). */
export const adminOrdersApi = {
  list: (page: number, limit: number, status?: OrderStage, signal?: AbortSignal) =>
    http.get('order/admin/orders', { searchParams: { page, limit, ...(status ? { status } : {}) }, signal, context: { silent: true } }).json<AdminOrdersPage>(),
  /** Silent: the screen shows the server's refusal itself. */
  updateStatus: (orderId: string, status: OrderStage) =>
    http.post('order/admin/update-status', { json: { orderId, status } satisfies UpdateOrderStatusBody, context: { silent: true } }).json<Envelope<Order>>(),
};
