import { allowedTransition, type LifecycleStage } from './order-lifecycle.js';

/**
 * The order stages in their order; which moves between them are allowed is in order-lifecycle.ts. A dark store's
 * order goes Packed → Out for delivery → Delivered (docs/product.md#delivery); the warehouse's usually ships.
 */
export const ORDER_STAGES = ['PLACED', 'CONFIRMED', 'PACKED', 'SHIPPED', 'OUT_FOR_DELIVERY', 'DELIVERED', 'CANCELLED'] as const;
export type OrderStage = (typeof ORDER_STAGES)[number];

export const PAYMENT_STATUSES = ['PENDING', 'AWAITING_PAYMENT', 'PAID', 'CASH ON DELIVERY', 'COMPLETED', 'CANCELLED'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export interface StatusHistoryEntry {
  status: OrderStage;
  updatedAt: string;
}

/**
 * The steps an order is shown going through, in order (docs/product.md#states): a dark store's order is packed and
 * rides out, the warehouse's ships. Which moves the API allows is order-lifecycle.ts's; this is what screens offer.
 */
export function orderSteps(fulfilment?: 'store' | 'warehouse' | null): OrderStage[] {
  return ['PLACED', 'CONFIRMED', fulfilment === 'store' ? 'PACKED' : 'SHIPPED', 'OUT_FOR_DELIVERY', 'DELIVERED'];
}

export function stageIndex(stage: OrderStage): number {
  return ORDER_STAGES.indexOf(stage);
}

/** The furthest stage reached in a history (by stage order, not by time). */
export function furthestStage(history: readonly StatusHistoryEntry[]): OrderStage | null {
  let best: OrderStage | null = null;
  for (const entry of history) {
    if (best === null || stageIndex(entry.status) > stageIndex(best)) best = entry.status;
  }
  return best;
}

/**
 * Where an order stands in the transitions table (order-lifecycle.ts): a completed or cancelled payment
 * is the end whatever the history says; a card order whose payment has not arrived has no stage yet.
 */
export function lifecycleStage(paymentStatus: PaymentStatus, history: readonly StatusHistoryEntry[]): LifecycleStage {
  if (paymentStatus === 'COMPLETED') return 'DELIVERED';
  if (paymentStatus === 'CANCELLED') return 'CANCELLED';
  const furthest = furthestStage(history);
  if (furthest === 'DELIVERED' || furthest === 'CANCELLED') return furthest;
  return paymentStatus === 'AWAITING_PAYMENT' ? null : furthest;
}

/**
 * Admins may set any stage later than the furthest one reached, unless the order is finished.
 * A card order still waiting for its payment can only be cancelled: it was never placed.
 */
export function canAdminMoveTo(paymentStatus: PaymentStatus, history: readonly StatusHistoryEntry[], next: OrderStage): boolean {
  return allowedTransition(lifecycleStage(paymentStatus, history), next, 'admin') !== undefined;
}

/** Customers may cancel any order that is not finished. */
export function canCustomerCancel(paymentStatus: PaymentStatus, history: readonly StatusHistoryEntry[]): boolean {
  return allowedTransition(lifecycleStage(paymentStatus, history), 'CANCELLED', 'customer') !== undefined;
}

export type OrderGroup = 'newPending' | 'completed' | 'cancelled';

/** COMPLETED → Delivered tab, CANCELLED → Cancelled tab, anything else → New / Pending. */
export function orderGroup(paymentStatus: PaymentStatus): OrderGroup {
  if (paymentStatus === 'COMPLETED') return 'completed';
  if (paymentStatus === 'CANCELLED') return 'cancelled';
  return 'newPending';
}
