import { useCallback, useEffect, useReducer, useRef, useState, useSyncExternalStore } from 'react';
import type { Query, QueryKey, QueryObserverResult, UseQueryOptions } from '@tanstack/react-query';
import { askAgain, currentLayer, joinEarlyRead, keyId, leaveEarlyRead, onLayer, type EarlyRead, type QueryLayer } from './early-reads';

let loading: Promise<QueryLayer> | undefined;

/** The one client's module, loaded at first need: TanStack Query is a chunk of its own, never in `/`'s first JS. */
export function loadQueryLayer(): Promise<QueryLayer> {
  // Offline and never loaded here: the next need tries again.
  loading ??= import('./query-client').then(() => currentLayer()!).finally(() => currentLayer() || (loading = undefined));
  return loading;
}

/** What a read is before its answer: pending (and asking, unless it is not enabled). */
const WAITING = { isPending: true, status: 'pending', fetchStatus: 'idle' } as QueryObserverResult<never>;
const ASKING = { ...WAITING, isFetching: true, fetchStatus: 'fetching' } as QueryObserverResult<never>;

/** A read made before the library loaded, as the library would describe it. */
function earlyResult(read: EarlyRead): QueryObserverResult<never> {
  const fetching = { isFetching: read.fetching, fetchStatus: read.fetching ? 'fetching' : 'idle' };
  if (read.status === 'success')
    return { ...fetching, status: 'success', isSuccess: true, isPending: false, isError: false, data: read.data, error: null } as QueryObserverResult<never>;
  if (read.status === 'error' && !read.fetching)
    return { ...fetching, status: 'error', isError: true, isPending: false, error: read.error } as QueryObserverResult<never>;
  return ASKING;
}

/** A read the library takes over from an early one asks again only if it was invalidated meanwhile or has no answer. */
const handedOver = <T, K extends QueryKey>(options: UseQueryOptions<T, Error, T, K>): UseQueryOptions<T, Error, T, K> => ({
  ...options,
  refetchOnMount: (query: Query<T, Error, T, K>) => query.state.isInvalidated || query.state.data === undefined,
});

/**
 * The read of `options`' key as made before the library has loaded (lib/query/early-reads.ts), shared with the other
 * screens showing it; null once the library observes it or while it is not enabled.
 */
function useEarlyRead<T, K extends QueryKey>(options: UseQueryOptions<T, Error, T, K> | null) {
  const [read, setRead] = useState<EarlyRead | null>(null);
  const latest = useRef(options);
  latest.current = options;
  const id = options && keyId(options.queryKey);
  useEffect(() => {
    if (!latest.current) return;
    const joined = joinEarlyRead(latest.current as never);
    setRead(joined);
    // Back online, the screen's read is asked again (the library would: refetchOnReconnect).
    const again = () => askAgain(joined, latest.current as never);
    window.addEventListener('online', again);
    return () => {
      window.removeEventListener('online', again);
      leaveEarlyRead(joined);
    };
  }, [id]);
  const subscribe = useCallback(
    (changed: () => void) => {
      read?.listeners.add(changed);
      return () => read?.listeners.delete(changed);
    },
    [read],
  );
  const shown = read && read.id === id ? read : null;
  useSyncExternalStore(subscribe, () => shown?.version ?? -1);
  return shown;
}

/**
 * TanStack Query's `useQuery` on the one client (lib/query/query-client.ts), for screens on the first visit's path: the
 * read is made at once, before the library has loaded, and the library takes it over when it loads for another reason
 * (docs/decisions/0245-online-reads-on-tanstack-query.md). Use it with a module's `queryOptions`; `retry` reads again.
 * Elsewhere `useOnlineQuery` is the same with the library at hand.
 */
export function useServerQuery<T, K extends QueryKey = QueryKey>(options: UseQueryOptions<T, Error, T, K>) {
  // `handed`: the observer took over an early read, whose answer it does not ask again on mount.
  const [observed, setObserved] = useState(() => {
    const layer = currentLayer();
    return layer ? { observer: layer.observe(options), handed: false } : null;
  });
  // A read asked again (retry) is drawn as asked at once: the library tells its subscribers a tick later, and an answer
  // that comes within that tick would otherwise never show the screen asking again.
  const [, redraw] = useReducer((n: number) => n + 1, 0);
  const latest = useRef(options);
  latest.current = options;
  const early = useEarlyRead(!observed && options.enabled !== false ? options : null);
  useEffect(() => {
    if (!observed) return onLayer((loaded) => setObserved({ observer: loaded.observe(handedOver(latest.current)), handed: true }));
  }, [observed]);
  const observer = observed?.observer;
  const layer = currentLayer();
  const defaulted = observed && layer!.queryClient.defaultQueryOptions(observed.handed ? handedOver(options) : options);
  const subscribe = useCallback((changed: () => void) => observer?.subscribe(layer!.notifyManager.batchCalls(changed)) ?? (() => {}), [observer, layer]);
  useSyncExternalStore(subscribe, () => observer?.getCurrentResult() ?? WAITING);
  useEffect(() => {
    if (observer && defaulted) observer.setOptions(defaulted);
  });
  const result = observer && defaulted ? observer.getOptimisticResult(defaulted) : early ? earlyResult(early) : WAITING;
  const retry = () => {
    if (!observer) return early && askAgain(early, options as never);
    void observer.refetch();
    redraw();
  };
  return { ...result, retry };
}
