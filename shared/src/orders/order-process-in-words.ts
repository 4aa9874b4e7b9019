import type { LifecycleStage, OrderActor, OrderKind, OrderMoveTo } from './order-lifecycle.js';
import { stageIndex, type OrderStage, type PaymentStatus } from './order-stages.js';

/** A move the rules allow, and the payment status after it ('keep': as it was). */
export type ExpectedMove = { to: OrderMoveTo; payment: PaymentStatus | 'keep' };

const STEPS: Record<'courier' | 'express', OrderStage[]> = {
  courier: ['PLACED', 'CONFIRMED', 'SHIPPED', 'OUT_FOR_DELIVERY', 'DELIVERED'],
  // A rider may be assigned once it is packed (or straight away); the store may also send it out without saying so.
  express: ['PLACED', 'CONFIRMED', 'PACKED', 'AGENT_ASSIGNED', 'OUT_FOR_DELIVERY', 'DELIVERED'],
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
  if (kind === 'pickup') return pickupMoves(from, actor, cancel);
  // Ready for pickup is a pickup order's own stage: no order sent from the warehouse or a store ever stood there;
  // a rider assigned is a store's express order's own: no courier order ever stood there.
  if (from === 'READY_FOR_PICKUP' || (from === 'AGENT_ASSIGNED' && kind === 'courier')) return [];
  if (actor === 'customer') return [cancel];
  // A store's queue packs, sends and delivers its own orders; confirming and cancelling stay with the admin.
  if (actor !== 'admin' && !(actor === 'store' && kind === 'express')) return [];
  // An order at a stage off its kind's steps (reached through the API before orders had kinds) moves on along them.
  const later = STEPS[kind].filter((stage) => stageIndex(stage) > stageIndex(from) && !(actor === 'store' && stage === 'CONFIRMED'));
  const forward = later.map((to): ExpectedMove => ({ to, payment: to === 'DELIVERED' ? 'COMPLETED' : 'keep' }));
  return actor === 'admin' ? [...forward, cancel] : forward;
}

/**
 * A pickup order is packed and made ready by its store (or an admin), handed over by them at the counter, and never
 * shipped or sent out; the shopper and an admin may cancel it until it is handed over, and the clock cancels it once
 * it has waited ready too long. Nothing moves it off its steps: it never stood anywhere else.
 */
function pickupMoves(from: OrderStage, actor: OrderActor, cancel: ExpectedMove): ExpectedMove[] {
  const steps: OrderStage[] = ['PLACED', 'PACKED', 'READY_FOR_PICKUP', 'DELIVERED'];
  if (!steps.includes(from)) return [];
  if (actor === 'customer') return [cancel];
  if (actor === 'timer') return from === 'READY_FOR_PICKUP' ? [cancel] : [];
  if (actor !== 'admin' && actor !== 'store') return [];
  // Ready is reached from placed or packed; once ready, the next step is the hand-over.
  const next: OrderStage[] =
    from === 'READY_FOR_PICKUP' ? ['DELIVERED'] : steps.filter((stage) => stageIndex(stage) > stageIndex(from) && stage !== 'DELIVERED');
  const forward = next.map((to): ExpectedMove => ({ to, payment: to === 'DELIVERED' ? 'COMPLETED' : 'keep' }));
  return actor === 'admin' ? [...forward, cancel] : forward;
}
