/**
 * The empty search screen's popular searches: a configured list of what the demo catalogue sells, not counted from
 * shoppers' searches (docs/decisions/0227-the-empty-search-screen.md). Each runs as typed, so each must find products.
 * Apart from common/limits.ts: only the search page shows them, `/` does not load them (docs/decisions/0091-a-lighter-first-visit.md).
 */
export const POPULAR_SEARCHES = ['T-shirt', 'Smartwatch', 'Earbuds', 'Namkeen', 'Kurta', 'Saree', 'Pressure Cooker', 'Face Wash'] as const;
