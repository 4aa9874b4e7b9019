/** Spec §4: the order stage machine. Only forward moves; nothing after DELIVERED or CANCELLED. */
export const ORDER_STAGES = ['PLACED', 'CONFIRMED', 'SHIPPED', 'OUT_FOR_DELIVERY', 'DELIVERED', 'CANCELLED'] as const;
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

export function isFinished(paymentStatus: string, history: readonly StatusHistoryEntry[]): boolean {
  const furthest = furthestStage(history);
  return paymentStatus === 'COMPLETED' || paymentStatus === 'CANCELLED' || furthest === 'DELIVERED' || furthest === 'CANCELLED';
}

/**
 * Admins may set any stage later than the furthest one reached, unless the order is finished.
 * A card order still waiting for its payment can only be cancelled: it was never placed.
 */
export function canAdminMoveTo(paymentStatus: string, history: readonly StatusHistoryEntry[], next: OrderStage): boolean {
  if (isFinished(paymentStatus, history)) return false;
  if (paymentStatus === 'AWAITING_PAYMENT') return next === 'CANCELLED';
  const furthest = furthestStage(history);
  return furthest === null || stageIndex(next) > stageIndex(furthest);
}

/** Customers may cancel any order that is not finished. */
export function canCustomerCancel(paymentStatus: string, history: readonly StatusHistoryEntry[]): boolean {
  return !isFinished(paymentStatus, history);
}

/** What a move to `next` does to the payment status: delivered completes it, cancelled cancels it. */
export function paymentStatusAfter(current: PaymentStatus, next: OrderStage): PaymentStatus {
  if (next === 'DELIVERED') return 'COMPLETED';
  if (next === 'CANCELLED') return 'CANCELLED';
  return current;
}

export type OrderGroup = 'newPending' | 'completed' | 'cancelled';

/** Spec §4: COMPLETED → Delivered tab, CANCELLED → Cancelled tab, anything else → New / Pending. */
export function orderGroup(paymentStatus: string): OrderGroup {
  if (paymentStatus === 'COMPLETED') return 'completed';
  if (paymentStatus === 'CANCELLED') return 'cancelled';
  return 'newPending';
}
