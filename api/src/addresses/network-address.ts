import type { Db } from '../db/database.js';
import { addresses } from './addresses.table.js';

/** A delivery address a buyer app on ONDC sent with an order (docs/product.md#selling-on-ondc). */
export interface NetworkAddress {
  id: string;
  userId: string;
  name: string;
  building: string;
  addressLine: string;
  district: string;
  city: string;
  state: string;
  pincode: string;
  mobile: string;
}

/**
 * Keeps a network order's delivery address as an address of its buyer's account, under the id the caller derives from
 * the network order (so a second try of the same order finds the same address, and places the same order).
 */
export async function keepNetworkAddress(db: Pick<Db, 'insert'>, address: NetworkAddress): Promise<void> {
  await db
    .insert(addresses)
    .values({ ...address, country: 'India' })
    .onConflictDoNothing({ target: addresses.id });
}
