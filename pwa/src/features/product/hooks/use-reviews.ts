import { useEffect } from 'react';
import { useDeviceQuery } from '../../../lib/storage/device-store';
import type { ReviewSummary } from '../api';
import { refreshReviews, reviewsKey } from '../reviews/review-store';

/** The saved preview and counts, read live (a review written or deleted shows at once). */
export function useReviewSummary(productId: string | undefined): ReviewSummary | null | undefined {
  const key = reviewsKey(productId ?? '');
  return useDeviceQuery(async (db) => ((await db.meta.get(key))?.value as ReviewSummary | undefined) ?? null, [key]);
}

/** The reviews preview, saved in the meta store so a product seen before shows its reviews offline. */
export function useReviews(productId: string | undefined): ReviewSummary | null | undefined {
  useEffect(() => {
    if (!productId) return;
    // docs/product.md#api: rating fetch failures are only logged; the saved copy (if any) stays.
    refreshReviews(productId).catch((error: unknown) => console.warn('reviews', error));
  }, [productId]);
  return useReviewSummary(productId);
}
