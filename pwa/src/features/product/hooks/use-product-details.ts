import { startTransition, useCallback, useEffect, useState } from 'react';
import type { Product } from '@haat/shared/catalog/catalog.types';
import { openStorageWhenWanted, useDeviceQuery } from '../../../lib/storage/device-store';
import { cachedProducts } from '../../../lib/storage/device-collections';
import { askedNow, rowsFor, storeAnswer } from '../../../lib/storage/server-copy';
import { classifyLoadFailure } from '../../../lib/http/load-failure';
import { useOnline } from '../../../lib/hooks/use-online';
import { fetchProductDetails } from '../api';

/**
 * loaded; or, with nothing saved to show: `not-found` (404: missing or deleted), `offline` (no
 * connection, never saved here), `unreachable` (network errors or 5xx after the retries), `failed`
 * (any other refusal).
 */
export type DetailStatus = 'loading' | 'loaded' | 'not-found' | 'offline' | 'unreachable' | 'failed';

const statusOf = (error: unknown): DetailStatus => {
  const kind = classifyLoadFailure(error);
  if (kind === 'not-found') return 'not-found';
  if (kind === 'network') return navigator.onLine ? 'unreachable' : 'offline';
  return kind === 'server' ? 'unreachable' : 'failed';
};

/**
 * docs/product.md#states product detail load: the copy saved in IndexedDB shows at once; the network refreshes it,
 * retrying 2 more times 1 s apart — for network errors and 5xx only, and not while
 * the device is offline. A 404 wins over a saved copy: the product is gone, and the copy is dropped.
 * Coming back online tries again by itself.
 */
export function useProductDetails(productId: string | null): { product: Product | undefined; status: DetailStatus; retryNow: () => void } {
  const online = useOnline();
  const [attempt, setAttempt] = useState(0);
  const [failure, setFailure] = useState<{ id: string; status: DetailStatus } | null>(null);
  // The network's answer shows at once; IndexedDB keeps it for next time (a first visit need not wait
  // for the write and the re-read). It renders as a transition: React builds the whole page in slices
  // between frames instead of one long task (docs/decisions/0054-storefront-frame-and-first-paint.md).
  const [fresh, setFresh] = useState<Product | null>(null);
  // Dexie is not in the page's code: it loads after the first render, on a first visit once storage is wanted
  // (lib/storage/device-store.ts).
  const stored = useDeviceQuery((db) => (productId ? db.products.get(productId) : Promise.resolve(undefined)), [productId]);
  const saved = stored?._id === productId ? stored : undefined;
  const failed = failure?.id === productId ? failure.status : null;
  const product = failed === 'not-found' ? undefined : fresh && fresh._id === productId ? fresh : saved;

  useEffect(() => {
    if (!productId) return;
    const abort = new AbortController();
    setFailure(null);
    const asked = askedNow();
    fetchProductDetails(productId, abort.signal)
      .then((answer) => {
        if (!abort.signal.aborted) startTransition(() => setFresh(answer));
        return storeAnswer(asked, [rowsFor(cachedProducts, [answer])], openStorageWhenWanted);
      })
      .catch((error: unknown) => {
        if (abort.signal.aborted) return;
        const status = statusOf(error);
        setFailure({ id: productId, status });
        if (status === 'not-found')
          void openStorageWhenWanted()
            .then((db) => db.products.delete(productId))
            .catch(() => undefined);
      });
    return () => abort.abort();
  }, [productId, attempt, online]);

  const retryNow = useCallback(() => setAttempt((n) => n + 1), []);
  const status: DetailStatus = product ? 'loaded' : (failed ?? 'loading');
  return { product, status, retryNow };
}
