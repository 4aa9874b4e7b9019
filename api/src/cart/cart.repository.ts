import { and, asc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Slot } from '../db/database.js';
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

/** The value of removeFromCartCte's `lines` slot: the product and variant of each line, as one JSON text. */
export function cartLinesJson(lines: ReadonlyArray<{ productId: string; variantId: string | null }>): string {
  return JSON.stringify(lines.map((l) => ({ product_id: l.productId, variant_id: l.variantId })));
}

/**
 * As removeFromCart, as a CTE (`cart_removed`) of a caller's statement that runs only `when` holds.
 * Slots: the user, and the lines as cartLinesJson gives them. Each line is looked up by the cart's
 * key (user, product, variant: one row at most), then deleted by id: a join of the lines with the
 * user's cart was planned as a hash of every row the user ever had in the index, deleted ones
 * included until a vacuum, read again on every order.
 */
export function removeFromCartCte(slots: { userId: Slot; lines: Slot }, when: SQL): SQL {
  return sql`cart_removed as (
      delete from cart_items c
      where ${when} and c.id = any(array(
        select line.id from jsonb_to_recordset(${slots.lines}::jsonb) as w(product_id text, variant_id text)
        cross join lateral (
          select ci.id from cart_items ci
          where ci.user_id = ${slots.userId} and ci.product_id = w.product_id and ci.variant_id is not distinct from w.variant_id
          limit 1
        ) line
      ))
    )`;
}

/**
 * The line of one product and variant leaves the carts of `userIds` (a subquery), as a CTE
 * (`cart_removed`) of a caller's statement. As in removeFromCartCte, each user's line is looked up by
 * the cart's key and deleted by id: the statement's one plan serves every batch (see
 * defineStatement), and a plan that filtered the product's lines against the list of users was a
 * nested loop comparing every line with every user (6 ms for a batch of 100).
 */
export function removeBatchFromCartCte(slots: { productId: Slot; variantId: Slot }, userIds: SQL): SQL {
  return sql`cart_removed as (
      delete from cart_items c
      where c.id = any(array(
        select line.id from ${userIds} as u(user_id)
        cross join lateral (
          select ci.id from cart_items ci
          where ci.user_id = u.user_id and ci.product_id = ${slots.productId}::text and ci.variant_id is not distinct from ${slots.variantId}::text
          limit 1
        ) line
      ))
    )`;
}

/** The ids of the user's cart lines, oldest first. */
export async function cartLineIdsOf(db: Db, userId: string): Promise<Array<{ id: string }>> {
  return db.select({ id: cartItems.id }).from(cartItems).where(eq(cartItems.userId, userId)).orderBy(asc(cartItems.createdAt), asc(cartItems.id));
}
