/**
 * The admin's New Orders badge (docs/product.md#screens, Dashboard): the orders placed since this admin
 * last opened Manage Orders. `seenAt` is null until they first open it (then every placed order counts).
 */
export interface NewOrdersCount {
  count: number;
  seenAt: string | null;
}

export const NEW_ORDERS_PATH = 'order/admin/new-orders';
export const NEW_ORDERS_SEEN_PATH = 'order/admin/new-orders/seen';
