import {
  QueryClient,
  useInfiniteQuery,
  useQuery,
  type InfiniteData,
  type QueryKey,
  type UseInfiniteQueryOptions,
  type UseQueryOptions,
} from '@tanstack/react-query';

/**
 * The one cache of the PWA's online-only reads: the admin's lists and overview, reviews, the public config, the order
 * pages after a card payment (docs/architecture.md#online-only-reads-pwasrclibquery, docs/decisions/0245-online-reads-on-tanstack-query.md).
 * Device data (cart, wishlist, orders, addresses…) lives in IndexedDB instead. No provider: the hooks hand this client
 * to TanStack Query themselves, so the library loads with the first screen that reads online, never on `/`.
 *
 * - `retry: false`: the one HTTP client already retries what is worth retrying (ky: idempotent reads on a network
 *   error or a 5xx), and a second layer would hold an error on screen for seconds longer.
 * - `staleTime: 0`, no refetch on focus: a screen reads afresh when it opens and when a write or a socket event says
 *   the data changed (`invalidate`), not whenever the window regains focus (an admin switching tabs mid-form).
 * - `networkMode: 'always'`: the request goes out and fails as the HTTP client decides; the offline state is drawn
 *   from that failure (QueryState), as every other screen does.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, staleTime: 0, refetchOnWindowFocus: false, networkMode: 'always' },
    mutations: { retry: false, networkMode: 'always' },
  },
});

/** Reads again every query whose key starts with `key` (after a write, or when a socket event says it changed). */
export function invalidate(...key: unknown[]): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: key });
}

/** TanStack Query's useQuery on this client; hand `queryFn`'s AbortSignal to the HTTP client. */
export function useOnlineQuery<T, K extends QueryKey = QueryKey>(options: UseQueryOptions<T, Error, T, K>) {
  return useQuery(options, queryClient);
}

/** TanStack Query's useInfiniteQuery on this client: a list read a page more at a time ("Load more"). */
export function useOnlinePages<T, P, K extends QueryKey = QueryKey>(options: UseInfiniteQueryOptions<T, Error, InfiniteData<T, P>, K, P>) {
  return useInfiniteQuery(options, queryClient);
}
