import { canAdminMoveTo, ORDER_STAGES, type OrderStage, type PaymentStatus, type StatusHistoryEntry } from '@haat/shared/orders/order-stages';

/** The stages an admin may still choose for an order, as the shared transitions table allows them. */
export function laterStages(paymentStatus: PaymentStatus, history: readonly StatusHistoryEntry[]): OrderStage[] {
  return ORDER_STAGES.filter((stage) => canAdminMoveTo(paymentStatus, history, stage));
}
