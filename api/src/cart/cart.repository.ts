import { and, asc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import type { Relation } from '../db/relation.js';
import { cartItems } from './cart.table.js';

// The cart domain's queries that other domains run (orders, users), some inside their own transaction.

/** The ordered lines (product and variant) leave the cart in the order's own transaction. */
export async function removeFromCart(
  tx: Pick<Db, 'delete'>,
  userId: string,
  lines: ReadonlyArray<{ productId: string; variantId: string | null }>,
): Promise<void> {
  if (lines.length === 0) return;
  const line = (l: { productId: string; variantId: string | null }) =>
    and(eq(cartItems.productId, l.productId), l.variantId === null ? isNull(cartItems.variantId) : eq(cartItems.variantId, l.variantId));
  await tx.delete(cartItems).where(and(eq(cartItems.userId, userId), or(...lines.map(line))));
}

/**
 * The ordered lines leave their carts, as a CTE (`cart_removed`) of the order's statement. `lines` names each
 * ordered line's account, product and option. Each line is looked up by the cart's key
 * (user, product, variant: one row at most), then deleted by id: a join of the lines with the users' carts
 * was planned as a hash of every row a user ever had in the index, deleted ones included until a vacuum,
 * read again on every order; and a plan that filtered a product's lines against a batch's users was a nested
 * loop comparing every line with every user (6 ms for a batch of 100).
 */
export function removeOrderedLines(lines: Relation<{ user_id: string; product_id: string; variant_id: string | null }>): SQL {
  return sql`cart_removed as (
      delete from cart_items c
      where c.id = any(array(
        select line.id from ${lines.sql} w
        cross join lateral (
          select ci.id from cart_items ci
          where ci.user_id = w.user_id and ci.product_id = w.product_id and ci.variant_id is not distinct from w.variant_id
          limit 1
        ) line
      ))
    )`;
}

/** The ids of the user's cart lines, oldest first. */
export async function cartLineIdsOf(db: Db, userId: string): Promise<Array<{ id: string }>> {
  return db.select({ id: cartItems.id }).from(cartItems).where(eq(cartItems.userId, userId)).orderBy(asc(cartItems.createdAt), asc(cartItems.id));
}

/** The units of the user's cart (product, option, quantity): what a delivery promise for the cart asks of a store. */
export async function cartUnitsOf(db: Pick<Db, 'select'>, userId: string): Promise<Array<{ productId: string; variantId: string | null; quantity: number }>> {
  return db
    .select({ productId: cartItems.productId, variantId: cartItems.variantId, quantity: cartItems.quantity })
    .from(cartItems)
    .where(eq(cartItems.userId, userId));
}
