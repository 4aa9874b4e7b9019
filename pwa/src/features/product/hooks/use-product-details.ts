import type { Product } from '@haat/shared/catalog/catalog.types';
import { askedNow, openStorageWhenWanted, storeWhenWanted, useDeviceQuery } from '../../../lib/storage/device-store';
import { type LoadFailure } from '../../../lib/http/load-failure';
import { useServerRefresh } from '../../../lib/storage/use-server-refresh';
import { problemOf } from '../../../lib/http/http-problem';
import { fetchProductDetails } from '../api';

/** With nothing saved to show: `not-found` (404), `offline`, `unreachable` (after the retries), `failed` (a refusal). */
export type DetailStatus = 'loading' | 'loaded' | 'not-found' | 'offline' | 'unreachable' | 'failed';

const statusOf = (kind: LoadFailure): DetailStatus => {
  if (kind === 'not-found') return 'not-found';
  if (kind === 'network') return navigator.onLine ? 'unreachable' : 'offline';
  return kind === 'server' ? 'unreachable' : 'failed';
};

/** docs/product.md#states product detail load: the saved copy at once, refreshed (DETAIL_RETRY); a 404 drops it. */
export function useProductDetails(productId: string | null): { product: Product | undefined; status: DetailStatus; retryNow: () => void } {
  // Dexie loads after the first render (lib/storage/device-store.ts).
  const stored = useDeviceQuery((db) => (productId ? db.products.get(productId) : Promise.resolve(undefined)), [productId]);
  // The network's answer shows at once, kept for next time, as a transition (docs/decisions/0054-storefront-frame-and-first-paint.md).
  const fresh = useServerRefresh(productId ? `product:${productId}` : null, async (signal) => {
    const asked = askedNow();
    try {
      const answer = await fetchProductDetails(productId!, signal);
      void storeWhenWanted(asked, ({ rowsFor, cachedProducts }) => [rowsFor(cachedProducts, [answer])]).catch(() => undefined);
      return answer;
    } catch (error) {
      if (problemOf(error).status === 404)
        void openStorageWhenWanted()
          .then((db) => db.products.delete(productId!))
          .catch(() => undefined);
      throw error;
    }
  });
  const failed = fresh.failure && statusOf(fresh.failure);
  const saved = stored?._id === productId ? stored : undefined;
  const product = failed === 'not-found' ? undefined : (fresh.answer ?? saved);
  const status: DetailStatus = product ? 'loaded' : (failed ?? 'loading');
  return { product, status, retryNow: fresh.retry };
}
