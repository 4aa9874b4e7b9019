// The recent searches' code (recent-searches.ts) loads when one is kept or cleared: the header's search bar is on every
// first screen, and neither an Enter nor a log-out is part of it (docs/benchmarks.md "First visit weight").
const recentSearches = () => import('./recent-searches');

/** Keeps a search among the recent ones (the search bar's Enter). */
export const rememberSearchSoon = (term: string): Promise<void> => recentSearches().then((m) => m.rememberSearch(term));

/**
 * Empties the recent searches, the copy in memory with the device's (a log-out). Code that cannot be loaded (offline,
 * not cached) was never loaded, so no copy of the list is in memory: the device's storage is then the caller's to clear.
 */
export const forgetRecentSearches = (): Promise<void> =>
  recentSearches().then(
    (m) => m.clearRecentSearches(),
    () => undefined,
  );
