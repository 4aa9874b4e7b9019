/** What other features may use of search (the only file they import from here; docs/decisions/0043-pwa-feature-boundaries.md). */
export { clearRecentSearches, rememberSearch } from './recent-searches';
export { WithVoiceSearch } from './voice/voice-search';
