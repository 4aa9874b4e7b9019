import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { cartProductColumns, productColumns, products, type ProductRow, type StoredVariant } from './products.table.js';

// The products domain's queries that other domains run (cart, orders, reviews, wishlist), some
// inside the caller's transaction: pass the drizzle transaction as `db`.

type Reader = Pick<Db, 'select'>;
type Writer = Pick<Db, 'update'>;

/** The products of cart lines, as a cart line shows them (with their variants); unknown ids are left out. */
export function cartProductsByIds(db: Reader, ids: readonly string[]) {
  return db
    .select({ _id: products.id, ...cartProductColumns, variants: products.variants })
    .from(products)
    .where(inArray(products.id, [...ids]));
}

/** The products of an order as its stock check reads them, with whether they are published. */
export function saleableRowsByIds(db: Reader, ids: readonly string[]) {
  return db
    .select({ id: products.id, ...cartProductColumns, variants: products.variants, publish: products.publish })
    .from(products)
    .where(inArray(products.id, [...ids]));
}

/** Stock and publication of products, locked FOR SHARE in the caller's transaction. */
export function stockForShare(tx: Reader, ids: readonly string[]) {
  return tx
    .select({ id: products.id, stock: products.stock, image: products.image, price: products.price, variants: products.variants, publish: products.publish })
    .from(products)
    .where(inArray(products.id, [...ids]))
    .for('share');
}

/** What adding to the cart reads of a product: its name, stock, price, images and variants. */
type CartFacts = { name: string; stock: number; price: number; image: string[]; variants: StoredVariant[] };
const cartFacts = { name: products.name, stock: products.stock, price: products.price, image: products.image, variants: products.variants };

/** Name, stock and variants of a published product, or undefined. */
export async function publishedNameAndStock(db: Reader, productId: string): Promise<CartFacts | undefined> {
  const [product] = await db
    .select(cartFacts)
    .from(products)
    .where(and(eq(products.id, productId), eq(products.publish, true)));
  return product;
}

/** Name, stock and variants of a product, published or not, or undefined. */
export async function nameAndStock(db: Reader, productId: string): Promise<CartFacts | undefined> {
  const [product] = await db.select(cartFacts).from(products).where(eq(products.id, productId));
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

/** The variant element `variantId` of the row's variants, for conditions on it. */
const variantOf = (variantId: string) => sql`(select e from jsonb_array_elements(${products.variants}) e where e->>'_id' = ${variantId} limit 1)`;

/** The variants with `delta` added to the stock of `variantId` (order kept). */
const variantsWithStockMoved = (variantId: string, delta: number) =>
  sql`(select jsonb_agg(case when e->>'_id' = ${variantId} then jsonb_set(e, '{stock}', to_jsonb((e->>'stock')::int + ${delta}::int)) else e end order by i)
       from jsonb_array_elements(${products.variants}) with ordinality as t(e, i))`;

/**
 * Takes `quantity` units of one variant, on the product row (the same row lock as product stock):
 * from the variant's own stock when it keeps one (`ownStock`), else from the product's. Only while
 * the variant still exists, keeps (or not) its own stock as it did when priced, still sells at
 * `price` (its own price, else the product's) and the discount is unchanged. False when not taken.
 */
export async function takeVariantStock(
  tx: Writer,
  line: { productId: string; variantId: string; ownStock: boolean; quantity: number; price: number; discount: number },
): Promise<boolean> {
  const variant = variantOf(line.variantId);
  const hasStock = sql`jsonb_typeof(${variant}->'stock') = 'number'`;
  const taken = await tx
    .update(products)
    .set(line.ownStock ? { variants: sql`${variantsWithStockMoved(line.variantId, -line.quantity)}` } : { stock: sql`${products.stock} - ${line.quantity}` })
    .where(
      and(
        eq(products.id, line.productId),
        eq(products.publish, true),
        eq(products.discount, line.discount),
        sql`coalesce((${variant}->>'price')::numeric, ${products.price}) = ${line.price}::numeric`,
        line.ownStock
          ? and(hasStock, sql`(${variant}->>'stock')::int >= ${line.quantity}::int`)
          : and(sql`not coalesce(${hasStock}, false)`, sql`${variant} is not null`, gte(products.stock, line.quantity)),
      ),
    )
    .returning({ id: products.id });
  return taken.length > 0;
}

/**
 * Puts `quantity` units of a variant back: to its own stock when it keeps one, else to the product's.
 * A variant that no longer exists has nothing to return to (like a deleted product).
 */
export async function returnVariantStock(tx: Writer, productId: string, variantId: string, quantity: number): Promise<void> {
  const variant = variantOf(variantId);
  const ownStock = sql`jsonb_typeof(${variant}->'stock') = 'number'`;
  await tx
    .update(products)
    .set({
      variants: sql`case when ${ownStock} then ${variantsWithStockMoved(variantId, quantity)} else ${products.variants} end`,
      stock: sql`case when ${ownStock} then ${products.stock} else ${products.stock} + ${quantity}::int end`,
    })
    .where(and(eq(products.id, productId), sql`${variant} is not null`));
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
