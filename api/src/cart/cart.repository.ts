import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { cartItems } from './cart.table.js';

// The cart domain's queries that other domains run (orders, users), some inside their own transaction.

/** The ordered products leave the cart in the order's own transaction. */
export async function removeFromCart(tx: Pick<Db, 'delete'>, userId: string, productIds: string[]): Promise<void> {
  await tx.delete(cartItems).where(and(eq(cartItems.userId, userId), inArray(cartItems.productId, productIds)));
}

/** The ids of the user's cart lines, oldest first. */
export async function cartLineIdsOf(db: Db, userId: string): Promise<Array<{ id: string }>> {
  return db.select({ id: cartItems.id }).from(cartItems).where(eq(cartItems.userId, userId)).orderBy(asc(cartItems.createdAt), asc(cartItems.id));
}
