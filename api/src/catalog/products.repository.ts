import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { CartProduct } from '@haat/shared/cart/cart.types';
import { defineStatement, type Db, type NamedStatement } from '../db/database.js';
import { productInventorySql, type ProductInventory, type StoredVariant } from '../inventory/index.js';
import { cartProductColumns, productColumns, type ProductRow } from './product-columns.js';
import { products } from './products.table.js';
import { gstRateMoves } from './gst-rate-moves.table.js';
import { indiaDay, isRateInForce } from '@haat/shared/gst/gst-rates';

export type { StoredVariant } from '../inventory/index.js';

// The products domain's queries that other domains run (cart, orders, reviews, wishlist), some
// inside the caller's transaction: pass the drizzle transaction as `db`.

type Reader = Pick<Db, 'select'>;
type Writer = Pick<Db, 'update'>;

/** The products of cart lines, as a cart line shows them (with their variants); unknown ids are left out. */
export async function cartProductsByIds(db: Reader, ids: readonly string[]) {
  const rows = await db
    .select({ _id: products.id, ...cartProductColumns })
    .from(products)
    .where(inArray(products.id, [...ids]));
  return rows.map(({ inventory, ...row }) => ({ ...row, stock: inventory.stock, variants: inventory.variants }));
}

/** A product's `inventory` (read as JSON by a named statement) as its stock and options. */
function stockAndVariants(inventory: ProductInventory | string): { stock: number; variants: StoredVariant[] } {
  const { stock, variants } = typeof inventory === 'string' ? (JSON.parse(inventory) as ProductInventory) : inventory;
  return { stock: Number(stock), variants };
}

/** A product as an order's pricing and stock check read it: what a cart line shows, its variants, and whether it is published. */
export interface SaleableRow extends Omit<CartProduct, '_id'> {
  id: string;
  variants: StoredVariant[];
  publish: boolean;
  maxPerOrder: number;
}

const saleableProducts = defineStatement<{ ids: string }>(
  'order-saleable-products',
  (p) => sql`select id, name, image, unit, price, discount, ${productInventorySql} as inventory, publish, max_per_order, hsn, gst_rate from products
      where id in (select jsonb_array_elements_text(${p.ids}::jsonb))`,
);

/**
 * Whether a product may be sold, and so invoiced: published, with an HSN code and a GST rate in force today. One stored
 * before both were required, or left on a slab since gone (12 %), waits for an admin to file them
 * (docs/product.md#tax-invoices).
 */
const forSale = (r: { publish: boolean; hsn: string | null; gst_rate: number | string | null }) =>
  r.publish && r.hsn !== null && r.gst_rate !== null && isRateInForce(Number(r.gst_rate), indiaDay(new Date()));

/**
 * The products of an order as its stock check reads them, with whether they are for sale (forSale): a named
 * statement (constant text, the ids as one JSON parameter), so neither drizzle's query building nor
 * PostgreSQL's parsing is paid per order. Unknown ids are left out.
 */
export async function saleableRowsByIds(statement: NamedStatement, ids: readonly string[]): Promise<SaleableRow[]> {
  const rows = await statement<
    Omit<SaleableRow, 'price' | 'discount' | 'stock' | 'variants' | 'maxPerOrder'> & {
      price: number | string;
      discount: number | string;
      inventory: ProductInventory | string;
      max_per_order: number;
      hsn: string | null;
      gst_rate: number | string | null;
    },
    { ids: string }
  >(saleableProducts, { ids: JSON.stringify(ids) });
  return rows.map(({ max_per_order, inventory, hsn, gst_rate, ...r }) => ({
    ...r,
    publish: forSale({ publish: r.publish, hsn, gst_rate }),
    price: Number(r.price),
    discount: Number(r.discount),
    ...stockAndVariants(inventory),
    maxPerOrder: Number(max_per_order),
  }));
}

/** Stock, options, price, limit and publication of products, locked FOR SHARE in the caller's transaction. */
export async function stockForShare(tx: Reader, ids: readonly string[]) {
  const rows = await tx
    .select({
      id: products.id,
      inventory: productInventorySql,
      image: products.image,
      price: products.price,
      discount: products.discount,
      publish: products.publish,
      maxPerOrder: products.maxPerOrder,
    })
    .from(products)
    .where(inArray(products.id, [...ids]))
    .for('share');
  return rows.map(({ inventory, ...row }) => ({ ...row, stock: inventory.stock, variants: inventory.variants }));
}

/** Whether a product exists and is published. */
export async function isPublished(db: Reader, productId: string): Promise<boolean> {
  const [product] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, productId), eq(products.publish, true)));
  return product !== undefined;
}

/** The published products among ids (every column but the search vector). */
export function publishedByIds(db: Reader, ids: readonly string[]): Promise<ProductRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select(productColumns)
    .from(products)
    .where(and(inArray(products.id, [...ids]), eq(products.publish, true)));
}

/**
 * A CTE `cart_product`: the product whose id `productId` yields, as a cart line shows it (id, name,
 * image, unit, price, discount, max_per_order, stock, variants); `publishedOnly` leaves out an unpublished one.
 * The inner query's `offset 0` keeps PostgreSQL from pulling it up into the outer one, which would
 * copy the inventory read into each of its two uses and look the pools up twice per cart call.
 */
export function cartProductCte(productId: SQL, publishedOnly: boolean): SQL {
  return sql`cart_product as (
      select id, name, image, unit, price, discount, max_per_order, (inventory->>'stock')::int as stock, inventory->'variants' as variants
      from (select id, name, image, unit, price, discount, max_per_order, ${productInventorySql} as inventory from products
        where id = ${productId}${publishedOnly ? sql` and publish` : sql``} offset 0) p
    )`;
}

/** Review counts of a product, or undefined for an unknown one. */
export async function reviewCountsOf(db: Reader, productId: string): Promise<{ reviewCount: number; ratingSum: number } | undefined> {
  const [product] = await db.select({ reviewCount: products.reviewCount, ratingSum: products.ratingSum }).from(products).where(eq(products.id, productId));
  return product;
}

/**
 * Locks a product row FOR NO KEY UPDATE in the caller's transaction (its key never changes, and orders'
 * key checks of their lines are not blocked: docs/decisions/0216); `published` also requires it to be
 * published. True when found.
 */
export async function lockProduct(tx: Reader, productId: string, published: boolean): Promise<boolean> {
  const [product] = await tx
    .select({ id: products.id })
    .from(products)
    .where(published ? and(eq(products.id, productId), eq(products.publish, true)) : eq(products.id, productId))
    .for('no key update');
  return product !== undefined;
}

/** Moves a product's review counts by a new (or changed) review, in the caller's transaction. */
export async function addToReviewCounts(tx: Writer, productId: string, countDelta: number, ratingDelta: number) {
  const [counts] = await tx
    .update(products)
    .set({
      reviewCount: sql`${products.reviewCount} + ${countDelta}`,
      ratingSum: sql`${products.ratingSum} + ${ratingDelta}`,
    })
    .where(eq(products.id, productId))
    .returning({ reviewCount: products.reviewCount, ratingSum: products.ratingSum });
  return counts;
}

/**
 * addToReviewCounts for many products in one statement: each product's counts move by its reviews' number and rating
 * sum, the same rule (the demo seed writes its thousands of reviews at once, docs/decisions/0053-demo-seed.md).
 */
export async function addToReviewCountsOfMany(tx: Pick<Db, 'execute'>, moves: ReadonlyArray<{ productId: string; count: number; ratingSum: number }>) {
  if (moves.length === 0) return;
  await tx.execute(sql`
    update ${products} set review_count = ${products.reviewCount} + m.count, rating_sum = ${products.ratingSum} + m.rating_sum
    from jsonb_to_recordset(${JSON.stringify(moves.map((m) => ({ id: m.productId, count: m.count, rating_sum: m.ratingSum })))}::jsonb)
      as m(id text, count int, rating_sum int)
    where ${products.id} = m.id`);
}

/** Takes a removed review out of a product's counts (never below zero), in the caller's transaction. */
export async function removeFromReviewCounts(tx: Writer, productId: string, rating: number) {
  const [counts] = await tx
    .update(products)
    .set({ reviewCount: sql`greatest(${products.reviewCount} - 1, 0)`, ratingSum: sql`greatest(${products.ratingSum} - ${rating}, 0)` })
    .where(eq(products.id, productId))
    .returning({ reviewCount: products.reviewCount, ratingSum: products.ratingSum });
  return counts;
}

/** A product's codes for a tax invoice: its HSN code, its rate, and the rate it replaced before `since` (a day). */
export interface TaxCodes {
  hsn: string;
  rate: number;
  before: number | null;
  since: string | null;
}

/** The HSN codes and GST rates of products, for a tax invoice; a product without a rate (or deleted) is left out. */
export async function taxCodesOf(db: Reader, ids: readonly string[]): Promise<Map<string, TaxCodes>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: products.id, hsn: products.hsn, rate: products.gstRate, before: products.gstRateBefore, since: products.gstRateSince })
    .from(products)
    .where(inArray(products.id, [...ids]));
  return new Map(rows.flatMap(({ id, hsn, rate, before, since }) => (rate === null ? [] : [[id, { hsn: hsn ?? '', rate, before, since }] as const])));
}

/** A product the shop cannot invoice until an admin files its codes: no HSN code, no rate, or a rate no longer in force. */
export interface UnfiledProduct {
  productId: string;
  sku: string;
  name: string;
  hsn: string | null;
  gstRate: number | null;
}

/** What the move to the rates of 22 September 2025 did to a product (api/drizzle/0049). */
export interface RateMove {
  productId: string;
  sku: string;
  name: string;
  hsn: string | null;
  rateBefore: number;
  /** Null: its HSN code's rate is not in the shop's list, and the admin files it. */
  rateAfter: number | null;
  movedAt: string;
}

/**
 * The catalogue's tax filing for the admin (docs/product.md#tax-invoices): the products not sold until their HSN code
 * and a rate in force today are filed, and what the move to the rates of 22 September 2025 changed. At most `limit` of each.
 */
export async function taxFilingReport(db: Reader, ratesInForce: readonly number[], limit: number): Promise<{ unfiled: UnfiledProduct[]; moved: RateMove[] }> {
  const rates = sql.join(
    ratesInForce.map((r) => sql`${r}::numeric`),
    sql`, `,
  );
  const [unfiled, moved] = await Promise.all([
    db
      .select({ productId: products.id, sku: products.sku, name: products.name, hsn: products.hsn, gstRate: products.gstRate })
      .from(products)
      .where(sql`${products.hsn} is null or ${products.gstRate} is null or ${products.gstRate} not in (${rates})`)
      .orderBy(products.sku)
      .limit(limit),
    db.select().from(gstRateMoves).orderBy(gstRateMoves.sku).limit(limit),
  ]);
  return { unfiled, moved: moved.map((m) => ({ ...m, movedAt: m.movedAt.toISOString() })) };
}
