import { useSyncExternalStore } from 'react';
import { liveQuery } from 'dexie';

export interface SharedLiveQuery<T> {
  subscribe: (onChange: () => void) => () => void;
  current: () => T | undefined;
}

/**
 * One IndexedDB live query shared by every component that reads it. A grid of 20 cards asking "is this
 * product in the cart / wishlist?" makes one query of the whole (small) cart or wishlist instead of 40
 * separate ones: each Dexie live query costs a transaction on every change, which on a phone adds up to
 * hundreds of milliseconds while a page loads. It runs while anyone listens.
 */
export function sharedLiveQuery<T>(querier: () => Promise<T>): SharedLiveQuery<T> {
  let value: T | undefined;
  let subscription: { unsubscribe(): void } | undefined;
  const listeners = new Set<() => void>();
  return {
    subscribe(onChange) {
      listeners.add(onChange);
      subscription ??= liveQuery(querier).subscribe({
        next: (next) => {
          value = next;
          for (const listener of listeners) listener();
        },
        error: (error: unknown) => console.error(error),
      });
      return () => {
        listeners.delete(onChange);
        if (listeners.size === 0) {
          subscription?.unsubscribe();
          subscription = undefined;
        }
      };
    },
    current: () => value,
  };
}

export function useSharedLiveQuery<T>(query: SharedLiveQuery<T>): T | undefined {
  return useSyncExternalStore(query.subscribe, query.current, query.current);
}
