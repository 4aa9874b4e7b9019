import { Inject, Injectable } from '@nestjs/common';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { CreateSubCategoryBody, UpdateSubCategoryBody } from '@haat/shared/catalog/category.schema';
import type { CategoryRef, SubCategory } from '@haat/shared/catalog/catalog.types';
import { DB, type Db } from '../db/database.js';
import { conflict, notFound } from '../common/app-error.js';
import { newId } from '../common/ids.js';
import { categoryRefsByName } from './categories.repository.js';
import { lockCatalogRefs, productsUsing } from './catalog-refs.js';
import { CatalogVersion } from './catalog-version.js';
import { subCategories, subCategoryCategories, type SubCategoryRow } from './subcategories.table.js';
import { isUniqueViolation } from '../common/unique-violation.js';

/** The name index (any case) answers a second "Fiction" with 409, as categories do. */
const duplicateName = (name: string) => (e: unknown) => {
  if (isUniqueViolation(e)) throw conflict(`A sub category named "${name}" already exists.`);
  throw e;
};

@Injectable()
export class SubCategoriesService {
  constructor(
    @Inject(DB) private readonly db: Db,
    private readonly version: CatalogVersion,
  ) {}

  async create(body: CreateSubCategoryBody): Promise<SubCategory> {
    const categoryIds = [...new Set(body.category)]; // the same category twice counts once (docs/product.md#validation)
    const id = newId();
    await this.db
      .transaction(async (tx) => {
        await lockCatalogRefs(tx, categoryIds, []);
        await tx.insert(subCategories).values({ id, name: body.name, image: body.image });
        await tx.insert(subCategoryCategories).values(categoryIds.map((categoryId) => ({ subCategoryId: id, categoryId })));
      })
      .catch(duplicateName(body.name));
    await this.version.bump();
    return this.get(id);
  }

  async list(): Promise<SubCategory[]> {
    const rows = await this.db
      .select()
      .from(subCategories)
      .orderBy(asc(sql`lower(${subCategories.name})`));
    return this.populate(rows);
  }

  async get(id: string): Promise<SubCategory> {
    const rows = await this.db.select().from(subCategories).where(eq(subCategories.id, id));
    const [one] = await this.populate(rows);
    if (!one) throw notFound('Sub category');
    return one;
  }

  async update(body: UpdateSubCategoryBody): Promise<SubCategory> {
    const categoryIds = body.category ? [...new Set(body.category)] : null;
    await this.db
      .transaction(async (tx) => {
        if (categoryIds) await lockCatalogRefs(tx, categoryIds, []);
        const updated = await tx
          .update(subCategories)
          .set({ name: body.name, ...(body.image !== undefined ? { image: body.image } : {}), updatedAt: new Date() })
          .where(eq(subCategories.id, body._id))
          .returning({ id: subCategories.id });
        if (updated.length === 0) throw notFound('Sub category');
        if (categoryIds) {
          await tx.delete(subCategoryCategories).where(eq(subCategoryCategories.subCategoryId, body._id));
          await tx.insert(subCategoryCategories).values(categoryIds.map((categoryId) => ({ subCategoryId: body._id, categoryId })));
        }
      })
      .catch(duplicateName(body.name));
    await this.version.bump();
    return this.get(body._id);
  }

  async remove(id: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      // Locked first: see lockCatalogRefs for how this keeps products from being orphaned.
      const [row] = await tx.select({ id: subCategories.id }).from(subCategories).where(eq(subCategories.id, id)).for('update');
      if (!row) throw notFound('Sub category');
      const used = await productsUsing(tx, 'sub_category_ids', id);
      if (used > 0) throw conflict(`This sub category is still used by ${used} product(s). Move or delete them first.`, { products: used });
      await tx.delete(subCategories).where(eq(subCategories.id, id));
    });
    await this.version.bump();
  }

  private async populate(rows: SubCategoryRow[]): Promise<SubCategory[]> {
    if (rows.length === 0) return [];
    const links = await this.db
      .select({ subCategoryId: subCategoryCategories.subCategoryId, categoryId: subCategoryCategories.categoryId })
      .from(subCategoryCategories)
      .where(
        inArray(
          subCategoryCategories.subCategoryId,
          rows.map((r) => r.id),
        ),
      );
    const subsOf = new Map<string, string[]>();
    for (const link of links) subsOf.set(link.categoryId, [...(subsOf.get(link.categoryId) ?? []), link.subCategoryId]);
    // Each subcategory lists its categories by name, as the categories domain orders them.
    const refs = links.length === 0 ? [] : await categoryRefsByName(this.db, [...subsOf.keys()]);
    const bySub = new Map<string, CategoryRef[]>();
    for (const ref of refs) {
      for (const subId of subsOf.get(ref._id) ?? []) bySub.set(subId, [...(bySub.get(subId) ?? []), { _id: ref._id, name: ref.name }]);
    }
    return rows.map((r) => ({
      _id: r.id,
      name: r.name,
      image: r.image,
      category: bySub.get(r.id) ?? [],
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
    }));
  }
}
