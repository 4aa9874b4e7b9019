import type { Product } from '@haat/shared/catalog/catalog.types';
import { useCachedProducts } from '../../catalog/public';
import { useOnline } from '../../../lib/use-online';
import { fetchSearchPage } from '../api';
import { useOfflineSearch } from './use-offline-search';

export interface SearchResults {
  products: Product[] | null | undefined;
  total: number;
  hasMore: boolean;
  loadingMore: boolean;
  loadMore: () => void;
  /** Answered from the products saved on this device, not by the server. */
  offline: boolean;
}

/**
 * Online: the server's forgiving search, cached per term in IndexedDB. Offline (or when the server
 * cannot be reached and this term was never searched): a search over the products saved on the device.
 */
export function useSearchResults(term: string): SearchResults {
  const online = useOnline();
  const server = useCachedProducts(online ? `search:${term.trim().toLowerCase()}` : null, (page) => fetchSearchPage(term, page));
  const useLocal = !online || server.error;
  const local = useOfflineSearch(term, useLocal);
  if (useLocal) {
    return { products: local, total: local?.length ?? 0, hasMore: false, loadingMore: false, loadMore: () => {}, offline: true };
  }
  return { ...server, offline: false };
}
