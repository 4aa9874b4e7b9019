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
  /** An order placed or moved may have moved a store's stock: every delivery promise on screen is asked again. */
  askPromisesAgain(): void;
}

/** What each server event does (docs/product.md#states, Realtime): new-order for admins, order-status for the order's owner and admins. */
export function createRealtimeHandlers(deps: RealtimeDeps) {
  return {
    /** Connected (again): the socket is in its rooms, so what changed before is read again and nothing is missed. */
    connect: () => {
      if (deps.isAdmin()) deps.refreshAdminOrders();
      else deps.reloadShopperOrders();
      deps.askPromisesAgain();
    },
    'new-order': (event: NewOrderEvent) => {
      if (!deps.isAdmin()) return;
      deps.countNewOrder();
      deps.refreshAdminOrders();
      deps.askPromisesAgain();
      deps.notifyNewOrder(event);
    },
    'order-status': (event: OrderStatusEvent) => {
      if (deps.isAdmin()) deps.refreshAdminOrders();
      deps.updateStoredOrder(event);
      deps.askPromisesAgain();
    },
  };
}
