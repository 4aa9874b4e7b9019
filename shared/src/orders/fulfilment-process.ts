import type { OrderStage } from './order-stages.js';
import type { OrderActor, OrderEffect } from './process-terms.js';

/**
 * What a fulfilment move means to the order's payment (payment-process.ts answers it with a row of its own): the
 * goods reached the shopper, or the order was cancelled before or after it left.
 */
export const FULFILMENT_EVENTS = ['delivered', 'cancelled', 'cancelledInTransit'] as const;
export type FulfilmentEvent = (typeof FULFILMENT_EVENTS)[number];

/** What the orders table stores for a way: who sends the goods (the national warehouse, a dark store), or `pickup` at a store. */
export type StoredFulfilment = 'warehouse' | 'store' | 'pickup';

/** One move of a fulfilment: from a stage to a stage, who may make it, and what it does. */
export interface FulfilmentMove {
  from: OrderStage;
  to: OrderStage;
  by: readonly OrderActor[];
  effects: readonly OrderEffect[];
  /** What the move tells the payment process; absent when the payment is not concerned. */
  event?: FulfilmentEvent;
  /** What the asker must show besides being allowed: the shopper's pickup code (the hand-over route checks it). */
  guard?: 'pickupCode';
}

/**
 * ONDC's fulfilment states (retail 1.2.5) that a way's stages are told to a buyer app as; the log validation
 * utility's routing rules decide which a way may use: a hyperlocal (P2P) delivery never says Out-for-delivery, an
 * intercity (P2H2P) one never says At-pickup, and a Self-Pickup's hand-over is its Order-picked-up.
 */
export type NetworkFulfilmentState = 'Pending' | 'Packed' | 'Agent-assigned' | 'Order-picked-up' | 'Out-for-delivery' | 'Order-delivered' | 'Cancelled';

/** How a way is told to the network (docs/product.md#selling-on-ondc): its fulfilment type, its routing, and each stage's state. */
export interface NetworkFulfilment {
  type: 'Delivery' | 'Self-Pickup';
  /** Delivery's routing tag: P2P (hyperlocal, straight from the store) or P2H2P (through a courier's hubs). */
  routing?: 'P2P' | 'P2H2P';
  /** The network's state for every stage an order of this way stands at (Cancelled is every way's). */
  states: Partial<Record<OrderStage, NetworkFulfilmentState>>;
}

export interface FulfilmentWay {
  /** The way's name: the order's kind once it is placed, and the refusal's words for it. */
  way: 'courier' | 'express' | 'pickup';
  /** What the orders table stores for it (and the wire's `fulfilment`). */
  fulfilment: StoredFulfilment;
  /** Every move an order fulfilled this way can make, and nothing else. */
  moves: readonly FulfilmentMove[];
  /** Its stages in ONDC's words, for an order a buyer app placed (api/src/ondc/order-state.ts reads them). */
  network: NetworkFulfilment;
}

const ANYONE_CANCELS: readonly OrderActor[] = ['customer', 'admin'];
/** Cancelled before it left: what it holds comes back to sale. */
const CANCEL = { to: 'CANCELLED', by: ANYONE_CANCELS, effects: ['releaseStock'], event: 'cancelled' } as const;
/** Cancelled on its way: the parcel comes back as a return to origin (docs/product.md#returns). */
const CANCEL_IN_TRANSIT = { to: 'CANCELLED', by: ANYONE_CANCELS, effects: ['returnToOrigin'], event: 'cancelledInTransit' } as const;
/** The units left the shelf: shipped, sent out, or delivered straight away. */
const LEAVES = ['fulfilStock'] as const;
const DELIVERS = { to: 'DELIVERED', effects: LEAVES, event: 'delivered' } as const;

/**
 * The fulfilment process (docs/architecture.md#the-order-process): one row set per way of fulfilling a placed order,
 * as data. Stages only move forward and admins may skip ahead; delivered and cancelled are the end. The warehouse's
 * courier order ships; a store's express order is packed, given a rider if the store says so, and rides out, moved
 * by its store's queue or an admin; a
 * pickup order is packed and made ready at its store, and handed over there only against its code, or cancelled by
 * the clock when it is not collected (docs/product.md#store-pickup). It never ships and never rides out.
 * Each row names its effects (the stock, and through its `event` the payment's); no effect is decided by the order
 * of the stages. Each way also names its stages in ONDC's words (`network`), which is all a buyer app hears. A new
 * way of fulfilling (a scheduled slot) is one more entry here, with its stages' texts.
 */
export const FULFILMENT_PROCESS: readonly FulfilmentWay[] = [
  {
    way: 'courier',
    fulfilment: 'warehouse',
    moves: [
      { from: 'PLACED', to: 'CONFIRMED', by: ['admin'], effects: [] },
      { from: 'PLACED', to: 'SHIPPED', by: ['admin'], effects: LEAVES },
      { from: 'PLACED', to: 'OUT_FOR_DELIVERY', by: ['admin'], effects: LEAVES },
      { from: 'PLACED', by: ['admin'], ...DELIVERS },
      { from: 'PLACED', ...CANCEL },

      { from: 'CONFIRMED', to: 'SHIPPED', by: ['admin'], effects: LEAVES },
      { from: 'CONFIRMED', to: 'OUT_FOR_DELIVERY', by: ['admin'], effects: LEAVES },
      { from: 'CONFIRMED', by: ['admin'], ...DELIVERS },
      { from: 'CONFIRMED', ...CANCEL },

      { from: 'SHIPPED', to: 'OUT_FOR_DELIVERY', by: ['admin'], effects: LEAVES },
      { from: 'SHIPPED', by: ['admin'], ...DELIVERS },
      { from: 'SHIPPED', ...CANCEL_IN_TRANSIT },

      { from: 'OUT_FOR_DELIVERY', by: ['admin'], ...DELIVERS },
      { from: 'OUT_FOR_DELIVERY', ...CANCEL_IN_TRANSIT },

      // Packed through the API before orders had kinds: it still moves on, never back to packing.
      { from: 'PACKED', to: 'SHIPPED', by: ['admin'], effects: LEAVES },
      { from: 'PACKED', to: 'OUT_FOR_DELIVERY', by: ['admin'], effects: LEAVES },
      { from: 'PACKED', by: ['admin'], ...DELIVERS },
      { from: 'PACKED', ...CANCEL },
    ],
    // Through a courier's hubs; the shop knows when it left and when it was out for delivery, not each hub.
    network: {
      type: 'Delivery',
      routing: 'P2H2P',
      states: {
        PLACED: 'Pending',
        CONFIRMED: 'Pending',
        PACKED: 'Packed',
        SHIPPED: 'Order-picked-up',
        OUT_FOR_DELIVERY: 'Out-for-delivery',
        DELIVERED: 'Order-delivered',
        CANCELLED: 'Cancelled',
      },
    },
  },
  {
    way: 'express',
    fulfilment: 'store',
    moves: [
      { from: 'PLACED', to: 'CONFIRMED', by: ['admin'], effects: [] },
      { from: 'PLACED', to: 'PACKED', by: ['admin', 'store'], effects: [] },
      { from: 'PLACED', to: 'AGENT_ASSIGNED', by: ['admin', 'store'], effects: [] },
      { from: 'PLACED', to: 'OUT_FOR_DELIVERY', by: ['admin', 'store'], effects: LEAVES },
      { from: 'PLACED', by: ['admin', 'store'], ...DELIVERS },
      { from: 'PLACED', ...CANCEL },

      { from: 'CONFIRMED', to: 'PACKED', by: ['admin', 'store'], effects: [] },
      { from: 'CONFIRMED', to: 'AGENT_ASSIGNED', by: ['admin', 'store'], effects: [] },
      { from: 'CONFIRMED', to: 'OUT_FOR_DELIVERY', by: ['admin', 'store'], effects: LEAVES },
      { from: 'CONFIRMED', by: ['admin', 'store'], ...DELIVERS },
      { from: 'CONFIRMED', ...CANCEL },

      { from: 'PACKED', to: 'AGENT_ASSIGNED', by: ['admin', 'store'], effects: [] },
      { from: 'PACKED', to: 'OUT_FOR_DELIVERY', by: ['admin', 'store'], effects: LEAVES },
      { from: 'PACKED', by: ['admin', 'store'], ...DELIVERS },
      { from: 'PACKED', ...CANCEL },

      // A rider is on the way to the store (optional): the parcel is still on its shelf until the rider takes it.
      { from: 'AGENT_ASSIGNED', to: 'OUT_FOR_DELIVERY', by: ['admin', 'store'], effects: LEAVES },
      { from: 'AGENT_ASSIGNED', by: ['admin', 'store'], ...DELIVERS },
      { from: 'AGENT_ASSIGNED', ...CANCEL },

      { from: 'OUT_FOR_DELIVERY', by: ['admin', 'store'], ...DELIVERS },
      { from: 'OUT_FOR_DELIVERY', ...CANCEL_IN_TRANSIT },

      // Shipped through the API before orders had kinds: it still moves on, never back to packing.
      { from: 'SHIPPED', to: 'OUT_FOR_DELIVERY', by: ['admin', 'store'], effects: LEAVES },
      { from: 'SHIPPED', by: ['admin', 'store'], ...DELIVERS },
      { from: 'SHIPPED', ...CANCEL_IN_TRANSIT },
    ],
    // Hyperlocal, straight from the store: the rider's taking the parcel is its Order-picked-up, and P2P names no
    // Out-for-delivery (the log validation utility refuses it), so the ride out is told as picked up.
    network: {
      type: 'Delivery',
      routing: 'P2P',
      states: {
        PLACED: 'Pending',
        CONFIRMED: 'Pending',
        PACKED: 'Packed',
        AGENT_ASSIGNED: 'Agent-assigned',
        SHIPPED: 'Order-picked-up',
        OUT_FOR_DELIVERY: 'Order-picked-up',
        DELIVERED: 'Order-delivered',
        CANCELLED: 'Cancelled',
      },
    },
  },
  {
    way: 'pickup',
    fulfilment: 'pickup',
    moves: [
      { from: 'PLACED', to: 'PACKED', by: ['admin', 'store'], effects: [] },
      { from: 'PLACED', to: 'READY_FOR_PICKUP', by: ['admin', 'store'], effects: ['issuePickupCode'] },
      { from: 'PLACED', ...CANCEL },

      { from: 'PACKED', to: 'READY_FOR_PICKUP', by: ['admin', 'store'], effects: ['issuePickupCode'] },
      { from: 'PACKED', ...CANCEL },

      // Handed over at the counter against the shopper's code; not collected in time, the clock cancels it.
      { from: 'READY_FOR_PICKUP', by: ['admin', 'store'], ...DELIVERS, guard: 'pickupCode' },
      { from: 'READY_FOR_PICKUP', ...CANCEL, by: ['customer', 'admin', 'timer'] },
    ],
    // Ready at the counter is still Packed to the network; its buyer's collecting it is Order-picked-up.
    network: {
      type: 'Self-Pickup',
      states: { PLACED: 'Pending', PACKED: 'Packed', READY_FOR_PICKUP: 'Packed', DELIVERED: 'Order-picked-up', CANCELLED: 'Cancelled' },
    },
  },
];

/** The way an order is fulfilled, from what the orders table stores (an order stored before the column is the warehouse's). */
export function wayOf(fulfilment: StoredFulfilment | null | undefined): FulfilmentWay {
  return FULFILMENT_PROCESS.find((way) => way.fulfilment === fulfilment) ?? FULFILMENT_PROCESS[0]!;
}
