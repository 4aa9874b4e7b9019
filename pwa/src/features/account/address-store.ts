import type { Address } from '@haat/shared/addresses/address.types';
import { openStorage } from '../../lib/storage/device-store';
import { savedAddresses } from '../../lib/storage/device-collections';
import { refreshFromServer, rowsFor } from '../../lib/storage/server-copy';
import { addressApi } from './api';

/** GET /api/address/get into IndexedDB, through the one rule (lib/storage/server-copy.ts). */
export async function reloadAddresses(): Promise<void> {
  await refreshFromServer(addressApi.list, ({ data }) => [rowsFor(savedAddresses, data ?? [])]);
}

/** Keeps one address the server just answered (created or updated). */
export async function keepAddress(address: Address): Promise<void> {
  await (await openStorage()).addresses.put(address);
}
