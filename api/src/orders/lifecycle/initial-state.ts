import type { OrderStage, PaymentStatus, StatusHistoryEntry } from '@haat/shared/orders/order-stages';
import type { PaymentMethod } from '@haat/shared/orders/order.types';

export interface OrderState {
  paymentStatus: PaymentStatus;
  /** The furthest stage reached; null while a card payment is awaited. */
  status: OrderStage | null;
  statusHistory: StatusHistoryEntry[];
  /** When a card session completed with its (UPI) payment still to come; null until then (markPaymentProcessing). */
  paymentProcessingAt: Date | null;
}

/**
 * How a new order starts: cash on delivery is placed at once, and so is one a buyer app on ONDC collected (paid, the
 * payment process's `collectedByNetwork`); a card order waits for its payment with no stage and no history (it is
 * placed by the payment, see the transitions table).
 */
export function initialState(method: PaymentMethod, now: Date): OrderState {
  const placed = { status: 'PLACED' as const, statusHistory: [{ status: 'PLACED' as const, updatedAt: now.toISOString() }], paymentProcessingAt: null };
  if (method === 'COD') return { paymentStatus: 'CASH ON DELIVERY', ...placed };
  if (method === 'NETWORK') return { paymentStatus: 'PAID', ...placed };
  return { paymentStatus: 'AWAITING_PAYMENT', status: null, statusHistory: [], paymentProcessingAt: null };
}

/**
 * A cash-on-delivery order that went the whole way before this database existed: placed, shipped, out for delivery
 * and delivered on the days given, its cash collected. Only the demo seed writes such orders, for the purchases its
 * reviews stand on (docs/decisions/0053-demo-seed.md); no move of the transitions table is skipped for a live order.
 */
export function deliveredInThePast(placed: Date, shipped: Date, outForDelivery: Date, delivered: Date): OrderState {
  return {
    paymentStatus: 'COMPLETED',
    status: 'DELIVERED',
    paymentProcessingAt: null,
    statusHistory: [
      { status: 'PLACED', updatedAt: placed.toISOString() },
      { status: 'SHIPPED', updatedAt: shipped.toISOString() },
      { status: 'OUT_FOR_DELIVERY', updatedAt: outForDelivery.toISOString() },
      { status: 'DELIVERED', updatedAt: delivered.toISOString() },
    ],
  };
}
