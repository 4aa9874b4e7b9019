import { useState } from 'react';
import { useDebounced } from '../../../lib/hooks/use-debounced';
import { NO_FILTERS, type ListingFilters } from '../listing-filters';

/**
 * What the filter form shows (`draft`, updated on every keystroke) and what is sent (`applied`, once
 * typing in the text and price boxes pauses for 400 ms). The listing page is remounted per route, so a
 * route change starts from no filters (docs/product.md#states).
 */
export function useListingFilters() {
  const [draft, setDraft] = useState<ListingFilters>(NO_FILTERS);
  const applied = useDebounced(draft, 400);
  const change = (patch: Partial<ListingFilters>) => setDraft((f) => ({ ...f, ...patch }));
  const clear = () => setDraft(NO_FILTERS);
  return { draft, applied, change, clear };
}
