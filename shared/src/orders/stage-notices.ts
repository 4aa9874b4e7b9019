import type { OrderStage } from './order-stages.js';

/** Where a shopper follows their orders; a stage notice opens it at the order (`#order-<id>`). */
export const SHOPPER_ORDERS_PAGE = '/my-orders';

/** The anchor of one order on the shopper's orders page. */
export function orderAnchor(orderId: string): string {
  return `order-${orderId}`;
}

/** What a shopper is told when their order moves (docs/product.md#order-stage-notices); the API words it in the shopper's language. */
export type StageNoticeKind = 'confirmed' | 'packed' | 'readyForPickup' | 'shipped' | 'outForDelivery' | 'delivered' | 'cancelled' | 'cancelledRefunded';

/** A notice as it is sent: its title and body in the shopper's language. */
export interface StageNotice {
  title: string;
  body: string;
}

/**
 * Which notice a move from `previous` to `current` gives, or null when there is nothing to tell: the
 * stage did not change, the order was only now placed (the shopper is looking at its success
 * page), or it never was placed (a card checkout abandoned at Stripe and expired).
 * `refunded` says a paid order's amount is going back to the card; `pickup`, that the order is collected at a store.
 */
export function stageNoticeKind(previous: OrderStage | null, current: OrderStage | null, refunded: boolean, pickup = false): StageNoticeKind | null {
  if (previous === null || current === null || current === previous || current === 'PLACED') return null;
  // A pickup order packed is not news yet: its shopper hears when it is ready at the counter.
  if (pickup && current === 'PACKED') return null;
  // A rider on the way to the store is the store's news: its shopper hears when the parcel rides out.
  if (current === 'AGENT_ASSIGNED') return null;
  switch (current) {
    case 'PACKED':
      return 'packed';
    case 'CONFIRMED':
      return 'confirmed';
    case 'READY_FOR_PICKUP':
      // The code is not in the notice (a queued notice keeps its words in the database): the order card shows it.
      return 'readyForPickup';
    case 'SHIPPED':
      return 'shipped';
    case 'OUT_FOR_DELIVERY':
      return 'outForDelivery';
    case 'DELIVERED':
      return 'delivered';
    case 'CANCELLED':
      return refunded ? 'cancelledRefunded' : 'cancelled';
  }
}
