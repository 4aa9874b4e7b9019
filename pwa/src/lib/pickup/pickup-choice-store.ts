import { getDefaultStore } from 'jotai';
import { atomWithStorage } from 'jotai/utils';
import type { PickupStore } from '@haat/shared/orders/order.types';

/**
 * The store the shopper last chose to pick up at (docs/product.md#store-pickup), kept on the device: offline, the
 * checkout offers it again and a cash order queued for it carries it, so the choice survives a lost connection.
 */
export const pickupStoreAtom = atomWithStorage<PickupStore | null>('haat.pickupStore', null, undefined, { getOnInit: true });

export function rememberPickupStore(store: PickupStore): void {
  getDefaultStore().set(pickupStoreAtom, store);
}
