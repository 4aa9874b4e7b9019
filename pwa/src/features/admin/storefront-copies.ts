import type { Category, Product, SubCategory } from '@haat/shared/catalog/catalog.types';
import { db } from '../../lib/storage/db';

/**
 * The storefront shows its IndexedDB copies first and refreshes them once per page load, so after
 * an admin write this device would show the old catalogue until the next reload. The admin screens
 * never read these copies; they only bring them in step with what the server just answered.
 * Best effort: a failure here must not fail the admin's write.
 */
export async function replaceCategoryCopies(categories: Category[]): Promise<void> {
  await db
    .transaction('rw', db.categories, async () => {
      await db.categories.clear();
      await db.categories.bulkPut(categories);
    })
    .catch(() => undefined);
}

export async function replaceSubCategoryCopies(subCategories: SubCategory[]): Promise<void> {
  await db
    .transaction('rw', db.subCategories, async () => {
      await db.subCategories.clear();
      await db.subCategories.bulkPut(subCategories);
    })
    .catch(() => undefined);
}

export async function keepProductCopy(product: Product | undefined): Promise<void> {
  if (product?._id) await db.products.put(product).catch(() => undefined);
}

export async function dropProductCopy(id: string): Promise<void> {
  await db.products.delete(id).catch(() => undefined);
}
