import type { LifecycleStage, OrderActor, OrderKind, OrderMoveTo } from './order-lifecycle.js';
import { stageIndex, type OrderStage, type PaymentStatus } from './order-stages.js';

/** A move the rules allow, and the payment status after it ('keep': as it was). */
export type ExpectedMove = { to: OrderMoveTo; payment: PaymentStatus | 'keep' };

const STEPS: Record<'courier' | 'express', OrderStage[]> = {
  courier: ['PLACED', 'CONFIRMED', 'SHIPPED', 'OUT_FOR_DELIVERY', 'DELIVERED'],
  express: ['PLACED', 'CONFIRMED', 'PACKED', 'OUT_FOR_DELIVERY', 'DELIVERED'],
};

const paid = (to: OrderMoveTo): ExpectedMove => ({ to, payment: to === 'PLACED' ? 'PAID' : to === 'CANCELLED' ? 'CANCELLED' : 'keep' });

/**
 * The order process in words (docs/architecture.md#the-order-process), written apart from the table so that the
 * tests of both sides (shared's unit test, the API's model-based test) see a wrong or missing row as a difference:
 * the moves `actor` may make on an order of `kind` standing at `from`, in no particular order.
 */
export function expectedMoves(kind: OrderKind, from: LifecycleStage, actor: OrderActor): ExpectedMove[] {
  if (kind === 'awaitingCard') {
    if (actor === 'payment') return ['PLACED', 'PAYMENT_PROCESSING', 'CANCELLED'].map((to) => paid(to as OrderMoveTo));
    return actor === 'store' ? [] : [paid('CANCELLED')];
  }
  if (kind === 'upiProcessing') {
    // The bank is still to answer: the session cannot expire and the shopper waits; an admin may still give up on it.
    if (actor === 'payment') return [paid('PLACED'), paid('CANCELLED')];
    return actor === 'admin' ? [paid('CANCELLED')] : [];
  }
  if (from === null || from === 'DELIVERED' || from === 'CANCELLED') return [];
  const cancel: ExpectedMove = { to: 'CANCELLED', payment: 'CANCELLED' };
  if (actor === 'customer') return [cancel];
  // A store's queue packs, sends and delivers its own orders; confirming and cancelling stay with the admin.
  if (actor !== 'admin' && !(actor === 'store' && kind === 'express')) return [];
  // An order at a stage off its kind's steps (reached through the API before orders had kinds) moves on along them.
  const later = STEPS[kind].filter((stage) => stageIndex(stage) > stageIndex(from) && !(actor === 'store' && stage === 'CONFIRMED'));
  const forward = later.map((to): ExpectedMove => ({ to, payment: to === 'DELIVERED' ? 'COMPLETED' : 'keep' }));
  return actor === 'admin' ? [...forward, cancel] : forward;
}
