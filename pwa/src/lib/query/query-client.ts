import {
  MutationObserver,
  notifyManager,
  QueryClient,
  QueryObserver,
  onlineManager,
  useInfiniteQuery,
  useQuery,
  type InfiniteData,
  type QueryKey,
  type UseInfiniteQueryOptions,
  type UseQueryOptions,
} from '@tanstack/react-query';
import { layerLoaded } from './early-reads';

/**
 * The one cache of the PWA's online-only reads (docs/architecture.md#server-reads-pwasrclibquery,
 * docs/decisions/0245-online-reads-on-tanstack-query.md). No provider: the library loads with the first screen that
 * reads online, never on `/`. No retries (the HTTP client's are enough); read afresh on open and on `invalidate`, not on
 * focus (an admin switching tabs mid-form); the request always goes out, its failure drawn by QueryState.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, staleTime: 0, refetchOnWindowFocus: false, refetchOnReconnect: true, networkMode: 'always' },
    mutations: { retry: false, networkMode: 'always' },
  },
});

export { notifyManager };

/** An observer of one read on this client, for `useServerQuery` (server-query.ts). */
export function observe<T, K extends QueryKey>(options: UseQueryOptions<T, Error, T, K>): QueryObserver<T, Error, T, T, K> {
  return new QueryObserver(queryClient, queryClient.defaultQueryOptions(options));
}

// Mounted as a provider would: a read whose screen is open is asked again when the device comes back online. The
// library starts out believing it is online and acts only on a change, so a page opened offline would never see the
// device come back: it starts from what the browser says.
onlineManager.setOnline(typeof navigator === 'undefined' || navigator.onLine);
queryClient.mount();

// The reads made before the library loaded (a first visit's `/`) are this cache's from now on (early-reads.ts).
layerLoaded({ queryClient, notifyManager, observe, observeWrite: (options) => new MutationObserver(queryClient, options) });

/** Reads again every query whose key starts with `key` (after a write, or when a socket event says it changed). */
export function invalidate(...key: unknown[]): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: key });
}

/** TanStack Query's useQuery on this client, with a module's `queryOptions`; hand `queryFn`'s AbortSignal to the HTTP client. */
export function useOnlineQuery<T, D = T, K extends QueryKey = QueryKey>(options: UseQueryOptions<T, Error, D, K>) {
  return useQuery(options, queryClient);
}

/** TanStack Query's useInfiniteQuery on this client: a list read a page more at a time ("Load more"). */
export function useOnlinePages<T, P, D = InfiniteData<T, P>, K extends QueryKey = QueryKey>(options: UseInfiniteQueryOptions<T, Error, D, K, P>) {
  return useInfiniteQuery(options, queryClient);
}
