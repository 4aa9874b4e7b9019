import type { Product } from '@haat/shared/catalog/catalog.types';
import { useDeviceQuery } from '../../../lib/storage/device-store';
import { rankOffline } from '../offline-search';

/** Offline answers: the products this device has seen, ranked for `term`; undefined while reading. */
export function useOfflineSearch(term: string, enabled: boolean): Product[] | undefined {
  // Dexie is not in the page's code (lib/storage/device-store.ts): it loads after the first render.
  return useDeviceQuery(async (db) => (enabled ? rankOffline(await db.products.toArray(), term) : []), [term, enabled]);
}
