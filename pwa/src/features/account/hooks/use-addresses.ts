import { useLiveQuery } from 'dexie-react-hooks';
import type { Address } from '@haat/shared/addresses/address.types';
import { db } from '../../../lib/storage/db';

/** The shopper's active addresses (docs/product.md#screens: only status true is shown or selectable), oldest first. */
export function useAddresses(): { addresses: Address[]; loaded: boolean } {
  const rows = useLiveQuery(() => db.addresses.filter((a) => a.status !== false).toArray());
  const addresses = (rows ?? []).sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  return { addresses, loaded: rows !== undefined };
}
