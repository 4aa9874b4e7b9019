import { eq } from 'drizzle-orm';
import { furthestStage, paymentStatusAfter, stageIndex, type OrderStage } from '@haat/shared/orders/order-stages';
import { orderLines, orders, type OrderRow } from './orders.table.js';
import { releaseAccountHold, settleOrderStock } from '../inventory/inventory.js';
import { removeFromCart } from '../cart/cart.repository.js';
import type { Tx } from './order-tx.js';

/**
 * The moves of the order state machine (spec §4), each run inside the caller's transaction on a
 * row locked with `for update`, so two admins, or an admin and a webhook, never interleave.
 * Whether a move is allowed is decided by the caller with the shared rules before calling.
 */
export async function lockOrder(tx: Tx, orderId: string): Promise<OrderRow | undefined> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).limit(1).for('update');
  return row;
}

/** Appends the stage with its time; DELIVERED completes the payment, CANCELLED cancels it and returns the stock. */
export async function moveToStage(tx: Tx, row: OrderRow, stage: OrderStage, now = new Date()): Promise<OrderRow> {
  const statusHistory = [...row.statusHistory, { status: stage, updatedAt: now.toISOString() }];
  // Cancelled: the order's hold goes back (and shipped units back on the shelf). Shipped or further:
  // its units leave the shelf. Both settle from the ledger, so a repeat finds nothing left to move.
  if (stage === 'CANCELLED') await settleOrderStock(tx, row.id, 'cancel');
  else if (stageIndex(stage) >= stageIndex('SHIPPED')) await settleOrderStock(tx, row.id, 'fulfil');
  const [updated] = await tx
    .update(orders)
    .set({ statusHistory, status: furthestStage(statusHistory), paymentStatus: paymentStatusAfter(row.paymentStatus, stage), updatedAt: now })
    .where(eq(orders.id, row.id))
    .returning();
  return updated as OrderRow;
}

/** A card order's payment arrived: it is paid and PLACED, and its products leave the cart. */
export async function markPaid(tx: Tx, row: OrderRow, paymentIntent: string | null, now = new Date()): Promise<OrderRow> {
  // Paid: no longer an unpaid hold of the account (its stock stays reserved until it ships).
  await releaseAccountHold(tx, row.id);
  const statusHistory = [...row.statusHistory, { status: 'PLACED' as const, updatedAt: now.toISOString() }];
  const [updated] = await tx
    .update(orders)
    .set({ statusHistory, status: 'PLACED', paymentStatus: 'PAID', stripePaymentIntent: paymentIntent, updatedAt: now })
    .where(eq(orders.id, row.id))
    .returning();
  const lines = await tx.select({ productId: orderLines.productId, variantId: orderLines.variantId }).from(orderLines).where(eq(orderLines.orderId, row.id));
  const bought = lines.filter((l): l is { productId: string; variantId: string | null } => l.productId !== null);
  if (bought.length) await removeFromCart(tx, row.userId, bought);
  return updated as OrderRow;
}
