import { ORDER_STAGES, lifecycleStage, type OrderStage, type PaymentStatus, type StatusHistoryEntry } from './order-stages.js';
import type { Order } from './order.types.js';

/**
 * Who asks for a move: the shopper, an admin on the order screens, a dark store's queue (an admin packing and
 * sending the store's own orders), the card provider (paid, processing, payment failed) or the card session
 * running out of time (expired).
 */
export const ORDER_ACTORS = ['customer', 'admin', 'store', 'payment', 'timer'] as const;
export type OrderActor = (typeof ORDER_ACTORS)[number];

/**
 * Where an order stands, as far as moving it goes: its stage, or null for a card order whose
 * payment has not arrived yet (it was never placed, so it has no stage and no history).
 */
export type LifecycleStage = OrderStage | null;

/** A move's target: a stage, or the mark that a UPI payment is on its way (the order stays unplaced). */
export type OrderMoveTo = OrderStage | 'PAYMENT_PROCESSING';

export interface OrderTransition {
  from: LifecycleStage;
  to: OrderMoveTo;
  /** Who may make this move; anyone else is refused. */
  by: readonly OrderActor[];
  /** The payment status after the move; absent when the move leaves it as it was. */
  payment?: PaymentStatus;
}

/** What the process reads of an order to know its kind and stage: the stored row and the wire order both give it. */
export interface OrderFacts {
  fulfilment?: 'store' | 'warehouse' | null;
  paymentStatus: PaymentStatus;
  /** A card session completed with its (UPI) payment still to come. */
  paymentProcessing?: boolean;
  statusHistory: readonly StatusHistoryEntry[];
}

export const ORDER_KINDS = ['courier', 'express', 'awaitingCard', 'upiProcessing'] as const;
export type OrderKind = (typeof ORDER_KINDS)[number];

export interface OrderKindProcess {
  kind: OrderKind;
  /** Which orders are of this kind; the first kind (in ORDER_PROCESS's order) that covers an order is its kind. */
  covers: (order: OrderFacts) => boolean;
  /** Every move an order of this kind can make, and nothing else. */
  moves: readonly OrderTransition[];
}

const ANYONE_CANCELS: readonly OrderActor[] = ['customer', 'admin'];
const CANCELLED = { to: 'CANCELLED', by: ANYONE_CANCELS, payment: 'CANCELLED' } as const;
const awaited = (order: OrderFacts) => order.paymentStatus === 'AWAITING_PAYMENT' && lifecycleStage(order.paymentStatus, order.statusHistory) === null;

/**
 * The order process (docs/architecture.md#the-order-process), one row set per kind of order, as data. The API's
 * lifecycle module runs these moves and their effects (history, stock, cart, refunds, events); the PWA's buttons and
 * progress steps read the same rows through `movesFor` and `orderSteps`, so the screen and the server cannot disagree.
 *
 * Stages only move forward and admins may skip ahead. Delivered and cancelled are the end: nothing leaves them. The
 * warehouse's courier order ships; a store's express order is packed and rides out, moved by its store's queue or an
 * admin. A card order awaiting payment is placed only by its payment; until then it can only be cancelled (by the
 * shopper, an admin, a failed payment or its session expiring), or marked processing when a UPI app is still to
 * approve it; then the shopper waits for the bank's answer (the session can no longer expire) and only the payment,
 * or an admin, ends the wait. A new kind (a scheduled slot, another channel) is one more entry here.
 */
export const ORDER_PROCESS: readonly OrderKindProcess[] = [
  {
    kind: 'upiProcessing',
    covers: (order) => awaited(order) && order.paymentProcessing === true,
    moves: [
      { from: null, to: 'PLACED', by: ['payment'], payment: 'PAID' },
      { from: null, to: 'CANCELLED', by: ['admin', 'payment'], payment: 'CANCELLED' },
    ],
  },
  {
    kind: 'awaitingCard',
    covers: awaited,
    moves: [
      { from: null, to: 'PLACED', by: ['payment'], payment: 'PAID' },
      { from: null, to: 'PAYMENT_PROCESSING', by: ['payment'] },
      { from: null, to: 'CANCELLED', by: ['customer', 'admin', 'payment', 'timer'], payment: 'CANCELLED' },
    ],
  },
  {
    kind: 'express',
    covers: (order) => order.fulfilment === 'store',
    moves: [
      { from: 'PLACED', to: 'CONFIRMED', by: ['admin'] },
      { from: 'PLACED', to: 'PACKED', by: ['admin', 'store'] },
      { from: 'PLACED', to: 'OUT_FOR_DELIVERY', by: ['admin', 'store'] },
      { from: 'PLACED', to: 'DELIVERED', by: ['admin', 'store'], payment: 'COMPLETED' },
      { from: 'PLACED', ...CANCELLED },

      { from: 'CONFIRMED', to: 'PACKED', by: ['admin', 'store'] },
      { from: 'CONFIRMED', to: 'OUT_FOR_DELIVERY', by: ['admin', 'store'] },
      { from: 'CONFIRMED', to: 'DELIVERED', by: ['admin', 'store'], payment: 'COMPLETED' },
      { from: 'CONFIRMED', ...CANCELLED },

      { from: 'PACKED', to: 'OUT_FOR_DELIVERY', by: ['admin', 'store'] },
      { from: 'PACKED', to: 'DELIVERED', by: ['admin', 'store'], payment: 'COMPLETED' },
      { from: 'PACKED', ...CANCELLED },

      { from: 'OUT_FOR_DELIVERY', to: 'DELIVERED', by: ['admin', 'store'], payment: 'COMPLETED' },
      { from: 'OUT_FOR_DELIVERY', ...CANCELLED },

      // Shipped through the API before orders had kinds: it still moves on, never back to packing.
      { from: 'SHIPPED', to: 'OUT_FOR_DELIVERY', by: ['admin', 'store'] },
      { from: 'SHIPPED', to: 'DELIVERED', by: ['admin', 'store'], payment: 'COMPLETED' },
      { from: 'SHIPPED', ...CANCELLED },
    ],
  },
  {
    kind: 'courier',
    covers: () => true,
    moves: [
      { from: 'PLACED', to: 'CONFIRMED', by: ['admin'] },
      { from: 'PLACED', to: 'SHIPPED', by: ['admin'] },
      { from: 'PLACED', to: 'OUT_FOR_DELIVERY', by: ['admin'] },
      { from: 'PLACED', to: 'DELIVERED', by: ['admin'], payment: 'COMPLETED' },
      { from: 'PLACED', ...CANCELLED },

      { from: 'CONFIRMED', to: 'SHIPPED', by: ['admin'] },
      { from: 'CONFIRMED', to: 'OUT_FOR_DELIVERY', by: ['admin'] },
      { from: 'CONFIRMED', to: 'DELIVERED', by: ['admin'], payment: 'COMPLETED' },
      { from: 'CONFIRMED', ...CANCELLED },

      { from: 'SHIPPED', to: 'OUT_FOR_DELIVERY', by: ['admin'] },
      { from: 'SHIPPED', to: 'DELIVERED', by: ['admin'], payment: 'COMPLETED' },
      { from: 'SHIPPED', ...CANCELLED },

      { from: 'OUT_FOR_DELIVERY', to: 'DELIVERED', by: ['admin'], payment: 'COMPLETED' },
      { from: 'OUT_FOR_DELIVERY', ...CANCELLED },

      // Packed through the API before orders had kinds: it still moves on, never back to packing.
      { from: 'PACKED', to: 'SHIPPED', by: ['admin'] },
      { from: 'PACKED', to: 'OUT_FOR_DELIVERY', by: ['admin'] },
      { from: 'PACKED', to: 'DELIVERED', by: ['admin'], payment: 'COMPLETED' },
      { from: 'PACKED', ...CANCELLED },
    ],
  },
];

/**
 * The stage that ends an order delivered, read from the process: the one its moves reach with the payment
 * completed (every kind's delivery), so no other code spells it.
 */
export const DELIVERED_STAGE: OrderStage = ORDER_PROCESS.flatMap((process) => process.moves).find((move) => move.payment === 'COMPLETED')!.to as OrderStage;

/** Whether an order was delivered: it stands at the process's delivered stage (Buy again reads only these). */
export function isDelivered(order: OrderFacts): boolean {
  return stageOf(order) === DELIVERED_STAGE;
}

/** The kind of an order and its row set: the first kind that covers it. */
export function processOf(order: OrderFacts): OrderKindProcess {
  return ORDER_PROCESS.find((process) => process.covers(order))!;
}

/** Where the order stands in its kind's rows. */
export function stageOf(order: OrderFacts): LifecycleStage {
  return lifecycleStage(order.paymentStatus, order.statusHistory);
}

/**
 * The one question both sides ask: which moves may `actor` make on this order now. The API makes only these
 * (and refuses the rest); the admin's stage buttons, the store queue's buttons and the shopper's cancel offer these.
 */
export function movesFor(order: OrderFacts, actor: OrderActor): OrderTransition[] {
  const from = stageOf(order);
  return processOf(order).moves.filter((move) => move.from === from && move.by.includes(actor));
}

/** The row for this move when `actor` may make it now. */
export function allowedMove(order: OrderFacts, to: OrderMoveTo, actor: OrderActor): OrderTransition | undefined {
  return movesFor(order, actor).find((move) => move.to === to);
}

/** The stages `actor` may move the order to now, in stage order (a screen's buttons). */
export function stagesFor(order: OrderFacts, actor: OrderActor): OrderStage[] {
  const targets = new Set(movesFor(order, actor).map((move) => move.to));
  return ORDER_STAGES.filter((stage) => targets.has(stage));
}

/**
 * The steps an order is shown going through (docs/product.md#states), read from its kind's rows once placed: every
 * stage a placed order of that kind can reach, Cancelled aside (a dark store's order is packed, the warehouse's ships).
 */
export function orderSteps(fulfilment?: 'store' | 'warehouse' | null): OrderStage[] {
  const placed = processOf({ fulfilment, paymentStatus: 'CASH ON DELIVERY', statusHistory: [] });
  const reached = new Set<OrderMoveTo>(['PLACED', ...placed.moves.filter((move) => move.from !== null).map((move) => move.to)]);
  return ORDER_STAGES.filter((stage) => stage !== 'CANCELLED' && reached.has(stage));
}

/** What the process reads of an order on the wire. */
export function factsOfOrder(order: Pick<Order, 'fulfilment' | 'payment_status' | 'payment_processing' | 'statusHistory'>): OrderFacts {
  return {
    fulfilment: order.fulfilment,
    paymentStatus: order.payment_status,
    paymentProcessing: order.payment_processing === true,
    statusHistory: order.statusHistory,
  };
}
