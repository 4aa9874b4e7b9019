import { useDeviceQuery } from '../../../lib/storage/device-store';
import { useServerRefresh } from '../../../lib/storage/use-server-refresh';
import type { ReviewSummary } from '../api';
import { refreshReviews, reviewsKey } from '../reviews/review-store';

/** The saved preview and counts, read live (a review written or deleted shows at once). */
export function useReviewSummary(productId: string | undefined): ReviewSummary | null | undefined {
  const key = reviewsKey(productId ?? '');
  return useDeviceQuery(async (db) => ((await db.meta.get(key))?.value as ReviewSummary | undefined) ?? null, [key]);
}

/** The reviews preview, saved in the meta store so a product seen before shows its reviews offline. */
export function useReviews(productId: string | undefined): ReviewSummary | null | undefined {
  // docs/product.md#api: rating fetch failures are only logged; the saved copy (if any) stays.
  useServerRefresh(productId ? `reviews:${productId}` : null, (_signal) =>
    refreshReviews(productId!).catch((error: unknown) => console.warn('reviews', error)),
  );
  return useReviewSummary(productId);
}
