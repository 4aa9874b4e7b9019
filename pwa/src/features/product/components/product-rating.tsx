import type { Product } from '@haat/shared/catalog/catalog.types';
import { useReviewSummary } from '../hooks/use-reviews';
import { StarRating } from './star-rating';

/**
 * The rating under the title: it follows the reviews' own counts (read live), so a review written here
 * shows at once. Only this line re-renders when they arrive, not the whole page.
 */
export function ProductRating({ product }: { product: Product }) {
  const summary = useReviewSummary(product._id);
  return <StarRating rating={summary?.averageRating ?? product.averageRating} count={summary?.totalReviews ?? product.totalReviews} />;
}
