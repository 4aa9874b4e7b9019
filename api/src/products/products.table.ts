import { getTableColumns, sql } from 'drizzle-orm';
import { boolean, customType, index, integer, jsonb, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export interface StoredVariant {
  _id: string;
  name: string;
  price?: number;
  stock?: number;
  image?: string[];
}

export const products = pgTable(
  'products',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    image: text('image')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    categoryIds: text('category_ids')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    subCategoryIds: text('sub_category_ids')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    unit: text('unit').notNull().default('pack'),
    productType: text('product_type', { enum: ['fixed', 'variable'] })
      .notNull()
      .default('fixed'),
    stock: integer('stock').notNull().default(0),
    price: numeric('price', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    discount: numeric('discount', { precision: 5, scale: 2, mode: 'number' }).notNull().default(0),
    /** What the shopper pays (spec §9: price − ceil(price × discount / 100)); filters and sorts use it. */
    salePrice: numeric('sale_price', { precision: 12, scale: 2, mode: 'number' })
      .notNull()
      .generatedAlwaysAs(sql`greatest("price" - ceil("price" * "discount" / 100), 0)`),
    description: text('description').notNull().default(''),
    moreDetails: jsonb('more_details').$type<Record<string, string | number | boolean>>().notNull().default({}),
    variants: jsonb('variants').$type<StoredVariant[]>().notNull().default([]),
    publish: boolean('publish').notNull().default(true),
    reviewCount: integer('review_count').notNull().default(0),
    ratingSum: integer('rating_sum').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    search: tsvector('search')
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('english', coalesce("name", '')), 'A') || setweight(to_tsvector('english', coalesce("description", '')), 'B')`,
      ),
  },
  (t) => [
    index('products_category_ids_idx').using('gin', t.categoryIds),
    index('products_sub_category_ids_idx').using('gin', t.subCategoryIds),
    // Listings read only published products in these orders: partial indexes let a page (even a
    // deep one) and the count walk the index alone, without visiting the wide rows. NULLS FIRST
    // because that is what ORDER BY … DESC means: an index ordered otherwise is not used for it.
    index('products_published_newest_idx')
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.publish}`),
    index('products_published_price_idx')
      .on(t.salePrice, t.id)
      .where(sql`${t.publish}`),
    index('products_search_idx').using('gin', t.search),
    index('products_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
  ],
);

/**
 * The vocabulary of the catalogue (stemmed lexemes of names and descriptions), so that a misspelt
 * search word can be corrected by trigram similarity against a few thousand words instead of
 * 100,000 product names.
 */
export const searchWords = pgTable('search_words', { word: text('word').primaryKey() }, (t) => [
  index('search_words_trgm_idx').using('gin', sql`${t.word} gin_trgm_ops`),
]);

/** Every column but the search vector: it is for the database's own matching, never for the wire. */
const { search: _search, ...wireColumns } = getTableColumns(products);
export const productColumns = wireColumns;
export type ProductRow = Omit<typeof products.$inferSelect, 'search'>;

/** The product as a cart line (and an order's stock check) reads it: spec §3 Cart's populated productId. */
export const cartProductColumns = {
  name: products.name,
  image: products.image,
  unit: products.unit,
  price: products.price,
  discount: products.discount,
  stock: products.stock,
};
