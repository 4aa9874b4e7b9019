import { sql } from 'drizzle-orm';
import { boolean, check, customType, index, integer, jsonb, numeric, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const products = pgTable(
  'products',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    /**
     * The product's SKU, in capitals (so unique whatever the case an admin typed), unique in the shop with its
     * options' SKUs (product_variants.sku): docs/product.md#catalogue-in-bulk.
     */
    sku: text('sku').notNull(),
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
    /**
     * HSN code and GST rate (per cent) of the goods, for tax invoices (docs/decisions/0200-tax-invoices.md). Required of
     * every product written since the rates of 22 September 2025; a product still without them is not sold until an admin
     * files them. `gst_rate_before` is the rate it carried before `gst_rate_since` (a day on India's calendar), so an
     * invoice dated before that day keeps the older rate.
     */
    hsn: text('hsn'),
    gstRate: numeric('gst_rate', { precision: 4, scale: 2, mode: 'number' }),
    gstRateBefore: numeric('gst_rate_before', { precision: 4, scale: 2, mode: 'number' }),
    gstRateSince: text('gst_rate_since'),
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
    uniqueIndex('products_sku').on(t.sku),
    check('products_sku_form', sql`${t.sku} ~ '^[A-Z0-9][A-Z0-9_-]{0,39}$'`),
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

export type ProductTableRow = typeof products.$inferSelect;
