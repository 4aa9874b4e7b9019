import type { Address } from '@haat/shared/addresses/address.types';
import { db } from '../../lib/storage/db';
import { addressApi } from './api';

/** GET /api/address/get into IndexedDB, so checkout offers the addresses offline too. */
export async function reloadAddresses(): Promise<void> {
  const { data } = await addressApi.list();
  await db.transaction('rw', db.addresses, async () => {
    await db.addresses.clear();
    await db.addresses.bulkPut(data ?? []);
  });
}

/** Keeps one address the server just answered (created or updated). */
export async function keepAddress(address: Address): Promise<void> {
  await db.addresses.put(address);
}
