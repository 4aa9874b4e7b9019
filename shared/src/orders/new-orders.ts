/**
 * The admin's New Orders badge (spec §2 Dashboard, issue 12 item 14): the orders placed since this admin
 * last opened Manage Orders. `seenAt` is null until they first open it (then every placed order counts).
 */
export interface NewOrdersCount {
  count: number;
  seenAt: string | null;
}

export const NEW_ORDERS_PATH = 'order/admin/new-orders';
export const NEW_ORDERS_SEEN_PATH = 'order/admin/new-orders/seen';
