import { DELIVERED_STAGE } from '@haat/shared/orders/order-lifecycle';
import { wayOf, type NetworkFulfilment, type NetworkFulfilmentState, type StoredFulfilment } from '@haat/shared/orders/fulfilment-process';
import type { OrderStage, StatusHistoryEntry } from '@haat/shared/orders/order-stages';

/**
 * THE ORDER-STATE PORT (docs/decisions/0340-selling-on-ondc.md): where a shop's order stands, in ONDC's words, read
 * from the fulfilment process's rows: each way names its stages in the network's words (`network` in
 * shared/orders/fulfilment-process.ts), so a new way or stage is told to buyer apps by its rows alone.
 *
 * ONDC's order states follow the fulfilment's: Accepted while it is Pending, Completed once delivered (a Self-Pickup
 * once collected), Cancelled, and In-progress between.
 */
export type OndcOrderState = 'Created' | 'Accepted' | 'In-progress' | 'Completed' | 'Cancelled';

export interface OndcStates {
  order: OndcOrderState;
  fulfilment: NetworkFulfilmentState;
  /** The way's fulfilment type and routing, as every fulfilment object carries them. */
  type: NetworkFulfilment['type'];
  routing?: NetworkFulfilment['routing'];
}

/** ONDC's order and fulfilment states of an order of this way at `stage` (null: placed but its payment not recorded yet). */
export function ondcStatesOf(fulfilment: StoredFulfilment | null | undefined, stage: OrderStage | null): OndcStates {
  const network = wayOf(fulfilment).network;
  const shape = { type: network.type, ...(network.routing ? { routing: network.routing } : {}) };
  if (stage === null) return { order: 'Created', fulfilment: 'Pending', ...shape };
  // A stage the way never reaches (an order moved there before the ways had rows) reads as the last one it passed.
  const state = network.states[stage] ?? 'Pending';
  const order: OndcOrderState =
    state === 'Cancelled' ? 'Cancelled' : stage === DELIVERED_STAGE ? 'Completed' : state === 'Pending' ? 'Accepted' : 'In-progress';
  return { order, fulfilment: state, ...shape };
}

const PICKED_UP_OR_LATER: readonly NetworkFulfilmentState[] = ['Order-picked-up', 'Out-for-delivery', 'Order-delivered'];

/**
 * When the order reached each of the network's states: the times a fulfilment object carries (the parcel picked up
 * is its start's time, its delivery its end's) and `@ondc/org/state_updated_at`, read from the order's own history.
 */
export function networkTimes(fulfilment: StoredFulfilment | null | undefined, history: readonly StatusHistoryEntry[]) {
  const network = wayOf(fulfilment).network;
  const firstAt = (states: readonly NetworkFulfilmentState[]) => history.find((entry) => states.includes(network.states[entry.status]!))?.updatedAt;
  // A move that skipped ahead (packed straight to delivered) picked the parcel up when it made that move.
  return { pickedUp: firstAt(PICKED_UP_OR_LATER), delivered: firstAt(['Order-delivered']), updated: history.at(-1)?.updatedAt };
}
