import { useLiveQuery } from 'dexie-react-hooks';
import type { Product } from '@haat/shared/catalog/catalog.types';
import { db } from '../../../lib/db';
import { useCachedProducts } from '../../catalog/public';
import { fetchListingPage } from '../api';
import { applyFilters, filtersToBody, type ListingFilters } from '../listing-filters';

export interface Listing {
  products: Product[] | null | undefined;
  total: number;
  hasMore: boolean;
  loadingMore: boolean;
  loadMore: () => void;
  error: boolean;
  /** Filtered on the device from saved products, because the server could not be reached. */
  offline: boolean;
}

/**
 * One listing page set per (category, subcategory, filters), cached in IndexedDB. When the network fails
 * for a combination never fetched, the spec §5 client-side filters run over this listing's saved products.
 */
export function useListing(categoryId: string, subCategoryId: string, filters: ListingFilters): Listing {
  const key = `listing:${categoryId}:${subCategoryId}:${JSON.stringify(filtersToBody(filters))}`;
  const server = useCachedProducts(key, (page) => fetchListingPage(categoryId, subCategoryId, filters, page));
  const local = useLiveQuery(async () => {
    if (!server.error) return undefined;
    const saved = await db.products.filter((p) => p.category.some((c) => c._id === categoryId) && p.subCategory.some((s) => s._id === subCategoryId)).toArray();
    return saved.length > 0 ? applyFilters(saved, filters) : undefined;
  }, [server.error, categoryId, subCategoryId, key]);

  if (server.error && local) {
    return { products: local, total: local.length, hasMore: false, loadingMore: false, loadMore: () => {}, error: false, offline: true };
  }
  return { ...server, offline: false };
}
