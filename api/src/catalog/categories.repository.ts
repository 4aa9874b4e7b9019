import { asc, inArray, ne } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { categories } from './categories.table.js';

// The categories domain's queries that other domains run (products, subcategories), some inside
// the caller's transaction: pass the drizzle transaction as `db`.

type Reader = Pick<Db, 'select'>;

/** The ids among `ids` that are categories, locked FOR SHARE in the caller's transaction. */
export function lockCategoriesForShare(tx: Reader, ids: readonly string[]): Promise<Array<{ id: string }>> {
  return tx
    .select({ id: categories.id })
    .from(categories)
    .where(inArray(categories.id, [...ids]))
    .for('share');
}

/** Every category's id and name. */
export function categoryNames(db: Reader): Promise<Array<{ id: string; name: string }>> {
  return db.select({ id: categories.id, name: categories.name }).from(categories);
}

/** The ids of every category but `exceptId` (all of them without it). */
export function categoryIdsExcept(db: Reader, exceptId: string | undefined): Promise<Array<{ id: string }>> {
  return db
    .select({ id: categories.id })
    .from(categories)
    .where(exceptId ? ne(categories.id, exceptId) : undefined);
}

/** The categories among `ids` as references, by name. */
export function categoryRefsByName(db: Reader, ids: readonly string[]): Promise<Array<{ _id: string; name: string }>> {
  return db
    .select({ _id: categories.id, name: categories.name })
    .from(categories)
    .where(inArray(categories.id, [...ids]))
    .orderBy(asc(categories.name));
}
