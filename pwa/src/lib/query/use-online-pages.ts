import { useInfiniteQuery, type InfiniteData, type QueryKey, type UseInfiniteQueryOptions } from '@tanstack/react-query';
import { queryClient } from './query-client';

/** TanStack Query's useInfiniteQuery on the PWA's one client: a list read a page more at a time ("Load more"). */
export function useOnlinePages<T, P, K extends QueryKey = QueryKey>(options: UseInfiniteQueryOptions<T, Error, InfiniteData<T, P>, K, P>) {
  return useInfiniteQuery(options, queryClient);
}
