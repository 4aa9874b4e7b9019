import { sql } from 'drizzle-orm';
import { releaseAccountHold, settleOrderStock, type OrderStockEvent } from '../../inventory/index.js';
import type { Tx } from '../order-tx.js';
import { orders } from '../orders.table.js';

/** Why an order's hold on stock ends: cancelled (or thrown away), its card session ran out, or it shipped. */
export type StockReleaseReason = Extract<OrderStockEvent, 'cancel' | 'expiry'>;

/**
 * The lifecycle's one door to the inventory. Every cancellation and expiry, and the discarding of an
 * order Stripe never took, releases here inside the move's transaction; a move to a shipped stage
 * fulfils here; a payment ends the account's unpaid hold here. The inventory settles from its
 * ledger, so a second call moves nothing. Answers the products whose sellable stock came back.
 */
export async function releaseStock(tx: Tx, orderId: string, reason: StockReleaseReason): Promise<string[]> {
  await endUnpaidHold(tx, orderId);
  return settleOrderStock(tx, orderId, reason);
}

/**
 * An order cancelled after it shipped: what it still reserves is released, but its shipped units stay off
 * the shelf until the admin records the parcel received back (docs/product.md#returns, a return to origin).
 */
export async function releaseUnshipped(tx: Tx, orderId: string): Promise<string[]> {
  await endUnpaidHold(tx, orderId);
  return settleOrderStock(tx, orderId, 'cancel', { shippedReturn: false });
}

/** The order's units leave the shelf (it shipped, or went straight to a later stage). */
export async function fulfilStock(tx: Tx, orderId: string): Promise<void> {
  await endUnpaidHold(tx, orderId);
  await settleOrderStock(tx, orderId, 'fulfil');
}

/**
 * An order no longer counts against its account's unpaid hold (paid, shipped, cancelled or expired; a paid
 * order's units stay reserved until it ships). The order's `held_units` is cleared under its row's lock and what
 * it held leaves the account's hold, so a second call finds nothing and the hold never shrinks twice.
 */
export async function endUnpaidHold(tx: Tx, orderId: string): Promise<void> {
  const result = await tx.execute(sql`
    with held as (select id, user_id, held_units from ${orders} where id = ${orderId} and held_units > 0 for update)
    update ${orders} o set held_units = 0 from held h where o.id = h.id
    returning h.user_id, h.held_units`);
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Array<{ user_id: string; held_units: number }>;
  for (const row of rows) await releaseAccountHold(tx, row.user_id, Number(row.held_units));
}
