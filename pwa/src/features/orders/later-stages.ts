import { canAdminMoveTo, ORDER_STAGES, type OrderStage, type StatusHistoryEntry } from '@haat/shared/orders/order-stages';

/** Spec §4: the stages an admin may still choose for an order (later than the furthest reached). */
export function laterStages(paymentStatus: string, history: readonly StatusHistoryEntry[]): OrderStage[] {
  return ORDER_STAGES.filter((stage) => canAdminMoveTo(paymentStatus, history, stage));
}
