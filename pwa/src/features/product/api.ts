import type { Product } from '@haat/shared/catalog/catalog.types';
import type { OtherCategoryProductsBody, ProductDetailsBody, RelatedProductsBody } from '@haat/shared/catalog/product.schema';
import type { Envelope } from '@haat/shared/common/envelope';
import { LIMITS } from '@haat/shared/common/limits';
import { getJson, postJson } from '../../lib/api-client';
import { postJsonEarly } from '../../lib/early-request';
import { type ProductPage, singlePage } from '../catalog/public';

export async function fetchProductDetails(productId: string): Promise<Product> {
  const body = await postJsonEarly<Envelope<Product>>('product/get-product-details', { productId } satisfies ProductDetailsBody);
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

export interface Review {
  _id: string;
  name: string;
  avatar?: string;
  rating: number;
  comment?: string;
  createdAt: string;
}

export interface ReviewSummary {
  reviews: Review[];
  totalReviews: number;
  averageRating: number;
}

/** GET /api/review/{productId}?limit=3 (spec §7): the preview and the product's rating figures. */
export async function fetchReviews(productId: string): Promise<ReviewSummary> {
  const body = await getJson<Envelope<Review[]> & { totalReviews: number; averageRating: number }>(`review/${productId}?limit=${LIMITS.reviewsPreview}`);
  return { reviews: body.data ?? [], totalReviews: body.totalReviews ?? 0, averageRating: body.averageRating ?? 0 };
}
