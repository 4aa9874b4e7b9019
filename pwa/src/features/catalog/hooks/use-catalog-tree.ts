import type { Category, SubCategory } from '@haat/shared/catalog/catalog.types';
import { useDeviceQuery } from '../../../lib/storage/device-store';
import { useServerRefresh } from '../../../lib/storage/use-server-refresh';
import { refreshCatalogTree } from './refresh-catalog-tree';

export interface CatalogTree {
  /** undefined until IndexedDB answers; sorted by name (docs/product.md#records client-side lists). */
  categories: Category[] | undefined;
  subCategories: SubCategory[] | undefined;
}

/** Categories and subcategories from IndexedDB, refreshed once per load (once `refresh` is true: a page that draws without them waits for idle). */
export function useCatalogTree(refresh = true): CatalogTree {
  // Until IndexedDB holds a tree (a first visit: storage waits, lib/storage/device-store.ts), the network's answer shows.
  const fresh = useServerRefresh(refresh ? 'catalog-tree' : null, refreshCatalogTree).answer;
  // One query over both tables in one transaction: the tree a screen sees is always one saved tree (read apart, a
  // listing found its subcategory missing for a moment). A transition: the home page's rows follow the categories.
  const stored = useDeviceQuery(
    (db) =>
      db.transaction('r', db.categories, db.subCategories, async () => ({
        categories: await db.categories.orderBy('name').toArray(),
        subCategories: await db.subCategories.orderBy('name').toArray(),
      })),
    [],
    { transition: true },
  );
  if (fresh && !stored?.categories.length) return { categories: fresh.categories, subCategories: fresh.subCategories };
  return { categories: stored?.categories, subCategories: stored?.subCategories };
}

/** docs/product.md#screens: a category tile leads to the first subcategory (by name) that contains the category. */
export function firstSubCategoryOf(categoryId: string, subCategories: readonly SubCategory[]): SubCategory | undefined {
  return subCategories.find((sub) => sub.category.some((c) => c._id === categoryId));
}
