import { useCallback, useEffect, useReducer, useRef, useState, useSyncExternalStore } from 'react';
import type { QueryKey, QueryObserverResult, UseQueryOptions } from '@tanstack/react-query';

type Layer = typeof import('./query-client');
let layer: Layer | undefined;
let loading: Promise<Layer> | undefined;

/** The one client's module, loaded at first need: TanStack Query is a chunk of its own, never in `/`'s first JS. */
export function loadQueryLayer(): Promise<Layer> {
  // Offline and never loaded here: the next read tries again.
  loading ??= import('./query-client').then((loaded) => (layer = loaded)).finally(() => layer || (loading = undefined));
  return loading;
}

/** What a read is before the library has loaded: pending, or failed when its code could not be loaded. */
const WAITING = { isPending: true } as QueryObserverResult<never>;
const before = (error: unknown) => ({ error, isError: true }) as QueryObserverResult<never>;

/**
 * TanStack Query's `useQuery` on the one client (lib/query/query-client.ts), for screens on the first visit's path: the
 * library loads with the first read rather than with `/` (docs/decisions/0245-online-reads-on-tanstack-query.md). Use it
 * with a module's `queryOptions`; `refetch` reads again. Elsewhere `useOnlineQuery` is the same with the library at hand.
 */
export function useServerQuery<T, K extends QueryKey = QueryKey>(options: UseQueryOptions<T, Error, T, K>) {
  const [observer, setObserver] = useState(() => layer?.observe(options));
  const [failure, setFailure] = useState<unknown>(null);
  // A read asked again (retry) is drawn as asked at once: the library tells its subscribers a tick later, and an answer
  // that comes within that tick would otherwise never show the screen asking again.
  const [, redraw] = useReducer((n: number) => n + 1, 0);
  const latest = useRef(options);
  latest.current = options;
  // The library's code could not be loaded (offline on a first visit): it is tried again when the device is back online.
  useEffect(() => {
    if (!failure) return;
    const again = () => setFailure(null);
    window.addEventListener('online', again);
    return () => window.removeEventListener('online', again);
  }, [failure]);
  useEffect(() => {
    if (!observer && !failure) loadQueryLayer().then((loaded) => setObserver(loaded.observe(latest.current)), setFailure);
  }, [observer, failure]);
  const defaulted = observer && layer!.queryClient.defaultQueryOptions(options);
  const subscribe = useCallback((changed: () => void) => observer?.subscribe(layer!.notifyManager.batchCalls(changed)) ?? (() => {}), [observer]);
  useSyncExternalStore(subscribe, () => observer?.getCurrentResult() ?? WAITING);
  useEffect(() => {
    if (observer && defaulted) observer.setOptions(defaulted);
  });
  const result = observer && defaulted ? observer.getOptimisticResult(defaulted) : failure ? before(failure) : WAITING;
  const retry = () => {
    if (!observer) return setFailure(null);
    void observer.refetch();
    redraw();
  };
  return { ...result, retry };
}
