import { eq, inArray } from 'drizzle-orm';
import type { PartCancellation } from '@haat/shared/orders/part-cancel';
import type { Db } from '../db/database.js';
import type { DbOrTx } from './order-tx.js';
import { orderPartCancellations, type OrderPartCancellationRow } from './part-cancels.table.js';

/** Each order's part cancellations, oldest first, as the order's wire carries them. */
export async function partCancellationsOf(db: DbOrTx, orderIds: readonly string[]): Promise<Map<string, PartCancellation[]>> {
  const found = new Map<string, PartCancellation[]>();
  if (orderIds.length === 0) return found;
  const rows = await db
    .select()
    .from(orderPartCancellations)
    .where(inArray(orderPartCancellations.orderId, [...orderIds]))
    .orderBy(orderPartCancellations.createdAt);
  for (const row of rows) found.set(row.orderId, [...(found.get(row.orderId) ?? []), toPartCancellation(row)]);
  return found;
}

function toPartCancellation(row: OrderPartCancellationRow): PartCancellation {
  return {
    _id: row.id,
    items: row.items.map(({ position: _place, ...item }) => item),
    amount: row.amount,
    money: row.money,
    refundId: row.refundId,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Stripe took the refund of a card order's units: its id is kept on the cancellation. */
export async function setPartCancelRefundId(db: Db, cancellationId: string, refundId: string): Promise<void> {
  await db.update(orderPartCancellations).set({ refundId }).where(eq(orderPartCancellations.id, cancellationId));
}
