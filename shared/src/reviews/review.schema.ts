import { z } from 'zod';
import { Id, Text } from '../common/fields.js';
import { LIMITS } from '../common/limits.js';

export const SELECT_RATING = 'Please select a rating';
export const MAX_REVIEWS_PAGE = LIMITS.reviewsMaxPage;

/** docs/product.md#validation: rating 1–5 (0 means none was picked); forms may send it as text. */
const Rating = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v)) ? Number(v) : v),
  z
    .number({ error: SELECT_RATING })
    .refine((n) => n !== 0, { error: SELECT_RATING })
    .pipe(z.number().int({ error: 'must be a whole number from 1 to 5' }).min(1, { error: 'must be from 1 to 5' }).max(5, { error: 'must be from 1 to 5' })),
);

/** userId may be sent (docs/product.md#api) and is ignored: the author is whoever is signed in. */
export const AddReviewBody = z.object({
  productId: Id,
  rating: Rating,
  comment: Text(2000, { multiline: true }).optional().default(''),
});
export type AddReviewBody = z.infer<typeof AddReviewBody>;

/** ?limit=N, newest first; 0 answers the counts only (product cards). */
export const ReviewListQuery = z.object({
  limit: z.preprocess(
    (v) => (typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v),
    z
      .number({ error: 'must be a number' })
      .int({ error: 'must be a whole number' })
      .min(0, { error: 'must not be negative' })
      .max(MAX_REVIEWS_PAGE, { error: `must be at most ${MAX_REVIEWS_PAGE}` })
      .optional()
      .default(10),
  ),
});
export type ReviewListQuery = z.infer<typeof ReviewListQuery>;

export const ReviewIdParam = Id;
