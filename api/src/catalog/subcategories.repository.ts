import { count, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { subCategories, subCategoryCategories } from './subcategories.table.js';

// The subcategories domain's queries that other domains run (products, categories), some inside
// the caller's transaction: pass the drizzle transaction as `db`.

type Reader = Pick<Db, 'select'>;

/** The ids among `ids` that are subcategories, locked FOR SHARE in the caller's transaction. */
export function lockSubCategoriesForShare(tx: Reader, ids: readonly string[]): Promise<Array<{ id: string }>> {
  return tx
    .select({ id: subCategories.id })
    .from(subCategories)
    .where(inArray(subCategories.id, [...ids]))
    .for('share');
}

/** Every subcategory's id and name. */
export function subCategoryNames(db: Reader): Promise<Array<{ id: string; name: string }>> {
  return db.select({ id: subCategories.id, name: subCategories.name }).from(subCategories);
}

/** How many subcategories are filed under a category. */
export async function subCategoriesUnder(db: Reader, categoryId: string): Promise<number> {
  const [links] = await db.select({ n: count() }).from(subCategoryCategories).where(eq(subCategoryCategories.categoryId, categoryId));
  return links?.n ?? 0;
}
