import type { FulfilmentEvent } from './fulfilment-process.js';
import type { PaymentStatus } from './order-stages.js';
import type { OrderActor, OrderEffect } from './process-terms.js';
import type { PaymentMethod } from './order.types.js';

/**
 * Where an order's payment stands. `placed` says whether the order is placed while its payment stands there: a
 * card order is placed only by its payment, so until then the payment's own moves are the order's only moves.
 */
export const PAYMENT_STATES = {
  /** Cash to be paid when the goods are handed over (at the door, or at the store's counter). */
  cashOnDelivery: { stored: 'CASH ON DELIVERY', placed: true },
  /** A card (or UPI) payment asked for at the provider, not arrived. */
  awaitingCard: { stored: 'AWAITING_PAYMENT', placed: false },
  /** The provider's session completed with a UPI payment still to be approved by the shopper's bank. */
  upiProcessing: { stored: 'AWAITING_PAYMENT', placed: false },
  paid: { stored: 'PAID', placed: true },
  /**
   * Paid to a buyer app on ONDC, which settles it to the shop after delivery (docs/product.md#selling-on-ondc): placed
   * at once, no card and no card rules; the buyer app refunds its buyer when the order is cancelled.
   */
  collectedByNetwork: { stored: 'PAID', placed: true },
  /** The goods were handed over and the money is the shop's. */
  completed: { stored: 'COMPLETED', placed: true },
  /** The order was cancelled: nothing is owed; a paid one is refunded (its `refund` effect, or its return's). */
  cancelled: { stored: 'CANCELLED', placed: true },
} as const satisfies Record<string, { stored: PaymentStatus; placed: boolean }>;
export type PaymentState = keyof typeof PAYMENT_STATES;

/**
 * One move of a payment: asked for by an actor (`by`), or answering a fulfilment move (`on`). A move that places or
 * cancels an unplaced order names the stage it gives it (`stage`); the UPI mark gives none (the order stays unplaced).
 */
export interface PaymentMove {
  from: PaymentState;
  to: PaymentState;
  by?: readonly OrderActor[];
  on?: FulfilmentEvent;
  stage?: 'PLACED' | 'CANCELLED';
  effects: readonly OrderEffect[];
}

const PAID_BY_PROVIDER = { to: 'paid', by: ['payment'], stage: 'PLACED', effects: ['endUnpaidHold', 'clearCart', 'invoice', 'placed'] } as const;
/** An unplaced order cancelled: what it holds comes back, and the provider's session is closed unless the provider ended it. */
const UNPAID_CANCELLED = { to: 'cancelled', stage: 'CANCELLED' } as const;

/**
 * The payment process (docs/architecture.md#the-order-process), as data. A card order awaiting payment is placed
 * only by its payment; until then it can be cancelled (by the shopper, an admin, a failed payment or its session
 * expiring), or marked processing when a UPI app is still to approve it; then the shopper waits for the bank's
 * answer (the session can no longer expire) and only the payment, or an admin, ends the wait. Once placed the
 * payment answers the fulfilment: the goods handed over complete it (a cash sale is invoiced then), a cancellation
 * cancels it (a paid one is refunded with a credit note, or, on its way back, when its return arrives). A network
 * order the buyer app collected is placed paid and invoiced when delivered; its cancellation is the buyer app's to refund.
 */
export const PAYMENT_PROCESS: readonly PaymentMove[] = [
  { from: 'awaitingCard', ...PAID_BY_PROVIDER },
  { from: 'awaitingCard', to: 'upiProcessing', by: ['payment'], effects: [] },
  { from: 'awaitingCard', ...UNPAID_CANCELLED, by: ['customer', 'admin'], effects: ['releaseStock', 'releaseCoupon', 'closeSession'] },
  { from: 'awaitingCard', ...UNPAID_CANCELLED, by: ['payment', 'timer'], effects: ['releaseStock', 'releaseCoupon'] },

  { from: 'upiProcessing', ...PAID_BY_PROVIDER },
  { from: 'upiProcessing', ...UNPAID_CANCELLED, by: ['admin'], effects: ['releaseStock', 'releaseCoupon', 'closeSession'] },
  { from: 'upiProcessing', ...UNPAID_CANCELLED, by: ['payment'], effects: ['releaseStock', 'releaseCoupon'] },

  { from: 'cashOnDelivery', on: 'delivered', to: 'completed', effects: ['invoice'] },
  { from: 'cashOnDelivery', on: 'cancelled', to: 'cancelled', effects: ['releaseCoupon'] },
  { from: 'cashOnDelivery', on: 'cancelledInTransit', to: 'cancelled', effects: ['releaseCoupon'] },

  // The sale completes, and is invoiced, when the goods are handed over: the buyer app settles to the shop only then.
  { from: 'collectedByNetwork', on: 'delivered', to: 'completed', effects: ['invoice'] },
  // Nothing was invoiced nor settled to the shop: the buyer app gives its buyer the money back.
  { from: 'collectedByNetwork', on: 'cancelled', to: 'cancelled', effects: ['releaseCoupon'] },
  { from: 'collectedByNetwork', on: 'cancelledInTransit', to: 'cancelled', effects: ['releaseCoupon'] },

  { from: 'paid', on: 'delivered', to: 'completed', effects: [] },
  { from: 'paid', on: 'cancelled', to: 'cancelled', effects: ['creditNote', 'refund', 'releaseCoupon'] },
  // Refunded, with its credit note, once the parcel is back (the return's REFUNDED).
  { from: 'paid', on: 'cancelledInTransit', to: 'cancelled', effects: ['releaseCoupon'] },
];

/** What the process reads of an order's payment: its stored status, the UPI processing mark, and who collected it. */
export function paymentStateOf(paymentStatus: PaymentStatus, processing: boolean, method?: PaymentMethod): PaymentState {
  switch (paymentStatus) {
    case 'AWAITING_PAYMENT':
      return processing ? 'upiProcessing' : 'awaitingCard';
    case 'PAID':
      return method === 'NETWORK' ? 'collectedByNetwork' : 'paid';
    case 'COMPLETED':
      return 'completed';
    case 'CANCELLED':
      return 'cancelled';
    default:
      // 'PENDING' is never written; it reads as cash owed.
      return 'cashOnDelivery';
  }
}

/** The payment's answer to a fulfilment move, when it has one. */
export function paymentAnswer(from: PaymentState, event: FulfilmentEvent | undefined): PaymentMove | undefined {
  return event ? PAYMENT_PROCESS.find((move) => move.from === from && move.on === event) : undefined;
}
