import { formatMoney } from '../../i18n/format';
import { i18n } from '../../i18n/i18n';
import { ADMIN_ORDERS_PAGE, type NewOrderEvent, type NewOrderPush, type OrderStatusEvent } from '@haat/shared/orders/order-events';
import { furthestStage } from '@haat/shared/orders/order-stages';
import type { Order } from '@haat/shared/orders/order.types';

/** The badge text in the admin's language, or null when the counter is not above 0 (nothing is shown). */
export function newOrdersBadge(count: number): string | null {
  return count > 0 ? i18n.t('realtime:newOrdersBadge', { count }) : null;
}

/** The browser notification for a new order (docs/product.md#states, Realtime), as the API's push words it. */
export function newOrderNotice(event: Pick<NewOrderEvent, 'orderId' | 'totalAmt'>): NewOrderPush {
  const values = { id: event.orderId, amount: formatMoney(event.totalAmt) };
  return {
    title: i18n.t('realtime:newOrderNotice.title'),
    body: i18n.t('realtime:newOrderNotice.body', values),
    url: ADMIN_ORDERS_PAGE,
    orderId: event.orderId,
  };
}

type Tracked = Pick<Order, 'status' | 'payment_status' | 'statusHistory'>;

/** A stored order after an `order-status` event (docs/product.md#states); the same object when nothing changed. */
export function applyOrderStatus<T extends Tracked>(order: T, event: OrderStatusEvent, now: Date = new Date()): T {
  const known = event.status === null || order.statusHistory.some((h) => h.status === event.status);
  if (known && order.payment_status === event.payment_status) return order;
  const statusHistory = known ? order.statusHistory : [...order.statusHistory, { status: event.status!, updatedAt: now.toISOString() }];
  return { ...order, payment_status: event.payment_status, status: furthestStage(statusHistory) ?? order.status, statusHistory };
}
