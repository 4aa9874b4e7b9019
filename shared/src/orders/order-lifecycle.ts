import type { OrderStage, PaymentStatus } from './order-stages.js';

/**
 * Who asks for a move: the shopper, an admin, the card provider (paid, payment failed) or the
 * card session running out of time (expired).
 */
export const ORDER_ACTORS = ['customer', 'admin', 'payment', 'timer'] as const;
export type OrderActor = (typeof ORDER_ACTORS)[number];

/**
 * Where an order stands, as far as moving it goes: its stage, or null for a card order whose
 * payment has not arrived yet (it was never placed, so it has no stage and no history).
 */
export type LifecycleStage = OrderStage | null;

export interface OrderTransition {
  from: LifecycleStage;
  to: OrderStage;
  /** Who may make this move; anyone else is refused. */
  by: readonly OrderActor[];
  /** The payment status after the move; absent when the move leaves it as it was. */
  payment?: PaymentStatus;
}

/**
 * Every move an order can make, and nothing else. The API's lifecycle module runs these moves and
 * their effects (history, stock, cart, refunds, events); the PWA reads the same rows to decide which
 * buttons to show, so the screen and the server can never disagree.
 *
 * Stages only move forward and admins may skip ahead. Delivered and cancelled are the end: nothing
 * leaves them. A card order awaiting payment is placed only by its payment; until then it can only
 * be cancelled, by the shopper, an admin, a failed payment or its session expiring.
 */
export const ORDER_TRANSITIONS: readonly OrderTransition[] = [
  { from: null, to: 'PLACED', by: ['payment'], payment: 'PAID' },
  { from: null, to: 'CANCELLED', by: ['customer', 'admin', 'payment', 'timer'], payment: 'CANCELLED' },

  { from: 'PLACED', to: 'CONFIRMED', by: ['admin'] },
  { from: 'PLACED', to: 'PACKED', by: ['admin'] },
  { from: 'PLACED', to: 'SHIPPED', by: ['admin'] },
  { from: 'PLACED', to: 'OUT_FOR_DELIVERY', by: ['admin'] },
  { from: 'PLACED', to: 'DELIVERED', by: ['admin'], payment: 'COMPLETED' },
  { from: 'PLACED', to: 'CANCELLED', by: ['customer', 'admin'], payment: 'CANCELLED' },

  { from: 'CONFIRMED', to: 'PACKED', by: ['admin'] },
  { from: 'CONFIRMED', to: 'SHIPPED', by: ['admin'] },
  { from: 'CONFIRMED', to: 'OUT_FOR_DELIVERY', by: ['admin'] },
  { from: 'CONFIRMED', to: 'DELIVERED', by: ['admin'], payment: 'COMPLETED' },
  { from: 'CONFIRMED', to: 'CANCELLED', by: ['customer', 'admin'], payment: 'CANCELLED' },

  { from: 'PACKED', to: 'SHIPPED', by: ['admin'] },
  { from: 'PACKED', to: 'OUT_FOR_DELIVERY', by: ['admin'] },
  { from: 'PACKED', to: 'DELIVERED', by: ['admin'], payment: 'COMPLETED' },
  { from: 'PACKED', to: 'CANCELLED', by: ['customer', 'admin'], payment: 'CANCELLED' },

  { from: 'SHIPPED', to: 'OUT_FOR_DELIVERY', by: ['admin'] },
  { from: 'SHIPPED', to: 'DELIVERED', by: ['admin'], payment: 'COMPLETED' },
  { from: 'SHIPPED', to: 'CANCELLED', by: ['customer', 'admin'], payment: 'CANCELLED' },

  { from: 'OUT_FOR_DELIVERY', to: 'DELIVERED', by: ['admin'], payment: 'COMPLETED' },
  { from: 'OUT_FOR_DELIVERY', to: 'CANCELLED', by: ['customer', 'admin'], payment: 'CANCELLED' },
];

/** The row for this move, whoever makes it; undefined when no one may. */
export function transitionBetween(from: LifecycleStage, to: OrderStage): OrderTransition | undefined {
  return ORDER_TRANSITIONS.find((t) => t.from === from && t.to === to);
}

/** The row for this move when `actor` may make it. */
export function allowedTransition(from: LifecycleStage, to: OrderStage, actor: OrderActor): OrderTransition | undefined {
  const row = transitionBetween(from, to);
  return row?.by.includes(actor) ? row : undefined;
}

/** Whether nothing can move an order from here (delivered or cancelled). */
export function isEnd(from: LifecycleStage): boolean {
  return !ORDER_TRANSITIONS.some((t) => t.from === from);
}
