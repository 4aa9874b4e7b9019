import { useCallback, useEffect, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import type { Product } from '@haat/shared/catalog/catalog.types';
import { LIMITS } from '@haat/shared/common/limits';
import { db } from '../../../lib/db';
import { retry } from '../../../lib/retry';
import { fetchProductDetails } from '../api';

export type DetailStatus = 'loading' | 'loaded' | 'error';

/**
 * Spec §4 product detail load: the copy saved in IndexedDB shows at once; the network refreshes it,
 * retrying 2 more times 1 s apart. Only when that fails and nothing is saved does the error show.
 */
export function useProductDetails(productId: string | null): { product: Product | undefined; status: DetailStatus; retryNow: () => void } {
  const [attempt, setAttempt] = useState(0);
  const [failed, setFailed] = useState(false);
  // The network's answer shows at once; IndexedDB keeps it for next time (a first visit need not wait
  // for the write and the re-read).
  const [fresh, setFresh] = useState<Product | null>(null);
  const saved = useLiveQuery(() => (productId ? db.products.get(productId) : undefined), [productId]);
  const product = fresh && fresh._id === productId ? fresh : saved;

  useEffect(() => {
    if (!productId) return;
    const abort = new AbortController();
    setFailed(false);
    retry(() => fetchProductDetails(productId), { retries: LIMITS.detailRetries, delayMs: LIMITS.detailRetryDelayMs, signal: abort.signal })
      .then((answer) => {
        if (!abort.signal.aborted) setFresh(answer);
        return db.products.put(answer);
      })
      .catch(() => !abort.signal.aborted && setFailed(true));
    return () => abort.abort();
  }, [productId, attempt]);

  const retryNow = useCallback(() => setAttempt((n) => n + 1), []);
  const status: DetailStatus = product ? 'loaded' : failed ? 'error' : 'loading';
  return { product, status, retryNow };
}
