import { keepPreviousData, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { useState } from 'react';
import { invalidate, useOnlineQuery } from '../../../lib/query/query-client';

/** One page of an admin list; lists the server does not page are one page. */
export interface AdminPage<T> {
  items: T[];
  totalPages: number;
}

/** A list as the admin pages draw it: the shown page, whether a read is on its way, and the ways to page and re-read. */
export interface PagedList<T> extends AdminPage<T> {
  page: number;
  loading: boolean;
  loaded: boolean;
  setPage: (page: number) => void;
  reload: () => void;
}

/** How a page of a list is read: a module's `queryOptions` (`select` turns a whole list into its one page). */
export type PageQuery<T, D, K extends QueryKey = QueryKey> = (page: number) => UseQueryOptions<D, Error, AdminPage<T>, K>;

/**
 * A list read on open and after every write (docs/product.md#states, "Admin dialogs"), a page at a time, kept while the
 * next is read; `query` is its search, a new one starting again at page 1. `reload` reads every page of it again.
 */
export function usePagedList<T, D, K extends QueryKey>(pageQuery: PageQuery<T, D, K>, query = ''): PagedList<T> {
  const [paging, setPaging] = useState({ query, page: 1 });
  const asked = paging.query === query ? paging.page : 1;
  const options = pageQuery(asked);
  const read = useOnlineQuery({ ...options, placeholderData: keepPreviousData });
  const data = read.data;
  const shown = data && !read.isPlaceholderData;
  // A delete emptied the last page: step back to the new last one.
  const last = shown ? clampPage(asked, data.totalPages) : asked;
  if (last !== asked) setPaging({ query, page: last });
  return {
    items: data?.items ?? [],
    totalPages: data?.totalPages ?? 1,
    page: asked,
    loading: read.isFetching,
    loaded: read.isFetched,
    setPage: (next: number) => setPaging({ query, page: next }),
    // A key's first two words name its list (lib/query/query-keys.ts).
    reload: () => void invalidate(...options.queryKey.slice(0, 2)),
  };
}

/** A whole list (categories, coupons, stores…) read by its module's `queryOptions`, as a list of one page. */
export const onePage =
  <T, K extends QueryKey>(list: UseQueryOptions<T[], Error, T[], K>): PageQuery<T, T[], K> =>
  () => ({ ...list, select: (items: T[]) => ({ items, totalPages: 1 }) });

/** A whole list, read on open and after every `reload`. */
export function useAdminList<T, K extends QueryKey>(list: UseQueryOptions<T[], Error, T[], K>): PagedList<T> {
  return usePagedList(onePage(list));
}

/** What the admin products pager shows (docs/product.md#screens, Admin Products): nothing on a single page. */
export function pagerView(page: number, totalPages: number) {
  if (totalPages <= 1) return null;
  return { page, totalPages, hasPrevious: page > 1, hasNext: page < totalPages };
}

/** After a delete empties the last page, step back to the new last one. */
export function clampPage(page: number, totalPages: number): number {
  return Math.min(Math.max(1, page), Math.max(1, totalPages));
}
