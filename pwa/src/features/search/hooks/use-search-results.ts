import { useMemo, useState } from 'react';
import { type Product } from '@haat/shared/catalog/catalog.types';
import { deviceResults, useCachedProducts, type PagedResults } from '../../catalog/public';
import { useOnline } from '../../../lib/hooks/use-online';
import { fetchSearchPage } from '../api';
import { rememberCorrection } from '../../../lib/device/recent-searches';
import { useDeviceQuery } from '../../../lib/storage/device-store';
import { searchOffline } from '../offline-search';
import { understandQuery, type SearchUnderstood } from '@haat/shared/search/query-understanding';

export interface SearchResults extends PagedResults {
  /** What the server searched for instead, when it corrected a typo; null otherwise. */
  corrected: string | null;
  /** What the query was understood as (the server's answer; on the device, the same reading of it). */
  understood: SearchUnderstood;
}

/** The server's forgiving search, cached per term; with no answer, a search over the products saved on the device. */
export function useSearchResults(term: string): SearchResults {
  const online = useOnline();
  // The first page's answer says whether the term was corrected (the saved pages do not keep it).
  const [correction, setCorrection] = useState<{ term: string; corrected: string | null; understood: SearchUnderstood | null } | null>(null);
  // Nothing typed asks nothing: the page shows recent and popular searches instead (docs/decisions/0227-the-empty-search-screen.md).
  const wanted = term.trim() !== '';
  const server = useCachedProducts(online && wanted ? `search:${term.trim().toLowerCase()}` : null, async (page) => {
    const found = await fetchSearchPage(term, page);
    if (page === 1) setCorrection({ term, corrected: found.corrected, understood: found.understood });
    // The recent searches keep what was searched for, not the typo (docs/decisions/0227-the-empty-search-screen.md).
    if (page === 1 && found.corrected) rememberCorrection(term, found.corrected);
    return found;
  });
  const fallback = !wanted ? null : !online ? 'offline' : server.error && server.failure === 'network' ? 'unreachable' : null;
  const local = useOfflineSearch(term, fallback !== null);
  const localParts = useMemo(() => understandQuery(term).parts, [term]);
  // The device reads the query as the server does (shared/src/search/query-understanding.ts); only the server knows which words match nothing.
  const answered = correction?.term === term ? correction : null;
  const understood = answered?.understood ?? { parts: localParts, unmatched: [] };
  if (fallback) return { ...deviceResults(local, fallback), corrected: null, understood };
  return { ...server, fallback: null, corrected: answered?.corrected ?? null, understood };
}

/** Offline answers: the products this device has seen, ranked for `term`; undefined while reading. */
function useOfflineSearch(term: string, enabled: boolean): Product[] | undefined {
  // Dexie is not in the page's code (lib/storage/device-store.ts): it loads after the first render.
  return useDeviceQuery(async (db) => (enabled ? searchOffline(await db.products.toArray(), term) : []), [term, enabled]);
}
