import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { queryClient } from './query-client';

/**
 * TanStack Query's useQuery on the PWA's one client (query-client.ts). `queryFn` receives the query's AbortSignal:
 * hand it to the HTTP client, so a read the screen no longer needs is cancelled.
 */
export function useOnlineQuery<T, K extends QueryKey = QueryKey>(options: UseQueryOptions<T, Error, T, K>) {
  return useQuery(options, queryClient);
}
