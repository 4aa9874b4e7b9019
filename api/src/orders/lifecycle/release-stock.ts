import { releaseAccountHold, settleOrderStock, type OrderStockEvent } from '../../inventory/index.js';
import type { Tx } from '../order-tx.js';

/** Why an order's hold on stock ends: cancelled (or thrown away), its card session ran out, or it shipped. */
export type StockReleaseReason = Extract<OrderStockEvent, 'cancel' | 'expiry'>;

/**
 * The lifecycle's one door to the inventory. Every cancellation and expiry, and the discarding of an
 * order Stripe never took, releases here inside the move's transaction; a move to a shipped stage
 * fulfils here; a payment ends the account's unpaid hold here. The inventory settles from its
 * ledger, so a second call moves nothing. Answers the products whose sellable stock came back.
 */
export function releaseStock(tx: Tx, orderId: string, reason: StockReleaseReason): Promise<string[]> {
  return settleOrderStock(tx, orderId, reason);
}

/**
 * An order cancelled after it shipped: what it still reserves is released, but its shipped units stay off
 * the shelf until the admin records the parcel received back (docs/product.md#returns, a return to origin).
 */
export function releaseUnshipped(tx: Tx, orderId: string): Promise<string[]> {
  return settleOrderStock(tx, orderId, 'cancel', { shippedReturn: false });
}

/** The order's units leave the shelf (it shipped, or went straight to a later stage). */
export async function fulfilStock(tx: Tx, orderId: string): Promise<void> {
  await settleOrderStock(tx, orderId, 'fulfil');
}

/** A paid order no longer counts against its account's unpaid hold (its units stay reserved until it ships). */
export async function endUnpaidHold(tx: Tx, orderId: string): Promise<void> {
  await releaseAccountHold(tx, orderId);
}
