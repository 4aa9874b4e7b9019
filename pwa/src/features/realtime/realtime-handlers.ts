import type { NewOrderEvent, OrderStatusEvent } from '@haat/shared/orders/order-events';

export interface RealtimeDeps {
  isAdmin(): boolean;
  /** The counter's +1 (admins). */
  countNewOrder(): void;
  /** The admin order screens reload. */
  refreshAdminOrders(): void;
  /** The browser notification (admins), after asking permission. */
  notifyNewOrder(event: NewOrderEvent): void;
  /** The shopper's stored order takes the new stage (IndexedDB). */
  updateStoredOrder(event: OrderStatusEvent): void;
}

/** What each server event does (docs/product.md#states, Realtime): new-order for admins, order-status for the order's owner and admins. */
export function createRealtimeHandlers(deps: RealtimeDeps) {
  return {
    'new-order': (event: NewOrderEvent) => {
      if (!deps.isAdmin()) return;
      deps.countNewOrder();
      deps.refreshAdminOrders();
      deps.notifyNewOrder(event);
    },
    'order-status': (event: OrderStatusEvent) => {
      if (deps.isAdmin()) deps.refreshAdminOrders();
      deps.updateStoredOrder(event);
    },
  };
}
