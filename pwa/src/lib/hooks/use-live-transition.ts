import { startTransition, useEffect, useState, type DependencyList } from 'react';
import { liveQuery } from 'dexie';

const same = (a: DependencyList, b: DependencyList) => a.length === b.length && a.every((v, i) => Object.is(v, b[i]));

/**
 * useLiveQuery for big results (lists of product cards): each new answer renders as a transition, so
 * React builds the cards in small slices between frames instead of one long task that blocks input.
 * undefined until the query for the current deps has answered.
 */
export function useLiveTransition<T>(querier: () => Promise<T>, deps: DependencyList): T | undefined {
  const [state, setState] = useState<{ deps: DependencyList; value: T }>();
  useEffect(() => {
    const subscription = liveQuery(querier).subscribe({
      next: (value) => startTransition(() => setState({ deps, value })),
      error: (error: unknown) => console.error(error),
    });
    return () => subscription.unsubscribe();
    // The caller's deps decide when the query changes, as with useLiveQuery.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);
  return state && same(state.deps, deps) ? state.value : undefined;
}
