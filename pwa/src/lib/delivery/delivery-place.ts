import { getDefaultStore } from 'jotai';
import { atomWithStorage } from 'jotai/utils';

/** A place the shopper told us of: the pincode they checked on a product page, or the address they chose or saved. */
export interface KnownPlace {
  pincode: string;
  state: string;
  city: string;
}

/** The shopper's own delivery place, for the header's promise (docs/product.md#delivery); read on init. */
export const deliveryPlaceAtom = atomWithStorage<KnownPlace | null>('haat.deliveryPlace', null, undefined, { getOnInit: true });

/** Remember the place the shopper last named (a pincode check, an address saved or chosen at checkout). */
export function rememberDeliveryPlace(place: KnownPlace): void {
  const pincode = place.pincode.replace(/\s/g, '');
  getDefaultStore().set(deliveryPlaceAtom, { pincode, state: place.state, city: place.city });
}
