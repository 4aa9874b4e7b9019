import { loadCopyRule, openStorage } from '../../../lib/storage/device-store';
import { fetchReviews, type ReviewCounts, type ReviewSummary } from '../api';

export const reviewsKey = (productId: string) => `reviews:${productId}`;

/** Fetches the preview and counts and saves them (the product page reads them live from IndexedDB). */
export async function refreshReviews(productId: string): Promise<void> {
  // The page shows the reviews from IndexedDB: Dexie, with the one rule, is needed now (lib/storage/device-store.ts).
  const { refreshFromServer, rowsFor, cachedAnswers } = await loadCopyRule();
  await refreshFromServer(
    () => fetchReviews(productId),
    (value) => [rowsFor(cachedAnswers, [{ key: reviewsKey(productId), value }])],
  );
}

/** After a review is written or deleted: the saved product takes the server's new counts, and the preview is read again. */
export async function applyReviewCounts(productId: string, counts: ReviewCounts): Promise<void> {
  const key = reviewsKey(productId);
  const db = await openStorage();
  await db.transaction('rw', db.products, db.meta, async () => {
    await db.products.update(productId, { averageRating: counts.averageRating, totalReviews: counts.totalReviews });
    const saved = (await db.meta.get(key))?.value as ReviewSummary | undefined;
    await db.meta.put({ key, value: { reviews: saved?.reviews ?? [], totalReviews: counts.totalReviews, averageRating: counts.averageRating } });
  });
  await refreshReviews(productId).catch((error: unknown) => console.warn('reviews', error));
}
