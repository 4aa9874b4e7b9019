import { sql } from 'drizzle-orm';
import { badRequest } from '../common/app-error.js';
import type { Db } from '../db/database.js';
import { lockCategoriesForShare } from './categories.repository.js';
import { lockSubCategoriesForShare } from './subcategories.repository.js';

/**
 * Products keep their category and subcategory ids in arrays (fast GIN filters), so there is no
 * foreign key to stop a delete from orphaning them. Instead a product write locks the rows it
 * points at (FOR SHARE) inside its transaction, and a category or subcategory delete locks its row
 * FOR UPDATE before counting its products: whichever comes second waits, then sees the other's
 * outcome (an unknown id → 400, or a product still using it → 409).
 */
export async function lockCatalogRefs(tx: Db, categoryIds: string[], subCategoryIds: string[]): Promise<void> {
  if (categoryIds.length) {
    const found = await lockCategoriesForShare(tx, categoryIds);
    const missing = missingOf(categoryIds, found);
    if (missing.length) throw badRequest(`category: unknown category id(s) ${missing.join(', ')}`, { fields: ['category'] });
  }
  if (subCategoryIds.length) {
    const found = await lockSubCategoriesForShare(tx, subCategoryIds);
    const missing = missingOf(subCategoryIds, found);
    if (missing.length) throw badRequest(`subCategory: unknown sub category id(s) ${missing.join(', ')}`, { fields: ['subCategory'] });
  }
}

/** How many products use a category (or subcategory) id; run after locking that row. */
export async function productsUsing(tx: Db, column: 'category_ids' | 'sub_category_ids', id: string): Promise<number> {
  const result = await tx.execute<{ n: number }>(sql`select count(*)::int as n from products where ${sql.identifier(column)} @> array[${id}]::text[]`);
  return Number((result as { rows: Array<{ n: number }> }).rows[0]?.n ?? 0);
}

const missingOf = (wanted: string[], found: Array<{ id: string }>) => {
  const known = new Set(found.map((r) => r.id));
  return [...new Set(wanted)].filter((id) => !known.has(id));
};
