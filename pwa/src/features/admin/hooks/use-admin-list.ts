import { keepPreviousData } from '@tanstack/react-query';
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

interface Options<T> {
  /** A search: a new one starts again at page 1. */
  query?: string;
  /** After every read: bring the storefront's copies in step (storefront-copies.ts). */
  onLoaded?: (items: T[]) => void | Promise<void>;
}

/** A list read on open and after every write (docs/product.md#states, "Admin dialogs"), a page at a time, kept while the next is read. */
export function usePagedList<T>(
  key: string,
  load: (page: number, signal: AbortSignal) => Promise<AdminPage<T>>,
  { query = '', onLoaded }: Options<T> = {},
): PagedList<T> {
  const [paging, setPaging] = useState({ query, page: 1 });
  const asked = paging.query === query ? paging.page : 1;
  const read = useOnlineQuery<AdminPage<T> & { page: number }>({
    queryKey: ['admin', key, query, asked],
    queryFn: async ({ signal }) => {
      let answer = await load(asked, signal);
      const last = clampPage(asked, answer.totalPages);
      if (last !== asked) answer = await load(last, signal);
      void onLoaded?.(answer.items);
      return { ...answer, page: last };
    },
    placeholderData: keepPreviousData,
  });
  const data = read.data;
  return {
    items: data?.items ?? [],
    totalPages: data?.totalPages ?? 1,
    page: data && !read.isPlaceholderData ? data.page : asked,
    loading: read.isFetching,
    loaded: read.isFetched,
    setPage: (next: number) => setPaging({ query, page: next }),
    reload: () => void invalidate('admin', key),
  };
}

/** A whole list (categories, sub categories), read on open and after every `reload`. */
export function useAdminList<T>(key: string, load: () => Promise<T[]>, onLoaded?: (items: T[]) => void | Promise<void>): PagedList<T> {
  return usePagedList(key, async () => ({ items: await load(), totalPages: 1 }), { onLoaded });
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
