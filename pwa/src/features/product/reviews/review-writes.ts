import { mutationOptions } from '@tanstack/react-query';
import { problemOf } from '../../../lib/http/http-problem';
import { toast } from '../../../lib/ui/toast';
import { addReview, deleteReview } from '../api';
import { applyReviewCounts } from './review-store';
import { deleteFailure, REVIEW_TEXT, submitFailure } from './review-rules';

// A review's online writes (lib/query/server-write.ts): what the shopper is told, and the product's rating figures on the
// device taken from the answer (review-store.ts). A file of their own: the form and the admin's delete that make them
// load when drawn, and the precached product page reads the counts without them.

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
