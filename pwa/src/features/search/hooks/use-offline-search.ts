import { useLiveQuery } from 'dexie-react-hooks';
import type { Product } from '@haat/shared/catalog/catalog.types';
import { db } from '../../../lib/storage/db';
import { rankOffline } from '../offline-search';

/** Offline answers: the products this device has seen, ranked for `term`; undefined while reading. */
export function useOfflineSearch(term: string, enabled: boolean): Product[] | undefined {
  return useLiveQuery(async () => (enabled ? rankOffline(await db.products.toArray(), term) : []), [term, enabled]);
}
