import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { cartItems } from './cart.table.js';

// The cart domain's queries that other domains run (orders, users), some inside their own transaction.

/** The ordered products leave the cart in the order's own transaction. */
export async function removeFromCart(tx: Pick<Db, 'delete'>, userId: string, productIds: string[]): Promise<void> {
  await tx.delete(cartItems).where(and(eq(cartItems.userId, userId), inArray(cartItems.productId, productIds)));
}

/** As removeFromCart, as a CTE (`cart_removed`) of a caller's statement that runs only `when` holds. */
export function removeFromCartCte(userId: string, productIds: string[], when: SQL): SQL {
  return sql`cart_removed as (
      delete from cart_items where user_id = ${userId} and product_id = any(${sql.param(productIds)}::text[]) and ${when}
    )`;
}

/** The ids of the user's cart lines, oldest first. */
export async function cartLineIdsOf(db: Db, userId: string): Promise<Array<{ id: string }>> {
  return db.select({ id: cartItems.id }).from(cartItems).where(eq(cartItems.userId, userId)).orderBy(asc(cartItems.createdAt), asc(cartItems.id));
}
