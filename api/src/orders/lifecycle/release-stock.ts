import { eq } from 'drizzle-orm';
import { orderLines } from '../orders.table.js';
import { returnStock } from '../order-stock.js';
import type { Tx } from '../order-tx.js';

/** Why units go back on the shelf: the order was cancelled (or thrown away), or its card session ran out. */
export type StockReleaseReason = 'cancel' | 'expiry';

/**
 * The only place an order's units are put back. Every cancellation and expiry of the lifecycle, and
 * the discarding of an order Stripe never took, comes through here exactly once, inside the move's
 * transaction, so stock bookkeeping (a ledger, say) has one place to hook into.
 */
export async function releaseStock(tx: Tx, orderId: string, _reason: StockReleaseReason): Promise<void> {
  const lines = await tx
    .select({ productId: orderLines.productId, variantId: orderLines.variantId, quantity: orderLines.quantity })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId));
  await returnStock(tx, lines);
}
