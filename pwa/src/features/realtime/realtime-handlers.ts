import type { NewOrderEvent, OrderStatusEvent } from '@haat/shared/orders/order-events';

export interface RealtimeDeps {
  isAdmin(): boolean;
  countNewOrder(): void;
  refreshAdminOrders(): void;
  /** The browser notification (admins), after asking permission. */
  notifyNewOrder(event: NewOrderEvent): void;
  /** The shopper's stored order takes the new stage (IndexedDB). */
  updateStoredOrder(event: OrderStatusEvent): void;
  reloadShopperOrders(): void;
}

/** What each server event does (docs/product.md#states, Realtime): new-order for admins, order-status for the order's owner and admins. */
export function createRealtimeHandlers(deps: RealtimeDeps) {
  return {
    /**
     * Connected, the first time or again after a drop: the server has put the socket in its rooms before
     * this, so from now on no change is missed. What changed before (between the screen's own read and
     * the first connect, or while a flaky connection was down) is read again.
     */
    connect: () => {
      if (deps.isAdmin()) deps.refreshAdminOrders();
      else deps.reloadShopperOrders();
    },
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
