import type { HaatDB } from './db';

type StorageModule = typeof import('./db');

let loaded: StorageModule | undefined;
let loading: Promise<StorageModule> | undefined;

/**
 * The database with Dexie, loaded on first need (docs/decisions/0133-texts-and-storage-load-with-their-feature.md).
 * Code that the first visit to `/` runs (the shell, the session's sync, the home rows, a card's buttons) reaches
 * IndexedDB only through this module, so Dexie is not in the JS `/` loads before its first render. Screens that
 * are not on that path import `db` from db.ts directly.
 */
export function loadStorage(): Promise<StorageModule> {
  return (loading ??= import('./db').then((m) => (loaded = m)));
}

/** The app's database, once Dexie has loaded. */
export const openStorage = (): Promise<HaatDB> => loadStorage().then((m) => m.db);

/**
 * Runs `querier` as a Dexie live query (on every change of what it read) and hands each answer to `next`; at once
 * when Dexie is already here, else once it has loaded. Returns the unsubscribe.
 */
export function subscribeStored<T>(querier: (db: HaatDB) => Promise<T>, next: (value: T) => void): () => void {
  let subscription: { unsubscribe(): void } | undefined;
  let closed = false;
  const start = ({ db, liveQuery }: StorageModule) => {
    if (closed) return;
    subscription = liveQuery(() => querier(db)).subscribe({ next, error: (error: unknown) => console.error(error) });
  };
  if (loaded) start(loaded);
  else void loadStorage().then(start);
  return () => {
    closed = true;
    subscription?.unsubscribe();
  };
}
