import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { cartProductColumns, productColumns, products, type ProductRow } from './products.table.js';

// The products domain's queries that other domains run (cart, orders, reviews, wishlist), some
// inside the caller's transaction: pass the drizzle transaction as `db`.

type Reader = Pick<Db, 'select'>;
type Writer = Pick<Db, 'update'>;

/** The products of cart lines, as a cart line shows them; unknown ids are left out. */
export function cartProductsByIds(db: Reader, ids: readonly string[]) {
  return db
    .select({ _id: products.id, ...cartProductColumns })
    .from(products)
    .where(inArray(products.id, [...ids]));
}

/** The products of an order as its stock check reads them, with whether they are published. */
export function saleableRowsByIds(db: Reader, ids: readonly string[]) {
  return db
    .select({ id: products.id, ...cartProductColumns, publish: products.publish })
    .from(products)
    .where(inArray(products.id, [...ids]));
}

/** Stock and publication of products, locked FOR SHARE in the caller's transaction. */
export function stockForShare(tx: Reader, ids: readonly string[]) {
  return tx
    .select({ id: products.id, stock: products.stock, publish: products.publish })
    .from(products)
    .where(inArray(products.id, [...ids]))
    .for('share');
}

/** Name and stock of a published product, or undefined. */
export async function publishedNameAndStock(db: Reader, productId: string): Promise<{ name: string; stock: number } | undefined> {
  const [product] = await db
    .select({ name: products.name, stock: products.stock })
    .from(products)
    .where(and(eq(products.id, productId), eq(products.publish, true)));
  return product;
}

/** Name and stock of a product, published or not, or undefined. */
export async function nameAndStock(db: Reader, productId: string): Promise<{ name: string; stock: number } | undefined> {
  const [product] = await db.select({ name: products.name, stock: products.stock }).from(products).where(eq(products.id, productId));
  return product;
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
 * image, unit, price, discount, stock); `publishedOnly` leaves out an unpublished one.
 */
export function cartProductCte(productId: SQL, publishedOnly: boolean): SQL {
  return sql`cart_product as (
      select id, name, image, unit, price, discount, stock from products where id = ${productId}${publishedOnly ? sql` and publish` : sql``}
    )`;
}

/**
 * The stock-taking CTEs of an order placed in one statement: `stock_locked` locks, in product-id
 * order (so two orders never deadlock), the rows whose stock covers the line and whose price,
 * discount and publication are still the ones the order was priced at; only when every line's row
 * qualified does `stock_taken` take `stock = stock - q` from each (the row locks make the condition
 * hold until the statement commits, and `stock >= q` is checked again on the latest row version).
 * So the stock is taken first and all or nothing: a shopper who is too late writes nothing, and a
 * row that no longer qualifies in the statement's snapshot is not even locked. The caller writes its
 * rows only `where (select count(*) from stock_taken) = lines.length`.
 */
export function takeStockCtes(lines: ReadonlyArray<{ productId: string; quantity: number; price: number; discount: number }>): SQL {
  const want = JSON.stringify(lines.map((l) => ({ product_id: l.productId, quantity: l.quantity, price: l.price, discount: l.discount })));
  return sql`stock_want as (
      select * from jsonb_to_recordset(${want}::jsonb) as w(product_id text, quantity int, price numeric, discount numeric)
    ), stock_locked as (
      select p.id from products p join stock_want w on w.product_id = p.id
      where p.stock >= w.quantity and p.price = w.price and p.discount = w.discount and p.publish
      order by p.id for update of p
    ), stock_taken as (
      update products p set stock = p.stock - w.quantity from stock_want w
      where p.id = w.product_id and p.stock >= w.quantity and (select count(*) from stock_locked) = ${lines.length}
      returning p.id
    )`;
}

/** Puts `quantity` units back. */
export async function returnProductStock(tx: Writer, productId: string, quantity: number): Promise<void> {
  await tx
    .update(products)
    .set({ stock: sql`${products.stock} + ${quantity}` })
    .where(eq(products.id, productId));
}

/** Review counts of a product, or undefined for an unknown one. */
export async function reviewCountsOf(db: Reader, productId: string): Promise<{ reviewCount: number; ratingSum: number } | undefined> {
  const [product] = await db.select({ reviewCount: products.reviewCount, ratingSum: products.ratingSum }).from(products).where(eq(products.id, productId));
  return product;
}

/** Locks a product row FOR UPDATE in the caller's transaction; `published` also requires it to be published. True when found. */
export async function lockProduct(tx: Reader, productId: string, published: boolean): Promise<boolean> {
  const [product] = await tx
    .select({ id: products.id })
    .from(products)
    .where(published ? and(eq(products.id, productId), eq(products.publish, true)) : eq(products.id, productId))
    .for('update');
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

/** Takes a removed review out of a product's counts (never below zero), in the caller's transaction. */
export async function removeFromReviewCounts(tx: Writer, productId: string, rating: number) {
  const [counts] = await tx
    .update(products)
    .set({ reviewCount: sql`greatest(${products.reviewCount} - 1, 0)`, ratingSum: sql`greatest(${products.ratingSum} - ${rating}, 0)` })
    .where(eq(products.id, productId))
    .returning({ reviewCount: products.reviewCount, ratingSum: products.ratingSum });
  return counts;
}
