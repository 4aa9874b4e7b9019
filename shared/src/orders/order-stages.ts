/**
 * The order stages in their order; which moves between them each way of fulfilment has is in fulfilment-process.ts (a
 * dark store's order goes Packed → (Rider assigned →) Out for delivery → Delivered, docs/product.md#delivery; the warehouse's ships; a
 * pickup order is Ready for pickup at its store and handed over there, docs/product.md#store-pickup).
 */
export const ORDER_STAGES = [
  'PLACED',
  'CONFIRMED',
  'PACKED',
  'READY_FOR_PICKUP',
  'AGENT_ASSIGNED',
  'SHIPPED',
  'OUT_FOR_DELIVERY',
  'DELIVERED',
  'CANCELLED',
] as const;
export type OrderStage = (typeof ORDER_STAGES)[number];

export const PAYMENT_STATUSES = ['PENDING', 'AWAITING_PAYMENT', 'PAID', 'CASH ON DELIVERY', 'COMPLETED', 'CANCELLED'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export interface StatusHistoryEntry {
  status: OrderStage;
  updatedAt: string;
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
 * Where an order stands in its kind's moves (order-lifecycle.ts): a completed or cancelled payment
 * is the end whatever the history says; a card order whose payment has not arrived has no stage yet.
 */
export function lifecycleStage(paymentStatus: PaymentStatus, history: readonly StatusHistoryEntry[]): OrderStage | null {
  if (paymentStatus === 'COMPLETED') return 'DELIVERED';
  if (paymentStatus === 'CANCELLED') return 'CANCELLED';
  const furthest = furthestStage(history);
  if (furthest === 'DELIVERED' || furthest === 'CANCELLED') return furthest;
  return paymentStatus === 'AWAITING_PAYMENT' ? null : furthest;
}

export type OrderGroup = 'newPending' | 'completed' | 'cancelled';

/** COMPLETED → Delivered tab, CANCELLED → Cancelled tab, anything else → New / Pending. */
export function orderGroup(paymentStatus: PaymentStatus): OrderGroup {
  if (paymentStatus === 'COMPLETED') return 'completed';
  if (paymentStatus === 'CANCELLED') return 'cancelled';
  return 'newPending';
}
