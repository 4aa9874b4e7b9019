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

/** The shopper's own review, for the form to edit: undefined while asked; null when none, signed out or offline. */
export const myReviewKey = (productId: string, userId: string | null) => ['reviews', 'mine', productId, userId];

function useMyReview(productId: string, userId: string | null): [Review | null | undefined, (review: Review | null) => void] {
  const queryKey = myReviewKey(productId, userId);
  const mine = useOnlineQuery({ queryKey, queryFn: () => fetchMyReview(productId).catch(() => null), enabled: !!userId });
  return [!userId ? null : mine.data, (review) => queryClient.setQueryData(queryKey, review)];
}
