import { startTransition, useEffect, useState, type DependencyList } from 'react';
import type { HaatDB } from './db';
import type { ServerRows, Stored } from './server-copy';
import { afterPageSettled } from '../device/after-page-settled';
import { DB_NAME } from './db-name';

/**
 * The one door into the device's store (docs/architecture.md "The PWA's data layer"): the database loads through here
 * on first need (not on a first visit's path), and screens read it live through useDeviceQuery (haat/import-boundaries).
 */
export type { CachedList, HaatDB, RecentItem } from './db';
export type { CartLine, NotifyMeEntry, SavedAddress, SavedOrder, WishlistEntry } from './account-tables';
export { SETTLE_MS } from '../device/after-page-settled';
/** The tick to give storeWhenWanted for a question asked now: take it before asking (lib/storage/write-stamps.ts). */
export { askTick as askedNow } from './write-stamps';

type StorageModule = typeof import('./db');

let loaded: StorageModule | undefined;
let loading: Promise<StorageModule> | undefined;
let release: (() => void) | undefined;
let wanted: Promise<void> | undefined;

/** The database with Dexie, loaded on first need. Calling this is a need: it loads Dexie now. */
export function loadStorage(): Promise<StorageModule> {
  release?.();
  return (loading ??= import('./db').then(
    (m) => (loaded = m),
    (error: unknown) => {
      loading = undefined; // offline before the chunk was cached: a later need tries again
      throw error;
    },
  ));
}

/** The app's database, once Dexie has loaded: now (a shopper's action needs it). */
export const openStorage = (): Promise<HaatDB> => loadStorage().then((m) => m.db);

/** Whether this device may hold anything in IndexedDB (one that never stored anything has nothing to read). */
async function deviceHasDatabase(): Promise<boolean> {
  if (typeof indexedDB === 'undefined' || typeof indexedDB.databases !== 'function') return true;
  try {
    return (await indexedDB.databases()).some((d) => d.name === DB_NAME);
  } catch {
    return true;
  }
}

/**
 * Resolves when storage is wanted by what reads or caches: at once where Dexie is here or the device holds the
 * database; on a first visit, after the page has settled (afterPageSettled) or as soon as anything calls loadStorage().
 * Until then the screens show the network's answers, and an empty cart and wishlist, which is what such a device holds.
 */
export function storageWanted(): Promise<void> {
  return (wanted ??= new Promise<void>((resolve) => {
    release = resolve;
    if (loading) return resolve();
    void deviceHasDatabase().then((has) => (has ? resolve() : afterPageSettled(resolve)));
  }));
}

/** The database when storage is wanted (storageWanted): for reads and for caching what the network answered. */
export const openStorageWhenWanted = (): Promise<HaatDB> => storageWanted().then(openStorage);

/** The one rule against stale reloads (server-copy.ts) with every collection it copies (device-collections.ts). */
export type CopyRule = typeof import('./copy-rule');

/** The one rule and the collections, which load with Dexie (one chunk, pwa/vite.config.ts): calling this is a need, as loadStorage. */
export const loadCopyRule = (): Promise<CopyRule> => Promise.all([import('./copy-rule'), loadStorage()]).then(([rule]) => rule);

/**
 * Keeps a server answer, to a question asked at `asked` (askedNow), through the one rule once storage is wanted
 * (storageWanted): the rule loads then, so a first visit's first screen has none of it. `parts` names each
 * collection's rows in the answer (`rowsFor`).
 */
export async function storeWhenWanted(asked: number, parts: (rule: CopyRule) => readonly ServerRows[]): Promise<Stored> {
  await storageWanted();
  const rule = await loadCopyRule();
  return rule.storeAnswer(asked, parts(rule));
}

type Querier<T> = (db: HaatDB) => Promise<T>;

/** Runs `querier` as a Dexie live query, handing each answer to `next`; once storage is wanted unless `now`. Answers the stop. */
function subscribeStored<T>(querier: Querier<T>, next: (value: T) => void, now = false): () => void {
  let subscription: { unsubscribe(): void } | undefined;
  let closed = false;
  const start = ({ db, liveQuery }: StorageModule) => {
    if (closed) return;
    subscription = liveQuery(() => querier(db)).subscribe({ next, error: (error: unknown) => console.error(error) });
  };
  if (loaded) start(loaded);
  else void (now ? loadStorage() : storageWanted().then(loadStorage)).then(start);
  return () => {
    closed = true;
    subscription?.unsubscribe();
  };
}

/** One live query shared by every component that reads it (see deviceQuery). */
export interface SharedDeviceQuery<T> {
  listen: (next: (value: T) => void) => () => void;
  current: () => T | undefined;
}

/** One live query shared by every reader while any listens: 20 cards asking "in the cart?" make one query, not 20. */
export function deviceQuery<T>(querier: Querier<T>): SharedDeviceQuery<T> {
  let value: T | undefined;
  let unsubscribe: (() => void) | undefined;
  const listeners = new Set<(value: T) => void>();
  return {
    listen(next) {
      listeners.add(next);
      unsubscribe ??= subscribeStored(querier, (answer) => {
        value = answer;
        for (const listener of listeners) listener(answer);
      });
      return () => {
        listeners.delete(next);
        if (listeners.size > 0) return;
        unsubscribe?.();
        unsubscribe = undefined;
      };
    },
    current: () => value,
  };
}

export interface DeviceQueryOptions {
  /** A screen off the first visit's path: load Dexie now rather than once storage is wanted. */
  now?: boolean;
  /** Big results: each answer renders as a transition (React builds the cards in slices); undefined until the deps' answer. */
  transition?: boolean;
}

const sameDeps = (a: DependencyList, b: DependencyList) => a.length === b.length && a.every((v, i) => Object.is(v, b[i]));

/** The one way a screen reads the device live: a querier (re-run when `deps` change) or a shared query (deviceQuery). */
export function useDeviceQuery<T>(query: Querier<T> | SharedDeviceQuery<T>, deps: DependencyList = [], options: DeviceQueryOptions = {}): T | undefined {
  const [state, setState] = useState<{ deps: DependencyList; value: T | undefined }>(() => ({
    deps,
    value: typeof query === 'function' ? undefined : query.current(),
  }));
  useEffect(() => {
    const next = (value: T) => (options.transition ? startTransition(() => setState({ deps, value })) : setState({ deps, value }));
    return typeof query === 'function' ? subscribeStored(query, next, options.now) : query.listen(next);
    // The caller's deps decide when the query changes, as with Dexie's useLiveQuery.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);
  return options.transition && !sameDeps(state.deps, deps) ? undefined : state.value;
}
