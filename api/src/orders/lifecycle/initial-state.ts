import type { OrderStage, PaymentStatus, StatusHistoryEntry } from '@haat/shared/orders/order-stages';
import type { PaymentMethod } from '@haat/shared/orders/order.types';

export interface OrderState {
  paymentStatus: PaymentStatus;
  /** The furthest stage reached; null while a card payment is awaited. */
  status: OrderStage | null;
  statusHistory: StatusHistoryEntry[];
}

/**
 * How a new order starts: cash on delivery is placed at once; a card order waits for its payment
 * with no stage and no history (it is placed by the payment, see the transitions table).
 */
export function initialState(method: PaymentMethod, now: Date): OrderState {
  return method === 'COD'
    ? { paymentStatus: 'CASH ON DELIVERY', status: 'PLACED', statusHistory: [{ status: 'PLACED', updatedAt: now.toISOString() }] }
    : { paymentStatus: 'AWAITING_PAYMENT', status: null, statusHistory: [] };
}
