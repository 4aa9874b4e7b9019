import type { Product } from '@haat/shared/catalog/catalog.types';
import { useCachedProducts } from '../../catalog/public';
import { useOnline } from '../../../lib/hooks/use-online';
import { fetchSearchPage } from '../api';
import { useOfflineSearch } from './use-offline-search';

export interface SearchResults {
  products: Product[] | null | undefined;
  total: number;
  hasMore: boolean;
  loadingMore: boolean;
  loadMore: () => void;
  /** Answered from the products saved on this device, not by the server: why (see useListing). */
  fallback: 'offline' | 'unreachable' | null;
  /** The server answered with an error (5xx, 4xx): the docs/product.md#errors banner, not device results. */
  error: boolean;
}

/**
 * Online: the server's forgiving search, cached per term in IndexedDB. Offline (or when the server
 * cannot be reached and this term was never searched): a search over the products saved on the device.
 * A server that answers with an error is an error, never "offline results".
 */
export function useSearchResults(term: string): SearchResults {
  const online = useOnline();
  const server = useCachedProducts(online ? `search:${term.trim().toLowerCase()}` : null, (page) => fetchSearchPage(term, page));
  const fallback = !online ? 'offline' : server.error && server.failure === 'network' ? 'unreachable' : null;
  const local = useOfflineSearch(term, fallback !== null);
  if (fallback) {
    return { products: local, total: local?.length ?? 0, hasMore: false, loadingMore: false, loadMore: () => {}, fallback, error: false };
  }
  return { ...server, fallback: null };
}
