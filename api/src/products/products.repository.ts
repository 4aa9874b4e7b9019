import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { CartProduct } from '@haat/shared/cart/cart.types';
import type { Db, NamedStatement } from '../db/database.js';
import { cartProductColumns, productColumns, products, type ProductRow, type StoredVariant } from './products.table.js';

export type { StoredVariant } from './products.table.js';

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

/** A product as an order's pricing and stock check read it: what a cart line shows, its variants, and whether it is published. */
export interface SaleableRow extends Omit<CartProduct, '_id'> {
  id: string;
  variants: StoredVariant[];
  publish: boolean;
}

/**
 * The products of an order as its stock check reads them, with whether they are published: a named
 * statement (constant text, the ids as one JSON parameter), so neither drizzle's query building nor
 * PostgreSQL's parsing is paid per order. Unknown ids are left out.
 */
export async function saleableRowsByIds(statement: NamedStatement, ids: readonly string[]): Promise<SaleableRow[]> {
  const rows = await statement<
    Omit<SaleableRow, 'price' | 'discount' | 'stock'> & { price: number | string; discount: number | string; stock: number | string }
  >(
    'order-saleable-products',
    sql`select id, name, image, unit, price, discount, stock, variants, publish from products
        where id in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))`,
  );
  return rows.map((r) => ({ ...r, price: Number(r.price), discount: Number(r.discount), stock: Number(r.stock) }));
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
 * A CTE `cart_product`: the product whose id `productId` yields, as a cart line shows it (id, name,
 * image, unit, price, discount, stock, variants); `publishedOnly` leaves out an unpublished one.
 */
export function cartProductCte(productId: SQL, publishedOnly: boolean): SQL {
  return sql`cart_product as (
      select id, name, image, unit, price, discount, stock, variants from products where id = ${productId}${publishedOnly ? sql` and publish` : sql``}
    )`;
}

/**
 * The stock-taking CTEs of an order placed in one statement. `stock_locked` locks, in product-id
 * order (so two orders never deadlock), each product row on which every line of the order still
 * qualifies: published, the discount and the selling price (the variant's own, else the product's)
 * the order was priced at, the variant still there and keeping (or not) its own stock as when
 * priced, and enough units: each own-stock variant its line's quantity, the product's stock the sum
 * of the lines that take from it. Only when every row qualified does `stock_taken` take the units
 * (`stock = stock - q`, an own-stock variant's `stock` inside `variants` likewise); the row locks
 * keep the conditions true until the statement commits. So the stock is taken first and all or
 * nothing: a shopper who is too late writes nothing, and a row that no longer qualifies in the
 * statement's snapshot is not even locked. The caller writes its rows only where
 * `exists (select 1 from stock_taken)` (every row of the order was taken, or none).
 */
export function takeStockCtes(
  lines: ReadonlyArray<{ productId: string; variantId: string | null; ownStock: boolean; quantity: number; price: number; discount: number }>,
): SQL {
  const want = JSON.stringify(
    lines.map((l) => ({ product_id: l.productId, variant_id: l.variantId, own_stock: l.ownStock, quantity: l.quantity, price: l.price, discount: l.discount })),
  );
  const rows = new Set(lines.map((l) => l.productId)).size;
  const variant = sql`(select e from jsonb_array_elements(p.variants) e where e->>'_id' = w.variant_id limit 1)`;
  const ownStock = sql`coalesce(jsonb_typeof(${variant}->'stock') = 'number', false)`;
  const lineQualifies = sql`p.discount = w.discount
        and coalesce((${variant}->>'price')::numeric, p.price) = w.price
        and (w.variant_id is null or ${variant} is not null)
        and ${ownStock} = w.own_stock
        and (not w.own_stock or (${variant}->>'stock')::int >= w.quantity)`;
  const fromProduct = sql`(select coalesce(sum(w.quantity), 0) from stock_want w where w.product_id = p.id and not w.own_stock)`;
  return sql`stock_want as (
      select * from jsonb_to_recordset(${want}::jsonb) as w(product_id text, variant_id text, own_stock boolean, quantity int, price numeric, discount numeric)
    ), stock_locked as (
      select p.id from products p
      where p.id in (select product_id from stock_want) and p.publish and p.stock >= ${fromProduct}
        and not exists (select 1 from stock_want w where w.product_id = p.id and not (${lineQualifies}))
      order by p.id for update of p
    ), stock_taken as (
      update products p set
        stock = p.stock - ${fromProduct},
        variants = coalesce((
          select jsonb_agg(case when own.quantity is null then e else jsonb_set(e, '{stock}', to_jsonb((e->>'stock')::int - own.quantity)) end order by i)
          from jsonb_array_elements(p.variants) with ordinality as t(e, i)
          left join stock_want own on own.product_id = p.id and own.own_stock and own.variant_id = e->>'_id'
        ), p.variants)
      where p.id in (select id from stock_locked) and (select count(*) from stock_locked) = ${rows} and p.stock >= ${fromProduct}
      returning p.id
    )`;
}

/**
 * The stock-taking CTEs of a batch of one-line orders for the same product, variant, price and
 * discount (`batch`: a CTE with `ord` and `quantity`, see OrderBatcher). `stock_target` locks the row
 * once, if it still sells at that price, with the units available (the variant's own stock, else the
 * product's); `batch_winners` are the orders, in `ord` order, whose running total fits; `stock_taken`
 * takes their units in one update.
 */
export function takeBatchStockCtes(take: { productId: string; variantId: string | null; ownStock: boolean; price: number; discount: number }, batch: SQL): SQL {
  const variant = sql`(select e from jsonb_array_elements(p.variants) e where e->>'_id' = ${take.variantId}::text limit 1)`;
  const sold = sql`(select sum(quantity) from batch_winners)`;
  return sql`stock_target as (
      select p.id, case when ${take.ownStock}::boolean then (${variant}->>'stock')::int else p.stock end as available
      from products p
      where p.id = ${take.productId} and p.publish and p.discount = ${take.discount}::numeric
        and coalesce((${variant}->>'price')::numeric, p.price) = ${take.price}::numeric
        and (${take.variantId}::text is null or ${variant} is not null)
        and coalesce(jsonb_typeof(${variant}->'stock') = 'number', false) = ${take.ownStock}::boolean
      for update of p
    ), batch_winners as (
      select b.* from (select b.*, sum(b.quantity) over (order by b.ord) as running from ${batch} b) b, stock_target t where b.running <= t.available
    ), stock_taken as (
      update products p set
        stock = case when ${take.ownStock}::boolean then p.stock else p.stock - ${sold} end,
        variants = case when ${take.ownStock}::boolean then (
          select jsonb_agg(case when e->>'_id' = ${take.variantId}::text then jsonb_set(e, '{stock}', to_jsonb((e->>'stock')::int - ${sold})) else e end order by i)
          from jsonb_array_elements(p.variants) with ordinality as t(e, i)
        ) else p.variants end
      where p.id = (select id from stock_target) and exists (select 1 from batch_winners)
      returning p.id
    )`;
}

/** The variant element `variantId` of the row's variants, for conditions on it. */
const variantOf = (variantId: string) => sql`(select e from jsonb_array_elements(${products.variants}) e where e->>'_id' = ${variantId} limit 1)`;

/** The variants with `delta` added to the stock of `variantId` (order kept). */
const variantsWithStockMoved = (variantId: string, delta: number) =>
  sql`(select jsonb_agg(case when e->>'_id' = ${variantId} then jsonb_set(e, '{stock}', to_jsonb((e->>'stock')::int + ${delta}::int)) else e end order by i)
       from jsonb_array_elements(${products.variants}) with ordinality as t(e, i))`;

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
