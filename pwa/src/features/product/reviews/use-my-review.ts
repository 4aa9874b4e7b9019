import type { Review } from '@haat/shared/reviews/review.types';
import { queryClient, useOnlineQuery } from '../../../lib/query/query-client';
import { fetchMyReview } from '../api';

/**
 * The signed-in shopper's own review of the product, so the form edits it (one review per shopper and
 * product). undefined while asked; null when none, signed out, or unknown (offline): the server still
 * turns a second review into an edit of the first. The setter puts a saved or deleted review in the read's place.
 */
export const myReviewKey = (productId: string, userId: string | null) => ['reviews', 'mine', productId, userId];

export function useMyReview(productId: string, userId: string | null): [Review | null | undefined, (review: Review | null) => void] {
  const queryKey = myReviewKey(productId, userId);
  const mine = useOnlineQuery({ queryKey, queryFn: () => fetchMyReview(productId).catch(() => null), enabled: !!userId });
  return [!userId ? null : mine.data, (review) => queryClient.setQueryData(queryKey, review)];
}
