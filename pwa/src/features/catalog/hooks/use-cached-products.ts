import { useCallback, useMemo, useRef, useState } from 'react';
import { type Product } from '@haat/shared/catalog/catalog.types';
import { classifyLoadFailure, type LoadFailure } from '../../../lib/http/load-failure';
import { askedNow, loadStorage, storeWhenWanted, useDeviceQuery } from '../../../lib/storage/device-store';
import { useServerRefresh } from '../../../lib/storage/use-server-refresh';
import { type ProductPage } from '../api';

export interface CachedProducts {
  /** undefined while IndexedDB is read, null when nothing is cached for this key yet. */
  products: Product[] | null | undefined;
  total: number;
  hasMore: boolean;
  /** The network answered badly and nothing cached could stand in. */
  error: boolean;
  /** Why the last request for this key failed (null when it did not): only `network` may be "offline". */
  failure: LoadFailure | null;
  /** The network failed but a cached copy is shown. */
  stale: boolean;
  loadingMore: boolean;
  loadMore: () => void;
}

/** Offline-first product list: IndexedDB's copy for `key` at once, page 1 refreshed, later pages on loadMore. */
export function useCachedProducts(key: string | null, fetchPage: (page: number) => Promise<ProductPage>): CachedProducts {
  const fetchRef = useRef(fetchPage);
  fetchRef.current = fetchPage;
  // A later page's failure (Load more); page 1's comes from its refresh.
  const [failed, setFailed] = useState<{ key: string; kind: LoadFailure } | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  // `saving` lets a Load More wait for page 1's write before appending.
  const saving = useRef<Promise<void>>(Promise.resolve());

  const cached = useDeviceQuery(
    async (db) => {
      if (!key) return null;
      const list = await db.lists.get(key);
      if (!list) return null;
      const products = (await db.products.bulkGet(list.ids)).filter((p): p is Product => !!p);
      return { ...list, products };
    },
    [key],
    { transition: true },
  );

  // Page 1 from the network, shown until IndexedDB has it (a first visit need not wait for the write and the re-read).
  const first = useServerRefresh(key, async () => {
    const asked = askedNow();
    const page = await fetchRef.current(1);
    if (key) saving.current = saveProductPage(key, page, asked);
    return page;
  });
  const answered = first.answer ?? null;
  const current = useMemo(
    () => cached ?? (answered && { products: answered.items, total: answered.total, page: answered.page, totalPage: answered.totalPage }),
    [cached, answered],
  );
  const hasMore = !!current && current.page < current.totalPage;
  const loadMore = useCallback(() => {
    if (!key || !current || loadingMore || current.page >= current.totalPage) return;
    setLoadingMore(true);
    // The shopper asks for more: storage is needed now (page 1's write may still be waiting for it, device-store.ts).
    void loadStorage();
    const asked = askedNow();
    fetchRef
      .current(current.page + 1)
      .then(async (page) => {
        await saving.current;
        await saveProductPage(key, page, asked);
      })
      .catch((error: unknown) => setFailed({ key, kind: classifyLoadFailure(error) }))
      .finally(() => setLoadingMore(false));
  }, [key, current, loadingMore]);

  const failure = failed !== null && failed.key === key ? failed.kind : first.failure;
  const didFail = failure !== null;
  return {
    products: current ? current.products : cached === undefined ? undefined : null,
    total: current?.total ?? 0,
    hasMore,
    error: didFail && !current,
    stale: didFail && !!current,
    failure,
    loadingMore,
    loadMore,
  };
}

/** Writes one page, asked at `asked`, through the one rule: the products and the list's ids in order. */
export async function saveProductPage(key: string, result: ProductPage, asked: number): Promise<void> {
  const list = { key, ids: result.items.map((p) => p._id), total: result.total, page: result.page, totalPage: result.totalPage, savedAt: Date.now() };
  await storeWhenWanted(asked, ({ rowsFor, cachedProducts, cachedLists }) => [rowsFor(cachedProducts, result.items), rowsFor(cachedLists, [list])]);
}
