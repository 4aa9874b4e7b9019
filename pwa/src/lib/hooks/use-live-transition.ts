import { startTransition, useEffect, useState, type DependencyList } from 'react';
import type { HaatDB } from '../storage/db';
import { subscribeStored } from '../storage/storage';

const same = (a: DependencyList, b: DependencyList) => a.length === b.length && a.every((v, i) => Object.is(v, b[i]));

/**
 * useLiveQuery for big results (lists of product cards): each new answer renders as a transition, so
 * React builds the cards in small slices between frames instead of one long task that blocks input.
 * undefined until the query for the current deps has answered. Dexie loads on first use (storage.ts).
 */
export function useLiveTransition<T>(querier: (db: HaatDB) => Promise<T>, deps: DependencyList): T | undefined {
  const [state, setState] = useState<{ deps: DependencyList; value: T }>();
  useEffect(() => {
    return subscribeStored(querier, (value) => startTransition(() => setState({ deps, value })));
    // The caller's deps decide when the query changes, as with useLiveQuery.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);
  return state && same(state.deps, deps) ? state.value : undefined;
}
