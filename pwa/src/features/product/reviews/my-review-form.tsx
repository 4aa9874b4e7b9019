import { queryClient, useOnlineQuery } from '../../../lib/query/query-client';
import { screenKeys } from '../../../lib/query/screen-keys';
import { ReviewForm } from './review-form';
import { type Review } from '@haat/shared/reviews/review.types';
import { myReviewQuery } from '../api';

/** The review form with the viewer's own review read online (TanStack Query loads with it, not with the product page). */
export function MyReviewForm({ productId, userId }: { productId: string; userId: string | null }) {
  const [mine, setMine] = useMyReview(productId, userId);
  return <ReviewForm productId={productId} mine={mine} onSaved={setMine} />;
}

/** An admin deleted a review: if it was their own, the form is empty again. */
export function forgetMyReview(productId: string, userId: string | null, reviewId: string): void {
  const key = screenKeys.myReview(productId, userId);
  if (queryClient.getQueryData<{ _id: string } | null>(key)?._id === reviewId) queryClient.setQueryData(key, null);
}

/** The shopper's own review, for the form to edit: undefined while asked; null when none, signed out or offline. */
function useMyReview(productId: string, userId: string | null): [Review | null | undefined, (review: Review | null) => void] {
  const query = myReviewQuery(productId, userId);
  const mine = useOnlineQuery({ ...query, enabled: !!userId });
  return [!userId ? null : mine.data, (review) => queryClient.setQueryData(query.queryKey, review)];
}
