import type { Product } from '@haat/shared/catalog/catalog.types';
import { useStoredQuery } from '../../../lib/hooks/use-stored-query';
import { rankOffline } from '../offline-search';

/** Offline answers: the products this device has seen, ranked for `term`; undefined while reading. */
export function useOfflineSearch(term: string, enabled: boolean): Product[] | undefined {
  // Dexie is not in the page's code (lib/storage/storage.ts): it loads after the first render.
  return useStoredQuery(async (db) => (enabled ? rankOffline(await db.products.toArray(), term) : []), [term, enabled]);
}
