import { useSyncExternalStore } from 'react';
import type { HaatDB } from './db';
import { subscribeStored } from './storage';

export interface SharedLiveQuery<T> {
  subscribe: (onChange: () => void) => () => void;
  current: () => T | undefined;
}

/**
 * One IndexedDB live query shared by every component that reads it. A grid of 20 cards asking "is this
 * product in the cart / wishlist?" makes one query of the whole (small) cart or wishlist instead of 40
 * separate ones: each Dexie live query costs a transaction on every change, which on a phone adds up to
 * hundreds of milliseconds while a page loads. It runs while anyone listens; Dexie loads on first use (storage.ts).
 */
export function sharedLiveQuery<T>(querier: (db: HaatDB) => Promise<T>): SharedLiveQuery<T> {
  let value: T | undefined;
  let unsubscribe: (() => void) | undefined;
  const listeners = new Set<() => void>();
  return {
    subscribe(onChange) {
      listeners.add(onChange);
      unsubscribe ??= subscribeStored(querier, (next) => {
        value = next;
        for (const listener of listeners) listener();
      });
      return () => {
        listeners.delete(onChange);
        if (listeners.size === 0) {
          unsubscribe?.();
          unsubscribe = undefined;
        }
      };
    },
    current: () => value,
  };
}

export function useSharedLiveQuery<T>(query: SharedLiveQuery<T>): T | undefined {
  return useSyncExternalStore(query.subscribe, query.current, query.current);
}
