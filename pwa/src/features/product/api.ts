import type { Product } from '@haat/shared/catalog/catalog.types';
import type { OtherCategoryProductsBody, ProductDetailsBody, RelatedProductsBody } from '@haat/shared/catalog/product.schema';
import type { Envelope } from '@haat/shared/common/envelope';
import { LIMITS } from '@haat/shared/common/limits';
import type { AddReviewBody } from '@haat/shared/reviews/review.schema';
import type { Review as SharedReview } from '@haat/shared/reviews/review.types';
import { queryOptions } from '@tanstack/react-query';
import type { RetryOptions } from 'ky';
import { getJson, postJson } from '../../lib/http/api-client';
import { http } from '../../lib/http/http';
import { postJsonEarly } from '../../lib/http/early-request';
import { isRetryable } from '../../lib/http/load-failure';
import { screenKeys } from '../../lib/query/screen-keys';
import { type ProductPage, singlePage } from '../catalog/public';

/** docs/product.md#states product detail load: 2 more tries 1 s apart, for network errors and 5xx, not while offline. */
export const DETAIL_RETRY = {
  limit: LIMITS.detailRetries,
  methods: ['post'],
  delay: () => LIMITS.detailRetryDelayMs,
  afterStatusCodes: [],
  shouldRetry: ({ error }) => isRetryable(error) && navigator.onLine,
} satisfies RetryOptions;

/** The product, retried as DETAIL_RETRY says; `signal` stops the request and the waiting between tries. */
export async function fetchProductDetails(productId: string, signal?: AbortSignal): Promise<Product> {
  const body = await postJsonEarly<Envelope<Product>>('product/get-product-details', { productId } satisfies ProductDetailsBody, {
    retry: DETAIL_RETRY,
    ...(signal ? { signal } : {}),
  });
  if (!body.data) throw new Error('Failed to load product details.');
  return body.data;
}

export async function fetchRelated(product: Product): Promise<ProductPage> {
  const body = await postJson<Envelope<Product[]>>('product/get-related-products', {
    categoryId: product.category[0]?._id,
    subCategoryId: product.subCategory[0]?._id,
    excludeProductId: product._id,
    limit: LIMITS.relatedProducts,
  } satisfies RelatedProductsBody);
  return singlePage(body.data ?? []);
}

export async function fetchOtherCategories(product: Product): Promise<ProductPage> {
  const body = await postJson<Envelope<Product[]>>('product/get-other-category-products', {
    currentCategoryId: product.category[0]?._id,
    limit: LIMITS.otherCategoryProducts,
  } satisfies OtherCategoryProductsBody);
  return singlePage(body.data ?? []);
}

/** The review as listed; `verifiedPurchase` is absent on copies saved before the server sent it. */
export type Review = Pick<SharedReview, '_id' | 'name' | 'rating' | 'createdAt'> & Partial<Pick<SharedReview, 'avatar' | 'comment' | 'verifiedPurchase'>>;

export interface ReviewSummary {
  reviews: Review[];
  totalReviews: number;
  averageRating: number;
}

/** GET /api/review/{productId}?limit=3 (docs/product.md#api): the preview and the product's rating figures. */
export async function fetchReviews(productId: string): Promise<ReviewSummary> {
  const body = await getJson<Envelope<Review[]> & { totalReviews: number; averageRating: number }>(`review/${productId}?limit=${LIMITS.reviewsPreview}`);
  return { reviews: body.data ?? [], totalReviews: body.totalReviews ?? 0, averageRating: body.averageRating ?? 0 };
}

/** Every review of a product, newest first, as many as one request lists ("+N more reviews" opened). */
export async function fetchAllReviews(productId: string): Promise<Review[]> {
  return (await getJson<Envelope<Review[]>>(`review/${productId}?limit=${LIMITS.reviewsMaxPage}`)).data ?? [];
}

/** Every review, read at a count of them: a review written or deleted since reads them again. */
export const allReviewsQuery = (productId: string, total: number) =>
  queryOptions({ queryKey: screenKeys.allReviews(productId, total), queryFn: () => fetchAllReviews(productId), staleTime: Infinity });

export type ReviewCounts = Pick<ReviewSummary, 'totalReviews' | 'averageRating'>;

// Writes show their own messages (docs/product.md#errors, "Failed to submit review"...), so the client stays silent.
const writes = http.extend({ retry: 0, timeout: 15_000, context: { silent: true } });

/** POST /api/review/add: a second add by the same shopper edits their review (the message says which). */
export async function addReview(body: {
  productId: string;
  rating: number;
  comment: string;
}): Promise<{ review: SharedReview; message: string } & ReviewCounts> {
  const res = await writes.post('review/add', { json: body satisfies Partial<AddReviewBody> }).json<Envelope<SharedReview> & ReviewCounts>();
  return { review: res.data as SharedReview, message: res.message, totalReviews: res.totalReviews, averageRating: res.averageRating };
}

/** GET /api/review/mine/{productId}: the signed-in shopper's own review, or null. */
export async function fetchMyReview(productId: string, signal?: AbortSignal): Promise<SharedReview | null> {
  return (await writes.get(`review/mine/${productId}`, { signal }).json<Envelope<SharedReview | null>>()).data ?? null;
}

/** The shopper's own review, for the form to edit: null when none or unreadable (offline), the form then starting empty. */
export const myReviewQuery = (productId: string, userId: string | null) =>
  queryOptions({ queryKey: screenKeys.myReview(productId, userId), queryFn: ({ signal }) => fetchMyReview(productId, signal).catch(() => null) });

/** DELETE /api/review/delete/{reviewId} (admins only; the server checks). */
export async function deleteReview(reviewId: string): Promise<{ message: string } & ReviewCounts> {
  const res = await writes.delete(`review/delete/${reviewId}`).json<Envelope<null> & ReviewCounts>();
  return { message: res.message, totalReviews: res.totalReviews, averageRating: res.averageRating };
}
