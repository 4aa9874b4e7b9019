import { sql } from 'drizzle-orm';
import { index, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { categories } from './categories.table.js';

/** Names are unique whatever their case, like categories' (a second "Fiction" answers 409). */
export const subCategories = pgTable(
  'sub_categories',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    image: text('image').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sub_categories_name_key').on(sql`lower(${t.name})`)],
);

/** A subcategory may belong to several categories (docs/product.md#records). */
export const subCategoryCategories = pgTable(
  'sub_category_categories',
  {
    subCategoryId: text('sub_category_id')
      .notNull()
      .references(() => subCategories.id, { onDelete: 'cascade' }),
    categoryId: text('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'restrict' }),
  },
  (t) => [primaryKey({ columns: [t.subCategoryId, t.categoryId] }), index('sub_category_categories_category_idx').on(t.categoryId)],
);

export type SubCategoryRow = typeof subCategories.$inferSelect;
