import { getTableColumns, sql } from 'drizzle-orm';
import { boolean, customType, index, integer, jsonb, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * An option of a product as the wire and the pricing rules see it: read from its product_variants
 * row, `stock` present only when the option has a stock pool of its own (see inventory.table.ts).
 */
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
    /** Most units of this product one order line may hold. */
    maxPerOrder: integer('max_per_order').notNull().default(10),
    price: numeric('price', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    discount: numeric('discount', { precision: 5, scale: 2, mode: 'number' }).notNull().default(0),
    /** What the shopper pays (docs/product.md#rules-and-limits: price − ceil(price × discount / 100)); filters and sorts use it. */
    salePrice: numeric('sale_price', { precision: 12, scale: 2, mode: 'number' })
      .notNull()
      .generatedAlwaysAs(sql`greatest("price" - ceil("price" * "discount" / 100), 0)`),
    description: text('description').notNull().default(''),
    moreDetails: jsonb('more_details').$type<Record<string, string | number | boolean>>().notNull().default({}),
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

/**
 * Whether any unit of the product can be bought: its own stock or any option's. For WHERE clauses
 * (a listing's in-stock filter); a selected product carries the same answer in its `inventory`.
 */
export const productInStockSql = sql`exists (select 1 from product_variants v join inventory_levels l on l.id = v.inventory_level_id
  where v.product_id = "products"."id" and l.on_hand > l.reserved)`;

/** What the inventory says of a product, as the wire shows it: see productInventorySql. */
export interface ProductInventory {
  stock: number;
  inStock: boolean;
  variants: StoredVariant[];
}

/**
 * What the inventory says of a product, read from its variant rows (the inventory module owns the
 * figures, this only reads them):
 * - `stock`: what the product's own unit (its default variant's pool) can still sell;
 * - `inStock`: whether any pool of it has a unit left;
 * - `variants`: the options an admin made, in order, as the wire shows them: `stock` only for an
 *   option with a pool of its own (one sharing the default's pool sells the product's stock),
 *   `price` and `image` only where the option sets them.
 * One pass over the rows gives the two figures; the options list is built by a second read only
 * when the product has options. Written against "products" so it works in drizzle queries of the
 * products table and in hand-written ones that alias nothing. Exported for the test that proves
 * productInventorySql gives the same answer.
 */
export const inventoryFromVariantRowsSql = sql`(select jsonb_build_object(
    'stock', coalesce(max(l.on_hand - l.reserved) filter (where v.is_default), 0),
    'inStock', coalesce(bool_or(l.on_hand - l.reserved > 0), false),
    'variants', case when bool_and(v.is_default) then '[]'::jsonb else coalesce((select jsonb_agg(jsonb_strip_nulls(jsonb_build_object(
        '_id', o.id, 'name', o.name, 'price', o.price,
        'stock', case when o.inventory_level_id is distinct from max(v.inventory_level_id) filter (where v.is_default) then ol.on_hand - ol.reserved end,
        'image', case when cardinality(o.image) > 0 then to_jsonb(o.image) end)) order by o.position, o.id)
      from product_variants o join inventory_levels ol on ol.id = o.inventory_level_id
      where o.product_id = "products"."id" and not o.is_default), '[]'::jsonb) end)
  from product_variants v join inventory_levels l on l.id = v.inventory_level_id
  where v.product_id = "products"."id")`;

/**
 * The same, cheaply for most products: a product without options (`options = 0` on its pool row,
 * kept by the inventory module in the transaction that changes its options) has one pool, so its
 * figures are that row's, found by one key lookup instead of two and an aggregate. Any other
 * product (options, or a pool row that does not name its product) takes the full read above, so
 * the answer is the same either way (docs/decisions/0142-product-stock-from-its-pool-row.md).
 */
export const productInventorySql =
  sql<ProductInventory>`coalesce((select jsonb_build_object('stock', dp.on_hand - dp.reserved, 'inStock', dp.on_hand > dp.reserved, 'variants', '[]'::jsonb)
    from inventory_levels dp where dp.product_id = "products"."id" and dp.options = 0), ${inventoryFromVariantRowsSql})`.mapWith(
    (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v) as ProductInventory,
  );

/** Every column but the search vector (for the database's own matching, never for the wire), with the stock read from the inventory. */
const { search: _search, ...tableColumns } = getTableColumns(products);
export const productColumns = {
  ...tableColumns,
  inventory: productInventorySql,
};
export type ProductRow = Omit<typeof products.$inferSelect, 'search'> & { inventory: ProductInventory };

/** The product as a cart line (and an order's stock check) reads it: the Cart's populated productId, stock and options in `inventory`. */
export const cartProductColumns = {
  name: products.name,
  image: products.image,
  unit: products.unit,
  price: products.price,
  discount: products.discount,
  inventory: productInventorySql,
};
