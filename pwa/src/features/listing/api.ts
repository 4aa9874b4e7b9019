import { LIMITS } from '@haat/shared/common/limits';
import { postJsonEarly } from '../../lib/early-request';
import { toProductPage, type PagedEnvelope, type ProductPage } from '../catalog/api';
import { filtersToBody, type ListingFilters } from './listing-filters';

/** POST /api/product/get-product-by-category-and-subcategory with the server-side filters, 12 a page. */
export async function fetchListingPage(categoryId: string, subCategoryId: string, filters: ListingFilters, page: number): Promise<ProductPage> {
  const body = { categoryId, subCategoryId, page, limit: LIMITS.listingPageSize, ...filtersToBody(filters) };
  return toProductPage(await postJsonEarly<PagedEnvelope>('product/get-product-by-category-and-subcategory', body));
}
