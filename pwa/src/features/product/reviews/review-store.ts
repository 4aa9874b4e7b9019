import { loadCopyRule, openStorage } from '../../../lib/storage/device-store';
import { mutationOptions } from '@tanstack/react-query';
import { problemOf } from '../../../lib/http/http-problem';
import { toast } from '../../../lib/ui/toast';
import { addReview, deleteReview, fetchReviews, type ReviewCounts, type ReviewSummary } from '../api';
import { deleteFailure, REVIEW_TEXT, submitFailure } from './review-rules';

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

// A review's online writes (lib/query/server-write.ts), beside the counts they change: what the shopper is told, and the
// product's rating figures on the device taken from the answer.

/** Writes (or edits) the signed-in shopper's review of `productId`. */
export const addReviewWrite = (productId: string) =>
  mutationOptions({
    mutationFn: (review: { rating: number; comment: string }) => addReview({ productId, ...review }),
    onSuccess: async (saved) => {
      toast.success(saved.message || REVIEW_TEXT.submitted);
      await applyReviewCounts(productId, saved);
    },
    onError: (error) => toast.error(submitFailure(problemOf(error))),
  });

/** The admin's delete of a review of `productId` (the server checks the role). */
export const deleteReviewWrite = (productId: string) =>
  mutationOptions({
    mutationFn: (reviewId: string) => deleteReview(reviewId),
    onSuccess: async (answer) => {
      toast.success(answer.message || REVIEW_TEXT.deleted);
      await applyReviewCounts(productId, answer);
    },
    onError: (error) => toast.error(deleteFailure(problemOf(error))),
  });
