import type { Address } from '@haat/shared/addresses/address.types';
import { useDeviceQuery } from '../../../lib/storage/device-store';

/** The shopper's active addresses (docs/product.md#screens: only status true is shown or selectable), oldest first. */
export function useAddresses(): { addresses: Address[]; loaded: boolean } {
  const rows = useDeviceQuery((db) => db.addresses.filter((a) => a.status !== false).toArray(), [], { now: true });
  const addresses = (rows ?? []).sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  return { addresses, loaded: rows !== undefined };
}
