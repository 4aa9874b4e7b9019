import { getDefaultStore } from 'jotai';
import { atomWithStorage } from 'jotai/utils';
import { LIMITS } from '@haat/shared/common/limits';

/**
 * The shopper's recent searches, newest first, kept on this device only (localStorage: signing out clears it with the
 * rest), read on init so the empty search screen shows them at once (docs/decisions/0227-the-empty-search-screen.md).
 */
export const recentSearchesAtom = atomWithStorage<string[]>('haat.recentSearches', [], undefined, { getOnInit: true });

/** Puts `term` first (once, whatever its case), keeping LIMITS.recentSearches; blank text is not a search. */
export function rememberSearch(term: string): void {
  const text = term.trim().replace(/\s+/g, ' ');
  if (!text) return;
  const store = getDefaultStore();
  const before = store.get(recentSearchesAtom);
  const list = Array.isArray(before) ? before.filter((t) => typeof t === 'string') : [];
  store.set(recentSearchesAtom, [text, ...list.filter((t) => t.toLowerCase() !== text.toLowerCase())].slice(0, LIMITS.recentSearches));
}

export function clearRecentSearches(): void {
  getDefaultStore().set(recentSearchesAtom, []);
}
