import type { Product } from '@haat/shared/catalog/catalog.types';
import { useDeviceQuery } from '../../../lib/storage/device-store';
import { useOnline } from '../../../lib/hooks/use-online';
import { useCachedProducts } from '../../catalog/public';
import { fetchListingPage } from '../api';
import { applyFilters, filtersToBody, type ListingFilters } from '../listing-filters';

export interface Listing {
  products: Product[] | null | undefined;
  total: number;
  hasMore: boolean;
  loadingMore: boolean;
  loadMore: () => void;
  /** The request failed and nothing saved can stand in: the docs/product.md#errors banner shows. */
  error: boolean;
  /** Filtered on the device from saved products because no answer came (never for an answered error). */
  fallback: 'offline' | 'unreachable' | null;
  /** No answer came and this listing has nothing saved on the device: why, said as such, not as an error. */
  notSaved: 'offline' | 'unreachable' | null;
}

/**
 * One listing page set per (category, subcategory, filters), cached in IndexedDB. When no answer came for a combination
 * never fetched, the docs/product.md#validation client-side filters run over this listing's saved products.
 */
export function useListing(categoryId: string, subCategoryId: string, filters: ListingFilters): Listing {
  const online = useOnline();
  const key = `listing:${categoryId}:${subCategoryId}:${JSON.stringify(filtersToBody(filters))}`;
  const server = useCachedProducts(key, (page) => fetchListingPage(categoryId, subCategoryId, filters, page));
  const noAnswer = server.error && server.failure === 'network';
  // Dexie is not in the page's code (lib/storage/device-store.ts): it loads after the first render.
  const local = useDeviceQuery(
    async (db) => {
      if (!noAnswer) return undefined;
      const saved = await db.products
        .filter((p) => p.category.some((c) => c._id === categoryId) && p.subCategory.some((s) => s._id === subCategoryId))
        .toArray();
      // null: looked, and nothing of this listing is saved (undefined is "not looked yet").
      return saved.length > 0 ? applyFilters(saved, filters) : null;
    },
    [noAnswer, categoryId, subCategoryId, key],
  );

  if (noAnswer && local) {
    return {
      products: local,
      total: local.length,
      hasMore: false,
      loadingMore: false,
      loadMore: () => {},
      error: false,
      fallback: online ? 'unreachable' : 'offline',
      notSaved: null,
    };
  }
  if (noAnswer) {
    // Still looking on the device: the skeletons; nothing saved: why, in words.
    return { ...server, products: undefined, error: false, fallback: null, notSaved: local === null ? (online ? 'unreachable' : 'offline') : null };
  }
  return { ...server, fallback: null, notSaved: null };
}
