import { kindMoves, kindOf, movesFor, stageOf, type OrderActor, type OrderFacts, type OrderKind, type OrderMoveTo } from '@haat/shared/orders/order-lifecycle';
import { ErrorCode } from '@haat/shared/common/error-code';
import { AppError } from '../../common/app-error.js';
import type { OrderRow } from '../orders.table.js';

/** Each kind of order in the words a refusal names it by (en-IN.ts's messages of the same words). */
const KIND_WORDS: Record<OrderKind, string> = {
  courier: 'a courier order from the warehouse',
  express: "a store's express order",
  pickup: 'an order picked up at a store',
  awaitingCard: 'an order awaiting its card payment',
  upiProcessing: 'an order whose UPI payment is on its way',
};

/**
 * Why a move is refused (409), in the words the shopper or admin reads, with the order's kind and the moves its asker
 * may make now beside the message (`kind`, `moves`): a move the order's kind never makes (a store order shipped by
 * courier) says so and lists them; any other names the rule that stops it.
 */
export function refusal(order: OrderRow, facts: OrderFacts, to: OrderMoveTo, actor: OrderActor): AppError {
  const kind = kindOf(facts);
  const from = stageOf(facts);
  const moves = movesFor(facts, actor).map((move) => move.to);
  const state = { status: order.status, statusHistory: order.statusHistory, payment_status: order.paymentStatus, kind, moves };
  const finished = from === 'DELIVERED' || from === 'CANCELLED';
  if (!kindMoves(facts).some((move) => move.to === to)) {
    const left = moves.length ? `its moves now: ${moves.join(', ')}` : 'it has no moves now';
    return new AppError(409, ErrorCode.StageNotAllowed, `Order ${order.id} is ${KIND_WORDS[kind]}, which never moves to ${to}; ${left}.`, state);
  }
  if (actor === 'customer' && to === 'CANCELLED' && finished) {
    return new AppError(
      409,
      ErrorCode.OrderFinished,
      `Order ${order.id} is already ${from === 'DELIVERED' ? 'delivered' : 'cancelled'} and cannot be cancelled.`,
      state,
    );
  }
  return new AppError(409, ErrorCode.StageNotAllowed, `Order ${order.id} cannot move to ${to}: ${why(kind, from, actor, finished)}.`, state);
}

/** 409 PICKUP_CODE_NEEDED: a pickup order is handed over only through the hand-over, which asks for its code. */
export function pickupCodeNeeded(order: OrderRow): AppError {
  return new AppError(409, ErrorCode.PickupCodeNeeded, `Order ${order.id} is handed over only against its pickup code, through the store queue's hand-over.`, {
    kind: 'pickup',
  });
}

function why(kind: OrderKind, from: OrderFacts['statusHistory'][number]['status'] | null, actor: OrderActor, finished: boolean): string {
  if (finished) return actor === 'customer' ? 'a shopper can only cancel an order' : `it is already ${from === 'DELIVERED' ? 'completed' : 'cancelled'}`;
  if (kind === 'upiProcessing' && actor !== 'payment') return "its UPI payment is on its way; only the bank's answer, or an admin, ends the wait";
  if (actor === 'customer') return 'a shopper can only cancel an order';
  if (actor === 'store') return "a store's queue only packs, sends out, makes ready and hands over its own orders";
  if (from === null) return actor === 'admin' ? 'its payment has not arrived (it can only be cancelled)' : 'only its payment can place it';
  return actor === 'admin' ? `it has already reached ${from}; only a later stage can be set` : 'it is no longer awaiting its card payment';
}
