import { eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { productVariants } from './inventory.table.js';

/**
 * Stock as readers of products see it. The inventory owns the figures (inventory_levels.available,
 * on-hand less reserved, is their one definition); these fragments only read them, written against an
 * unaliased "products" so that the catalogue's queries and hand-written statements can select them.
 */

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
  /** The option's SKU (docs/product.md#catalogue-in-bulk). */
  sku?: string;
}

/**
 * Whether any unit of the product can be bought: its own stock or any option's. For WHERE clauses
 * (a listing's in-stock filter); a selected product carries the same answer in its `inventory`.
 */
export const productInStockSql = sql`exists (select 1 from product_variants v join inventory_levels l on l.id = v.inventory_level_id
  where v.product_id = "products"."id" and l.available > 0)`;

/**
 * Whether a unit of the product moved in stock between `since` (exclusive) and `until` (an order, a cancel, a restock,
 * an adjustment, a return): the ledger's rows by their time (stock_movements_created_idx), so a change of stock alone
 * reaches a window of changes (ONDC's incremental refresh, docs/product.md#selling-on-ondc).
 */
export const productStockMovedSql = (since: Date, until: Date) => sql`"products"."id" in (select v.product_id from stock_movements m
  join product_variants v on v.id = m.variant_id where m.created_at > ${since.toISOString()}::timestamptz and m.created_at <= ${until.toISOString()}::timestamptz)`;

/** Whether the product is sold in an option of this name, any case ("XL"): search's nearest size first (docs/product.md#search). */
export const productHasOptionSql = (name: SQL) => sql`exists (select 1 from product_variants v
  where v.product_id = "products"."id" and not v.is_default and upper(v.name) = upper(${name}))`;

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
    'stock', coalesce(max(l.available) filter (where v.is_default), 0),
    'inStock', coalesce(bool_or(l.available > 0), false),
    'variants', case when bool_and(v.is_default) then '[]'::jsonb else coalesce((select jsonb_agg(jsonb_strip_nulls(jsonb_build_object(
        '_id', o.id, 'name', o.name, 'sku', o.sku, 'price', o.price,
        'stock', case when o.inventory_level_id is distinct from max(v.inventory_level_id) filter (where v.is_default) then ol.available end,
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
 * the answer is the same either way (docs/architecture.md#caches-batches-pools-and-plans).
 */
export const productInventorySql =
  sql<ProductInventory>`coalesce((select jsonb_build_object('stock', dp.available, 'inStock', dp.available > 0, 'variants', '[]'::jsonb)
    from inventory_levels dp where dp.product_id = "products"."id" and dp.options = 0), ${inventoryFromVariantRowsSql})`.mapWith(
    (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v) as ProductInventory,
  );

/**
 * The sellable units a pool sells: a product's own unit (`variantId` null) and the options that share its pool, or
 * the one option with a pool of its own. What a pool's return to stock brings back (docs/product.md#back-in-stock).
 */
export async function unitsOfPool(db: Pick<Db, 'select'>, levelId: string): Promise<Array<{ productId: string; variantId: string | null }>> {
  const rows = await db
    .select({ productId: productVariants.productId, variantId: productVariants.id, isDefault: productVariants.isDefault })
    .from(productVariants)
    .where(eq(productVariants.inventoryLevelId, levelId));
  return rows.map((r) => ({ productId: r.productId, variantId: r.isDefault ? null : r.variantId }));
}
