import type { ProductsByCategoryAndSubBody } from '@haat/shared/catalog/product.schema';
import { LIMITS } from '@haat/shared/common/limits';
import { postJsonEarly } from '../../lib/http/early-request';
import { type PagedEnvelope, type ProductPage, toProductPage } from '../catalog/public';
import { filtersToBody, type ListingFilters } from './listing-filters';

/** POST /api/product/get-product-by-category-and-subcategory with the server-side filters, 12 a page. */
export async function fetchListingPage(categoryId: string, subCategoryId: string, filters: ListingFilters, page: number): Promise<ProductPage> {
  const body = { categoryId, subCategoryId, page, limit: LIMITS.listingPageSize, ...filtersToBody(filters) } satisfies ProductsByCategoryAndSubBody;
  return toProductPage(await postJsonEarly<PagedEnvelope>('product/get-product-by-category-and-subcategory', body));
}
