import { useEffect, useState, type DependencyList } from 'react';
import type { HaatDB } from '../storage/db';
import { subscribeStored } from '../storage/storage';

/**
 * Dexie's useLiveQuery for code on the first visit's path: the same live answer (undefined until the first one,
 * the last one kept while `deps` change), with Dexie loaded on first use (lib/storage/storage.ts) instead of being
 * imported with the module.
 */
export function useStoredQuery<T>(querier: (db: HaatDB) => Promise<T>, deps: DependencyList = []): T | undefined {
  const [value, setValue] = useState<T>();
  useEffect(() => {
    return subscribeStored(querier, setValue as (value: T) => void);
    // The caller's deps decide when the query changes, as with useLiveQuery.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);
  return value;
}
