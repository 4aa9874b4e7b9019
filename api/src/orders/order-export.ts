import { and, asc, eq, gt, gte, inArray, lt, or, type SQL } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { orderLines, orders } from './orders.table.js';

/** Orders read per statement: a batch is all an export holds at a time. */
export const EXPORT_BATCH = 1000;

/** The order export's columns (docs/product.md#exports): the order and its payment on every line of it. */
export const ORDER_EXPORT_HEADER = [
  'Order',
  'Placed at (IST)',
  'Status',
  'Payment method',
  'Payment status',
  'Payment reference',
  'Refund reference',
  'Coupon',
  'Discount',
  'Order total',
  'Buyer',
  'State',
  'Pincode',
  'Buyer GSTIN',
  'Line',
  'Product',
  'Option',
  'Quantity',
  'Unit price',
  'Line total',
] as const;

export interface ExportedOrderLine {
  order: typeof orders.$inferSelect;
  line: Pick<typeof orderLines.$inferSelect, 'position' | 'name' | 'variantName' | 'quantity' | 'unitPrice' | 'subTotalAmt'>;
}

/**
 * The orders placed in [from, to), oldest first, each with its lines in order: read `EXPORT_BATCH` orders a statement
 * by their (placed, id) key, so an export of any size holds one batch (orders_created_idx serves the order).
 */
export async function* ordersPlacedBetween(db: Pick<Db, 'select'>, from: Date, to: Date): AsyncGenerator<ExportedOrderLine> {
  let after: { at: Date; id: string } | null = null;
  for (;;) {
    const keyset: SQL | undefined = after ? or(gt(orders.createdAt, after.at), and(eq(orders.createdAt, after.at), gt(orders.id, after.id))) : undefined;
    const batch: Array<typeof orders.$inferSelect> = await db
      .select()
      .from(orders)
      .where(and(gte(orders.createdAt, from), lt(orders.createdAt, to), keyset))
      .orderBy(asc(orders.createdAt), asc(orders.id))
      .limit(EXPORT_BATCH);
    if (batch.length === 0) return;
    const lines = await db
      .select({
        orderId: orderLines.orderId,
        position: orderLines.position,
        name: orderLines.name,
        variantName: orderLines.variantName,
        quantity: orderLines.quantity,
        unitPrice: orderLines.unitPrice,
        subTotalAmt: orderLines.subTotalAmt,
      })
      .from(orderLines)
      .where(
        inArray(
          orderLines.orderId,
          batch.map((o) => o.id),
        ),
      )
      .orderBy(asc(orderLines.orderId), asc(orderLines.position));
    const linesOf = new Map<string, ExportedOrderLine['line'][]>();
    for (const l of lines) {
      const of = linesOf.get(l.orderId);
      if (of) of.push(l);
      else linesOf.set(l.orderId, [l]);
    }
    for (const order of batch) for (const line of linesOf.get(order.id) ?? []) yield { order, line };
    const last: typeof orders.$inferSelect = batch[batch.length - 1]!;
    after = { at: last.createdAt, id: last.id };
    if (batch.length < EXPORT_BATCH) return;
  }
}
