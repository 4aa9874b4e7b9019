import { and, desc, eq, ne, notInArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { categoryIdsExcept } from './categories.repository.js';
import { productColumns, type ProductRow } from './product-columns.js';
import { products } from './products.table.js';

const inCategory = (id: string) => sql`${products.categoryIds} @> array[${id}]::text[]`;
const inSubCategory = (id: string) => sql`${products.subCategoryIds} @> array[${id}]::text[]`;

/** The newest published products matching `where`: a walk down the newest-first index. */
function newest(db: Db, where: SQL | undefined, limit: number): Promise<ProductRow[]> {
  return db
    .select(productColumns)
    .from(products)
    .where(and(eq(products.publish, true), where))
    .orderBy(desc(products.createdAt), desc(products.id))
    .limit(limit);
}

/**
 * "You may also like": the newest of the same subcategory first, then the newest of the same
 * category, never the product itself. Two index walks; ordering by "is same subcategory" in one
 * query would rank every product of the category (45 ms at 100,000 products) on each product page.
 */
export async function relatedProducts(
  db: Db,
  categoryId: string | undefined,
  subCategoryId: string | undefined,
  excludeId: string | undefined,
  limit: number,
): Promise<ProductRow[]> {
  const notSelf = excludeId ? ne(products.id, excludeId) : undefined;
  if (!categoryId && !subCategoryId) return newest(db, notSelf, limit);
  const first = subCategoryId ? await newest(db, and(notSelf, inSubCategory(subCategoryId)), limit) : [];
  if (first.length >= limit || !categoryId) return first;
  const seen = [...first.map((p) => p.id), ...(excludeId ? [excludeId] : [])];
  const rest = await newest(db, and(inCategory(categoryId), seen.length ? notInArray(products.id, seen) : undefined), limit - first.length);
  return [...first, ...rest];
}

/**
 * "Explore other categories": round-robin over the other categories, newest first within each —
 * the newest of each category, then the second newest of each, and so on. One small index walk per
 * category (a window over the whole table took 240 ms at 100,000 products).
 */
export async function otherCategoryProducts(db: Db, currentCategoryId: string | undefined, limit: number): Promise<string[]> {
  const others = await categoryIdsExcept(db, currentCategoryId);
  const notCurrent = currentCategoryId ? sql`not ${inCategory(currentCategoryId)}` : undefined;
  const perCategory = await Promise.all(
    others.map(async (c) =>
      (
        await db
          .select({ id: products.id })
          .from(products)
          .where(and(eq(products.publish, true), inCategory(c.id), notCurrent))
          .orderBy(desc(products.createdAt), desc(products.id))
          .limit(limit)
      ).map((r) => r.id),
    ),
  );
  const ids: string[] = [];
  for (let rank = 0; ids.length < limit && perCategory.some((list) => list.length > rank); rank++) {
    for (const list of perCategory) {
      const id = list[rank];
      // A product in two other categories is shown once.
      if (id && !ids.includes(id) && ids.length < limit) ids.push(id);
    }
  }
  return ids;
}
