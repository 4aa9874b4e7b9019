import type { OrderStage } from '@haat/shared/orders/order-stages';

/**
 * THE ORDER-STATE PORT (docs/decisions/0340-selling-on-ondc.md): where a shop's order stands, in ONDC's words. Today it
 * reads the order's stage; when fulfilment is a process of its own, this is the one place that reads its rows instead.
 *
 * ONDC's order states: Created, Accepted, In-progress, Completed, Cancelled. Its fulfilment states for delivery:
 * Pending, Packed, Agent-assigned, Order-picked-up, Out-for-delivery, Order-delivered, Cancelled.
 */
export type OndcOrderState = 'Created' | 'Accepted' | 'In-progress' | 'Completed' | 'Cancelled';
export type OndcFulfilmentState = 'Pending' | 'Packed' | 'Agent-assigned' | 'Order-picked-up' | 'Out-for-delivery' | 'Order-delivered' | 'Cancelled';

export interface OndcStates {
  order: OndcOrderState;
  fulfilment: OndcFulfilmentState;
}

const BY_STAGE: Record<OrderStage, OndcStates> = {
  // Placed with its stock taken: the shop has accepted it.
  PLACED: { order: 'Accepted', fulfilment: 'Pending' },
  CONFIRMED: { order: 'Accepted', fulfilment: 'Pending' },
  PACKED: { order: 'In-progress', fulfilment: 'Packed' },
  // Packed at the store's counter, waiting for its buyer (a store pickup): still Packed to the network.
  READY_FOR_PICKUP: { order: 'In-progress', fulfilment: 'Packed' },
  // Handed to the courier.
  SHIPPED: { order: 'In-progress', fulfilment: 'Order-picked-up' },
  OUT_FOR_DELIVERY: { order: 'In-progress', fulfilment: 'Out-for-delivery' },
  DELIVERED: { order: 'Completed', fulfilment: 'Order-delivered' },
  CANCELLED: { order: 'Cancelled', fulfilment: 'Cancelled' },
};

/** ONDC's order and fulfilment states of an order at `stage` (null: placed but its payment not recorded yet). */
export function ondcStatesOf(stage: OrderStage | null): OndcStates {
  return stage ? BY_STAGE[stage] : { order: 'Created', fulfilment: 'Pending' };
}
