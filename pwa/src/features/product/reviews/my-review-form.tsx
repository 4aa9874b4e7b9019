import { queryClient, useOnlineQuery } from '../../../lib/query/query-client';
import { ReviewForm } from './review-form';
import { type Review } from '@haat/shared/reviews/review.types';
import { fetchMyReview } from '../api';

/** The review form with the viewer's own review read online (TanStack Query loads with it, not with the product page). */
export function MyReviewForm({ productId, userId }: { productId: string; userId: string | null }) {
  const [mine, setMine] = useMyReview(productId, userId);
  return <ReviewForm productId={productId} mine={mine} onSaved={setMine} />;
}

/** An admin deleted a review: if it was their own, the form is empty again. */
export function forgetMyReview(productId: string, userId: string | null, reviewId: string): void {
  const key = myReviewKey(productId, userId);
  if (queryClient.getQueryData<{ _id: string } | null>(key)?._id === reviewId) queryClient.setQueryData(key, null);
}

/**
 * The signed-in shopper's own review of the product, so the form edits it (one review per shopper and
 * product). undefined while asked; null when none, signed out, or unknown (offline): the server still
 * turns a second review into an edit of the first. The setter puts a saved or deleted review in the read's place.
 */
export const myReviewKey = (productId: string, userId: string | null) => ['reviews', 'mine', productId, userId];

function useMyReview(productId: string, userId: string | null): [Review | null | undefined, (review: Review | null) => void] {
  const queryKey = myReviewKey(productId, userId);
  const mine = useOnlineQuery({ queryKey, queryFn: () => fetchMyReview(productId).catch(() => null), enabled: !!userId });
  return [!userId ? null : mine.data, (review) => queryClient.setQueryData(queryKey, review)];
}
