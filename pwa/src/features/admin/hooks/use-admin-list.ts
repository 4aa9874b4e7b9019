import { useCallback, useEffect, useState } from 'react';
import { clampPage } from '../pager';

/** One page of an admin list; lists the server does not page are one page. */
export interface AdminPage<T> {
  items: T[];
  totalPages: number;
}

interface Options<T> {
  /** A search: a new one starts again at page 1. */
  query?: string;
  /** After every read: bring the storefront's copies in step (storefront-copies.ts). */
  onLoaded?: (items: T[]) => void | Promise<void>;
}

/**
 * A list read straight from the API on open and after every write (`reload`; docs/product.md#states, "Admin dialogs"),
 * a page at a time. A read that fails keeps what was shown (the server's message is a toast); a delete that emptied
 * the last page shows the new last page instead.
 */
export function usePagedList<T>(load: (page: number, signal: AbortSignal) => Promise<AdminPage<T>>, { query = '', onLoaded }: Options<T> = {}) {
  const [state, setState] = useState<AdminPage<T> & { loading: boolean; loaded: boolean }>({ items: [], totalPages: 1, loading: true, loaded: false });
  const [paging, setPaging] = useState({ query, page: 1 });
  const [version, setVersion] = useState(0);
  const page = paging.query === query ? paging.page : 1;
  useEffect(() => {
    const abort = new AbortController();
    setState((s) => ({ ...s, loading: true }));
    load(page, abort.signal).then(
      (answer) => {
        if (abort.signal.aborted) return;
        const last = clampPage(page, answer.totalPages);
        if (last !== page) return setPaging({ query, page: last });
        setState({ ...answer, loading: false, loaded: true });
        void onLoaded?.(answer.items);
      },
      () => !abort.signal.aborted && setState((s) => ({ ...s, loading: false, loaded: true })),
    );
    return () => abort.abort();
    // `load` and `onLoaded` are module functions; a page, a search or an explicit reload reads again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [page, query, version]);
  const reload = useCallback(() => setVersion((v) => v + 1), []);
  const setPage = useCallback((next: number) => setPaging({ query, page: next }), [query]);
  return { ...state, page, setPage, reload };
}

/** A whole list (categories, sub categories), read once on open and after every `reload`. */
export function useAdminList<T>(load: () => Promise<T[]>, onLoaded?: (items: T[]) => void | Promise<void>) {
  return usePagedList(async () => ({ items: await load(), totalPages: 1 }), { onLoaded });
}

export type PagedList<T> = ReturnType<typeof usePagedList<T>>;
