import { formatInr } from '../money/inr.js';
import type { OrderStage } from './order-stages.js';

/** Where a shopper follows their orders; a stage notice opens it at the order (`#order-<id>`). */
export const SHOPPER_ORDERS_PAGE = '/my-orders';

/** The anchor of one order on the shopper's orders page. */
export function orderAnchor(orderId: string): string {
  return `order-${orderId}`;
}

/** What a shopper is told when their order moves (docs/product.md#order-stage-notices). */
export interface StageNotice {
  title: string;
  body: string;
}

/**
 * The notice for a move from `previous` to `current`, or null when there is nothing to tell: the
 * stage did not change, the order was only now placed (the shopper is looking at its success
 * page), or it never was placed (a card checkout abandoned at Stripe and expired).
 * `refunded` is the amount going back to the card when a paid order was cancelled.
 */
export function stageNotice(orderId: string, previous: OrderStage | null, current: OrderStage | null, refunded: number | null): StageNotice | null {
  if (previous === null || current === null || current === previous || current === 'PLACED') return null;
  switch (current) {
    case 'CONFIRMED':
      return { title: 'Order confirmed', body: `We have confirmed order ${orderId} and are packing it.` };
    case 'SHIPPED':
      return { title: 'Order shipped', body: `Order ${orderId} is on its way.` };
    case 'OUT_FOR_DELIVERY':
      return { title: 'Out for delivery', body: `Order ${orderId} arrives today.` };
    case 'DELIVERED':
      return { title: 'Order delivered', body: `Order ${orderId} was delivered. Thank you for shopping with Haat.` };
    case 'CANCELLED':
      return {
        title: 'Order cancelled',
        body: refunded !== null ? `Order ${orderId} was cancelled. ${formatInr(refunded)} is being refunded to your card.` : `Order ${orderId} was cancelled.`,
      };
  }
}
