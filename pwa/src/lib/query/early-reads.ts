import type { MutationObserver, MutationOptions, QueryFunctionContext, QueryKey, QueryObserver, UseQueryOptions } from '@tanstack/react-query';

/**
 * Online reads made before TanStack Query has loaded (docs/decisions/0245-online-reads-on-tanstack-query.md): `/`'s
 * first screen reads its category rows and tree through useServerQuery without the library, which loads only when a
 * screen needs what it adds (a write, an invalidation, a screen of useOnlineQuery). A read here is made once for every
 * screen showing its key, aborted when no screen shows it any more, asked again on retry and back online; once the
 * library has loaded, the reads still shown are handed to its cache (answered ones as data, asked ones as their
 * request), so nothing is asked twice. No TanStack code here: only its types.
 */

/** What the loaded library gives useServerQuery (lib/query/query-client.ts hands it over when it loads). */
export interface QueryLayer {
  queryClient: import('@tanstack/react-query').QueryClient;
  notifyManager: typeof import('@tanstack/react-query').notifyManager;
  observe: <T, K extends QueryKey>(options: UseQueryOptions<T, Error, T, K>) => QueryObserver<T, Error, T, T, K>;
  /** An observer of one write on the client, for useServerWrite (server-write.ts). */
  observeWrite: <D, V>(options: MutationOptions<D, Error, V>) => MutationObserver<D, Error, V>;
}

export interface EarlyRead {
  readonly id: string;
  readonly key: QueryKey;
  status: 'pending' | 'success' | 'error';
  fetching: boolean;
  data?: unknown;
  error?: unknown;
  /** The request in flight (or the last one). */
  request: Promise<unknown>;
  controller: AbortController;
  screens: number;
  /** Told to the screens showing the read at each change (their snapshot). */
  version: number;
  /** Given to the library's cache (layerLoaded): its request is the cache's now, never aborted from here. */
  handed?: boolean;
  readonly listeners: Set<() => void>;
}

type AnyOptions = UseQueryOptions<unknown, Error, unknown, QueryKey>;

let layer: QueryLayer | undefined;
const waiting = new Set<(loaded: QueryLayer) => void>();
const reads = new Map<string, EarlyRead>();

/** The library's layer once it has loaded, else undefined. */
export const currentLayer = (): QueryLayer | undefined => layer;

/** Calls `go` when the library has loaded (at once if it has); returns what stops waiting. */
export function onLayer(go: (loaded: QueryLayer) => void): () => void {
  if (layer) {
    go(layer);
    return () => {};
  }
  waiting.add(go);
  return () => waiting.delete(go);
}

/** The key's identity: TanStack Query's keys here are arrays of strings and numbers, so their JSON is theirs. */
export const keyId = (key: QueryKey): string => JSON.stringify(key);

function tell(read: EarlyRead): void {
  read.version++;
  read.listeners.forEach((changed) => changed());
}

function ask(read: EarlyRead, options: AnyOptions): void {
  const controller = new AbortController();
  read.controller = controller;
  read.fetching = true;
  const queryFn = options.queryFn as (context: QueryFunctionContext) => Promise<unknown>;
  // Asked at once (an executor runs synchronously), a throw becoming a failure of the read.
  read.request = new Promise((resolve) => resolve(queryFn({ queryKey: read.key, signal: controller.signal, meta: options.meta } as QueryFunctionContext)));
  read.request.then(
    (data) => {
      if (read.controller !== controller) return;
      Object.assign(read, { status: 'success', data, error: undefined, fetching: false });
      tell(read);
    },
    (error: unknown) => {
      if (read.controller !== controller) return;
      Object.assign(read, { status: 'error', error, fetching: false });
      tell(read);
    },
  );
}

/** The read of `options`' key, shared with the screens showing it; asked now unless one is under way or answered. */
export function joinEarlyRead(options: AnyOptions): EarlyRead {
  const id = keyId(options.queryKey);
  let read = reads.get(id);
  if (!read) {
    read = {
      id,
      key: options.queryKey,
      status: 'pending',
      fetching: false,
      version: 0,
      request: Promise.resolve(),
      controller: new AbortController(),
      screens: 0,
      listeners: new Set(),
    };
    reads.set(id, read);
    ask(read, options);
  } else if (read.status === 'error' && !read.fetching) ask(read, options);
  read.screens++;
  return read;
}

/** A screen no longer shows the read: with none left, its request is aborted and the next screen asks afresh. */
export function leaveEarlyRead(read: EarlyRead): void {
  if (--read.screens > 0 || read.handed) return;
  reads.delete(read.id);
  read.controller.abort();
}

/** Asks the read again (Try again, back online), keeping what it answered meanwhile; one under way is enough. */
export function askAgain(read: EarlyRead, options: AnyOptions): void {
  if (read.fetching || read.handed) return;
  ask(read, options);
  tell(read);
}

/**
 * The library has loaded (lib/query/query-client.ts, as its module runs): the reads still shown go into its cache, an
 * answered one as its data, one under way as its request, and every screen waiting is told.
 */
export function layerLoaded(loaded: QueryLayer): void {
  layer = loaded;
  for (const read of reads.values()) {
    read.handed = true;
    if (read.fetching) void loaded.queryClient.prefetchQuery({ queryKey: read.key, queryFn: () => read.request });
    else if (read.status === 'success') loaded.queryClient.setQueryData(read.key, read.data);
  }
  reads.clear();
  const told = [...waiting];
  waiting.clear();
  told.forEach((go) => go(loaded));
}
