import { queryClient } from '../../../lib/query/query-client';
import { ReviewForm } from './review-form';
import { myReviewKey, useMyReview } from './use-my-review';

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
