import { useEffect } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '../../../lib/db';
import { fetchReviews, type ReviewSummary } from '../api';

/** The reviews preview, saved in the meta store so a product seen before shows its reviews offline. */
export function useReviews(productId: string | undefined): ReviewSummary | null | undefined {
  const key = `reviews:${productId}`;
  useEffect(() => {
    if (!productId) return;
    fetchReviews(productId).then(
      (summary) => db.meta.put({ key, value: summary }),
      // Spec §7: rating fetch failures are only logged; the saved copy (if any) stays.
      (error: unknown) => console.warn('reviews', error),
    );
  }, [productId, key]);
  return useLiveQuery(async () => ((await db.meta.get(key))?.value as ReviewSummary | undefined) ?? null, [key]);
}
