import { useEffect, useState } from 'react';
import type { Review } from '@haat/shared/reviews/review.types';
import { fetchMyReview } from '../api';

/**
 * The signed-in shopper's own review of the product, so the form edits it (one review per shopper and
 * product). undefined while asked; null when none, signed out, or unknown (offline): the server still
 * turns a second review into an edit of the first.
 */
export function useMyReview(productId: string, userId: string | null): [Review | null | undefined, (review: Review | null) => void] {
  const [mine, setMine] = useState<{ key: string; review: Review | null } | null>(null);
  const key = `${userId}:${productId}`;
  useEffect(() => {
    if (!userId) return;
    let live = true;
    fetchMyReview(productId).then(
      (review) => live && setMine({ key, review }),
      () => live && setMine({ key, review: null }),
    );
    return () => {
      live = false;
    };
  }, [productId, userId, key]);
  const current = !userId ? null : mine?.key === key ? mine.review : undefined;
  return [current, (review) => setMine({ key, review })];
}
