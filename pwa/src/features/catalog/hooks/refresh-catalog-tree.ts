import { openStorage } from '../../../lib/storage/storage';
import { fetchCategories, fetchSubCategories } from '../api';

let inFlight: Promise<void> | null = null;

/**
 * docs/product.md#states, "On start the client loads … categories and subcategories": once per page load, replacing
 * the cached copies in one transaction so deleted ones disappear. Offline it fails quietly and the
 * cached tree stays.
 */
export function refreshCatalogTree(): Promise<void> {
  inFlight ??= (async () => {
    const [categories, subCategories, db] = await Promise.all([fetchCategories(), fetchSubCategories(), openStorage()]);
    await db.transaction('rw', db.categories, db.subCategories, async () => {
      // Unchanged (the usual case): no write, so no screen reading the tree renders again.
      const [savedCategories, savedSubCategories] = await Promise.all([db.categories.toArray(), db.subCategories.toArray()]);
      if (sameById(savedCategories, categories) && sameById(savedSubCategories, subCategories)) return;
      await db.categories.clear();
      await db.categories.bulkPut(categories);
      await db.subCategories.clear();
      await db.subCategories.bulkPut(subCategories);
    });
  })().catch(() => {
    inFlight = null; // let a later screen try again (e.g. back online)
  });
  return inFlight;
}

function sameById<T extends { _id: string }>(saved: T[], fresh: T[]): boolean {
  if (saved.length !== fresh.length) return false;
  const byId = new Map(saved.map((item) => [item._id, JSON.stringify(item)]));
  return fresh.every((item) => byId.get(item._id) === JSON.stringify(item));
}
