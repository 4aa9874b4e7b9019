import { atom, getDefaultStore } from 'jotai';
import type { Category, SubCategory } from '@haat/shared/catalog/catalog.types';

/** How many words the header's prompt cycles through. */
const MOST = 9;
/** Longer names do not fit the prompt at 390 px. */
const LONGEST = 22;

/**
 * The first word, as the static first paint (index.html) shows it before the catalogue is read: the shop's first kind
 * of goods. Then the prompt types what the shop sells (searchWordsAtom).
 */
export const FIRST_PAINT_WORDS = ['Books'] as const;

/** The header prompt's words once the catalogue's tree was read; null until then. */
export const searchWordsAtom = atom<readonly string[] | null>(null);

/**
 * The header's suggestions from what the shop sells (docs/product.md#screens): its kinds of goods (subcategories), one
 * from each category in turn so the prompt shows the range, then the categories' own names; each a name a search finds,
 * none repeated, short enough for the prompt. Empty for an empty catalogue.
 */
export function suggestionsFrom(categories: readonly Category[], subCategories: readonly SubCategory[]): string[] {
  const fits = (name: string) => name.trim().length > 0 && name.length <= LONGEST;
  const kinds = categories.map((c) => subCategories.filter((s) => s.category.some((ref) => ref._id === c._id) && fits(s.name)).map((s) => s.name));
  const words: string[] = [];
  const add = (name: string) => {
    if (words.length < MOST && !words.some((w) => w.toLowerCase() === name.toLowerCase())) words.push(name);
  };
  for (let round = 0; kinds.some((k) => k.length > round); round++)
    for (const k of kinds) {
      const name = k[round];
      if (name) add(name);
    }
  for (const c of categories) if (fits(c.name)) add(c.name);
  return words;
}

/** Reads the catalogue's tree once the first screen has settled (its own chunk) and gives the prompt its words. */
export function loadSearchWords(): void {
  void import('../../features/catalog/public')
    .then(({ refreshCatalogTree }) => refreshCatalogTree())
    .then(({ categories, subCategories }) => {
      const words = suggestionsFrom(categories, subCategories);
      if (words.length) getDefaultStore().set(searchWordsAtom, words);
    })
    .catch(() => undefined); // offline: the first word stays
}
