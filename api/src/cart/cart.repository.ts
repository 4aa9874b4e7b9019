import { and, asc, eq, isNull, or } from 'drizzle-orm';
import type { Db } from '../db/database.js';
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

/** The ids of the user's cart lines, oldest first. */
export async function cartLineIdsOf(db: Db, userId: string): Promise<Array<{ id: string }>> {
  return db.select({ id: cartItems.id }).from(cartItems).where(eq(cartItems.userId, userId)).orderBy(asc(cartItems.createdAt), asc(cartItems.id));
}
