import { getDefaultStore } from 'jotai';
import { atomWithStorage } from 'jotai/utils';
import { LIMITS } from '@haat/shared/common/limits';

/** The shopper's recent searches, newest first, on this device only (docs/decisions/0227-the-empty-search-screen.md). */
export const recentSearchesAtom = atomWithStorage<string[]>('haat.recentSearches', [], undefined, { getOnInit: true });

const store = getDefaultStore();
const tidy = (term: string) => term.trim().replace(/\s+/g, ' ');
/** The stored list, whatever another version of the app left there. */
const recent = () => {
  const before = store.get(recentSearchesAtom);
  return Array.isArray(before) ? before.filter((t) => typeof t === 'string') : [];
};

/** Puts `term` first (once, whatever its case), keeping LIMITS.recentSearches; blank text is not a search. */
export function rememberSearch(term: string): void {
  const text = tidy(term);
  if (text) store.set(recentSearchesAtom, [text, ...recent().filter((t) => t.toLowerCase() !== text.toLowerCase())].slice(0, LIMITS.recentSearches));
}

/** A search the shop answered through a typo's correction is kept as what was searched for ("cookr" → "cooker"). */
export function rememberCorrection(typed: string, corrected: string): void {
  const was = tidy(typed).toLowerCase();
  const now = tidy(corrected);
  const list = recent();
  if (!was || !now || !list.some((t) => t.toLowerCase() === was)) return;
  const replaced = list.map((t) => (t.toLowerCase() === was ? now : t));
  store.set(
    recentSearchesAtom,
    replaced.filter((t, i) => replaced.findIndex((u) => u.toLowerCase() === t.toLowerCase()) === i),
  );
}

export function clearRecentSearches(): void {
  store.set(recentSearchesAtom, []);
}
