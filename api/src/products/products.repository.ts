import { and, eq, gte, inArray, sql } from 'drizzle-orm';
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
 * Takes `quantity` units with `stock = stock - q where stock >= q`, only while the price and discount
 * are still the ones given and the product is published. False when the condition failed.
 */
export async function takeProductStock(tx: Writer, line: { productId: string; quantity: number; price: number; discount: number }): Promise<boolean> {
  const taken = await tx
    .update(products)
    .set({ stock: sql`${products.stock} - ${line.quantity}` })
    .where(
      and(
        eq(products.id, line.productId),
        gte(products.stock, line.quantity),
        eq(products.price, line.price),
        eq(products.discount, line.discount),
        eq(products.publish, true),
      ),
    )
    .returning({ id: products.id });
  return taken.length > 0;
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
