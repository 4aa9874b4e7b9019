import { useDeviceQuery } from '../../../lib/storage/device-store';
import { useOnline } from '../../../lib/hooks/use-online';
import { deviceResults, useCachedProducts, type PagedResults } from '../../catalog/public';
import { fetchListingPage } from '../api';
import { applyFilters, filtersToBody, type ListingFilters } from '../listing-filters';

export interface Listing extends PagedResults {
  /** No answer came and this listing has nothing saved on the device: why, said as such, not as an error. */
  notSaved: 'offline' | 'unreachable' | null;
}

/** A listing's pages, cached; with no answer, docs/product.md#validation's filters run over its saved products. */
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

  if (noAnswer && local) return { ...deviceResults(local, online ? 'unreachable' : 'offline'), notSaved: null };
  if (noAnswer) {
    // Still looking on the device: the skeletons; nothing saved: why, in words.
    return { ...server, products: undefined, error: false, fallback: null, notSaved: local === null ? (online ? 'unreachable' : 'offline') : null };
  }
  return { ...server, fallback: null, notSaved: null };
}
