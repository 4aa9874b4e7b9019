import type { Category, SubCategory } from '@haat/shared/catalog/catalog.types';
import { askedNow, storeWhenWanted } from '../../../lib/storage/device-store';
import { fetchCategories, fetchSubCategories } from '../api';

let inFlight: Promise<FreshTree> | null = null;

/** The tree as the network last answered it in this page load, sorted as IndexedDB's name index sorts it. */
export interface FreshTree {
  categories: Category[];
  subCategories: SubCategory[];
}

/** IndexedDB's order of string keys (code units), then the primary key, as `orderBy('name')` reads them. */
const byName = <T extends { _id: string; name: string }>(a: T, b: T) =>
  a.name < b.name ? -1 : a.name > b.name ? 1 : a._id < b._id ? -1 : a._id > b._id ? 1 : 0;

/** docs/product.md#states: the tree once per page load, answered at once and stored through the one rule when storage is wanted. */
export function refreshCatalogTree(): Promise<FreshTree> {
  inFlight ??= (async () => {
    const asked = askedNow();
    const [categories, subCategories] = await Promise.all([fetchCategories(), fetchSubCategories()]);
    void storeWhenWanted(asked, ({ rowsFor, cachedCategories, cachedSubCategories }) => [
      rowsFor(cachedCategories, categories),
      rowsFor(cachedSubCategories, subCategories),
    ]).catch(() => undefined);
    return { categories: [...categories].sort(byName), subCategories: [...subCategories].sort(byName) };
  })();
  inFlight.catch(() => {
    inFlight = null; // let a later screen try again (e.g. back online)
  });
  return inFlight;
}
