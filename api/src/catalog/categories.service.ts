import { Inject, Injectable } from '@nestjs/common';
import { asc, eq, sql } from 'drizzle-orm';
import type { AddCategoryBody, UpdateCategoryBody } from '@haat/shared/catalog/category.schema';
import type { Category } from '@haat/shared/catalog/catalog.types';
import { DB, type Db } from '../db/database.js';
import { conflict, notFound } from '../common/app-error.js';
import { newId } from '../common/ids.js';
import { productsUsing } from './catalog-refs.js';
import { subCategoriesUnder } from './subcategories.repository.js';
import { CatalogVersion } from './catalog-version.js';
import { categories, type CategoryRow } from './categories.table.js';
import { isUniqueViolation } from '../common/unique-violation.js';

export function toCategory(row: CategoryRow): Category {
  return { _id: row.id, name: row.name, image: row.image, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
}

@Injectable()
export class CategoriesService {
  constructor(
    @Inject(DB) private readonly db: Db,
    private readonly version: CatalogVersion,
  ) {}

  async add(body: AddCategoryBody): Promise<Category> {
    try {
      const [row] = await this.db.insert(categories).values({ id: newId(), name: body.name, image: body.image }).returning();
      await this.version.bump();
      return toCategory(row!);
    } catch (e) {
      if (isUniqueViolation(e)) throw conflict(`A category named "${body.name}" already exists.`);
      throw e;
    }
  }

  async list(): Promise<Category[]> {
    const rows = await this.db
      .select()
      .from(categories)
      .orderBy(asc(sql`lower(${categories.name})`));
    return rows.map(toCategory);
  }

  async update(body: UpdateCategoryBody): Promise<Category> {
    try {
      const [row] = await this.db
        .update(categories)
        .set({ name: body.name, ...(body.image !== undefined ? { image: body.image } : {}), updatedAt: new Date() })
        .where(eq(categories.id, body._id))
        .returning();
      if (!row) throw notFound('Category');
      await this.version.bump();
      return toCategory(row);
    } catch (e) {
      if (isUniqueViolation(e)) throw conflict(`A category named "${body.name}" already exists.`);
      throw e;
    }
  }

  /** Refuses while products or subcategories still use the category: no orphaned catalogue. */
  async remove(id: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      // Locked first, so a product written at the same time either waits and then finds the category gone, or is counted here.
      const [row] = await tx.select({ id: categories.id }).from(categories).where(eq(categories.id, id)).for('update');
      if (!row) throw notFound('Category');
      const used = await productsUsing(tx, 'category_ids', id);
      const subs = await subCategoriesUnder(tx, id);
      if (used > 0 || subs > 0) {
        throw conflict(`This category is still used by ${used} product(s) and ${subs} subcategory(ies). Move or delete them first.`, {
          products: used,
          subCategories: subs,
        });
      }
      await tx.delete(categories).where(eq(categories.id, id));
    });
    await this.version.bump();
  }
}
