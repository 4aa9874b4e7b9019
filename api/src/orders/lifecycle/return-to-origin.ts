import { eq } from 'drizzle-orm';
import { addRupees } from '@haat/shared/money/pricing';
import { spreadDiscount } from '@haat/shared/invoices/invoice-lines';
import type { OrderReturn } from '@haat/shared/orders/returns';
import { newId } from '../../common/ids.js';
import { orderLines, type OrderRow } from '../orders.table.js';
import { orderReturns } from '../returns.table.js';
import type { Tx } from '../order-tx.js';

/** The reason a return to origin carries (the admin's Returns tab shows it; the screens name the kind in words). */
export const RETURN_TO_ORIGIN_REASON = 'Cancelled after shipping: the parcel comes back to the shop.';

/**
 * An order cancelled after it shipped comes back as a parcel (docs/product.md#returns): a return of every
 * line, already APPROVED, that the admin marks RECEIVED when the parcel arrives (its units go back on sale
 * then, through the inventory) and, for a paid card order, REFUNDED (the card refund and credit note are
 * made then, not at the cancellation). A cash order was never paid: its return refunds nothing and ends
 * when it is received. Runs inside the cancellation's transaction, on its locked order.
 */
export async function openReturnToOrigin(tx: Tx, order: OrderRow, now: Date): Promise<void> {
  const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(orderLines.position);
  const paidByCard = order.paymentMethod === 'CARD' && order.paymentStatus === 'PAID';
  const paid = spreadDiscount(
    lines.map((l) => l.subTotalAmt),
    order.discountAmt,
  );
  const items: OrderReturn['items'] = lines
    .filter((l) => l.productId !== null)
    .map((l) => ({
      productId: l.productId!,
      variantId: l.variantId,
      name: l.variantName ? `${l.name} (${l.variantName})` : l.name,
      quantity: l.quantity,
      amount: paidByCard ? paid[lines.indexOf(l)]! : 0,
      position: l.position,
    }));
  if (items.length === 0) return;
  await tx.insert(orderReturns).values({
    id: newId(),
    orderId: order.id,
    userId: order.userId,
    kind: 'RETURN_TO_ORIGIN',
    status: 'APPROVED',
    reason: RETURN_TO_ORIGIN_REASON,
    items,
    amount: addRupees(items.map((i) => i.amount)),
    history: [{ status: 'APPROVED', at: now.toISOString() }],
    createdAt: now,
    updatedAt: now,
  });
}
