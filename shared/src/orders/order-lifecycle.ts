import { FULFILMENT_PROCESS, wayOf, type FulfilmentWay, type StoredFulfilment } from './fulfilment-process.js';
import { PAYMENT_PROCESS, PAYMENT_STATES, paymentAnswer, paymentStateOf, type PaymentState } from './payment-process.js';
import { ORDER_STAGES, lifecycleStage, type OrderStage, type PaymentStatus, type StatusHistoryEntry } from './order-stages.js';
import type { OrderActor, OrderEffect } from './process-terms.js';
import type { Order, PaymentMethod } from './order.types.js';

export { ORDER_ACTORS, ORDER_EFFECTS, type OrderActor, type OrderEffect } from './process-terms.js';

/**
 * Where an order stands, as far as moving it goes: its stage, or null for a card order whose
 * payment has not arrived yet (it was never placed, so it has no stage and no history).
 */
export type LifecycleStage = OrderStage | null;

/** A move's target: a stage, or the mark that a UPI payment is on its way (the order stays unplaced). */
export type OrderMoveTo = OrderStage | 'PAYMENT_PROCESSING';

/** One move of an order as its two processes give it together: the row of the one that moves it, and the other's answer. */
export interface OrderTransition {
  from: LifecycleStage;
  to: OrderMoveTo;
  /** Who may make this move; anyone else is refused. */
  by: readonly OrderActor[];
  /** What the asker must show besides being allowed (the pickup code at the counter). */
  guard?: 'pickupCode';
  /** The payment status after the move; absent when the move leaves it as it was. */
  payment?: PaymentStatus;
  /** What the move does besides moving: the fulfilment row's effects, then the payment's. */
  effects: readonly OrderEffect[];
}

/** What the processes read of an order to know where it stands: the stored row and the wire order both give it. */
export interface OrderFacts {
  fulfilment?: StoredFulfilment | null;
  paymentStatus: PaymentStatus;
  /** A card session completed with its (UPI) payment still to come. */
  paymentProcessing?: boolean;
  /** Who collects the money: cash at hand-over, a card at the provider, or a buyer app on ONDC (`NETWORK`). */
  paymentMethod?: PaymentMethod;
  statusHistory: readonly StatusHistoryEntry[];
}

/** Which row set answers an order now: its way of fulfilment once placed, its payment's state until then. */
export type OrderKind = FulfilmentWay['way'] | 'awaitingCard' | 'upiProcessing';

/** Every kind the order process knows: each way of fulfilment, and each payment state an order waits in unplaced. */
export const ORDER_KINDS: readonly OrderKind[] = [
  ...FULFILMENT_PROCESS.map((way) => way.way),
  ...(Object.keys(PAYMENT_STATES) as PaymentState[]).filter((state): state is 'awaitingCard' | 'upiProcessing' => !PAYMENT_STATES[state].placed),
];

/**
 * The order process (docs/architecture.md#the-order-process): two processes read together, as Vendure keeps its
 * fulfilment and payment processes apart. The fulfilment process (fulfilment-process.ts) has a row set per way of
 * fulfilling; the payment process (payment-process.ts) a row set over the payment's states. An unplaced order moves
 * only by its payment's rows; a placed one by its way's rows, each answered by the payment's row for its event (a
 * delivery completes the payment, a cancellation cancels it). The API's lifecycle module runs these moves and the
 * effects their rows name; the PWA's buttons and progress steps read the same rows through `movesFor` and
 * `orderSteps`, so the screen and the server cannot disagree.
 */
export const ORDER_PROCESS = { fulfilment: FULFILMENT_PROCESS, payment: PAYMENT_PROCESS } as const;

/** The payment's state of an order. */
export function paymentOf(order: OrderFacts): PaymentState {
  return paymentStateOf(order.paymentStatus, order.paymentProcessing === true, order.paymentMethod);
}

/** The order's kind: its payment's state while that keeps it unplaced, else its way of fulfilment. */
export function kindOf(order: OrderFacts): OrderKind {
  const payment = paymentOf(order);
  return payment === 'awaitingCard' || payment === 'upiProcessing' ? payment : wayOf(order.fulfilment).way;
}

/** Every move an order of its kind can make, from any stage (the moves it "never makes" are the others). */
export function kindMoves(order: OrderFacts): OrderTransition[] {
  const payment = paymentOf(order);
  if (!PAYMENT_STATES[payment].placed) {
    return PAYMENT_PROCESS.filter((move) => move.from === payment && move.by).map((move) => ({
      from: null,
      to: move.stage ?? 'PAYMENT_PROCESSING',
      by: move.by!,
      ...(PAYMENT_STATES[move.to].stored !== order.paymentStatus ? { payment: PAYMENT_STATES[move.to].stored } : {}),
      effects: move.effects,
    }));
  }
  return wayOf(order.fulfilment).moves.map((move) => {
    const answer = paymentAnswer(payment, move.event);
    return {
      from: move.from,
      to: move.to,
      by: move.by,
      ...(move.guard ? { guard: move.guard } : {}),
      ...(answer ? { payment: PAYMENT_STATES[answer.to].stored } : {}),
      effects: [...move.effects, ...(answer?.effects ?? [])],
    };
  });
}

/**
 * The stage that ends an order delivered, read from the processes: the one a fulfilment row reaches with its
 * `delivered` event (every way's), so no other code spells it.
 */
export const DELIVERED_STAGE: OrderStage = FULFILMENT_PROCESS.flatMap((way) => way.moves).find((move) => move.event === 'delivered')!.to;

/** Whether an order was delivered: it stands at the process's delivered stage (Buy again reads only these). */
export function isDelivered(order: OrderFacts): boolean {
  return stageOf(order) === DELIVERED_STAGE;
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
  return kindMoves(order).filter((move) => move.from === from && move.by.includes(actor));
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
 * The steps an order is shown going through (docs/product.md#states), read from its way's rows: every stage a
 * placed order fulfilled that way can reach, Cancelled aside (a dark store's order is packed, the warehouse's ships).
 */
export function orderSteps(fulfilment?: StoredFulfilment | null): OrderStage[] {
  const reached = new Set<OrderStage>(['PLACED', ...wayOf(fulfilment).moves.map((move) => move.to)]);
  return ORDER_STAGES.filter((stage) => stage !== 'CANCELLED' && reached.has(stage));
}

/** What the process reads of an order on the wire. */
export function factsOfOrder(
  order: Pick<Order, 'fulfilment' | 'payment_status' | 'payment_processing' | 'statusHistory'> & { payment_method?: PaymentMethod },
): OrderFacts {
  return {
    fulfilment: order.fulfilment,
    ...(order.payment_method ? { paymentMethod: order.payment_method } : {}),
    paymentStatus: order.payment_status,
    paymentProcessing: order.payment_processing === true,
    statusHistory: order.statusHistory,
  };
}
