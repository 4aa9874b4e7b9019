import type { HaatDB } from './db';
import { afterPageSettled } from '../device/after-page-settled';
import { DB_NAME } from './db-name';

export { SETTLE_MS } from '../device/after-page-settled';

type StorageModule = typeof import('./db');

let loaded: StorageModule | undefined;
let loading: Promise<StorageModule> | undefined;
let release: (() => void) | undefined;
let wanted: Promise<void> | undefined;

/**
 * The database with Dexie, loaded on first need (docs/decisions/0133-texts-and-storage-load-with-their-feature.md).
 * Code that the first visit to `/` runs (the shell, the session's sync, the home rows, a card's buttons) reaches
 * IndexedDB only through this module, so Dexie is not in the JS `/` loads before its first render. Screens that
 * are not on that path import `db` from db.ts directly. Calling this is a need: it loads Dexie now.
 */
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

/**
 * Whether this device may hold something in IndexedDB: the database exists (or the browser cannot say). On a
 * device that has never stored anything, there is nothing to read: no cart, no wishlist, no queued write.
 */
async function deviceHasDatabase(): Promise<boolean> {
  if (typeof indexedDB === 'undefined' || typeof indexedDB.databases !== 'function') return true;
  try {
    return (await indexedDB.databases()).some((d) => d.name === DB_NAME);
  } catch {
    return true;
  }
}

/**
 * Resolves when storage is wanted by what reads or caches, not by a shopper's action
 * (docs/decisions/0170-storage-waits-on-a-device-with-nothing-stored.md): at once where Dexie is already here or the
 * device holds the database; on a device that has never stored anything (a first visit), after the page has settled
 * (afterPageSettled: the shopper's first tap or key, the page hidden, or SETTLE_MS after load and idle), or as soon
 * as anything calls loadStorage(). Until then the screens show the network's
 * answers, and an empty cart and wishlist, which is what such a device holds.
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

/**
 * Runs `querier` as a Dexie live query (on every change of what it read) and hands each answer to `next`; at once
 * when Dexie is already here, else once storage is wanted and Dexie has loaded. Returns the unsubscribe.
 */
export function subscribeStored<T>(querier: (db: HaatDB) => Promise<T>, next: (value: T) => void): () => void {
  let subscription: { unsubscribe(): void } | undefined;
  let closed = false;
  const start = ({ db, liveQuery }: StorageModule) => {
    if (closed) return;
    subscription = liveQuery(() => querier(db)).subscribe({ next, error: (error: unknown) => console.error(error) });
  };
  if (loaded) start(loaded);
  else void storageWanted().then(loadStorage).then(start);
  return () => {
    closed = true;
    subscription?.unsubscribe();
  };
}
