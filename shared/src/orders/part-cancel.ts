import { z } from 'zod';
import { Id, IdRef } from '../common/fields.js';
import { VariantId } from '../cart/cart.schema.js';
import { Quantity, firstUnitsPaid } from './returns.js';
import { spreadDiscount } from '../invoices/invoice-lines.js';
import { paise, rupees, subtract, sum, times } from '../money/paise.js';
import type { OrderStage, PaymentStatus } from './order-stages.js';
import type { PaymentMethod } from './order.types.js';
import { paymentStateOf, type PaymentState } from './payment-process.js';

/**
 * Cancelling part of an order (docs/product.md#cancelling-part-of-an-order): the shop cannot send some units (its shelf
 * ran out), so an admin takes them off the order before it leaves the shop. The rest goes on as it was; the units go
 * back on sale, a cash order costs less at the door, a card's payment is refunded what those units were paid.
 */

/** The stages an order can lose units in: before it is packed off, handed to a rider or set out at a store's counter. */
export const PART_CANCEL_STAGES: readonly OrderStage[] = ['PLACED', 'CONFIRMED', 'PACKED'];

/**
 * What taking units off does to the order's money, by where its payment stands (payment-process.ts): cash still owed
 * is that much less at the door; a buyer app that collected it gives it back (the quote's trail says how much); a card
 * payment is invoiced already, so a credit note and a refund of the units. Null: no units can be taken off (the payment
 * is still awaited, or the order is finished).
 */
export type PartCancelMoney = 'lessAtDoor' | 'byNetwork' | 'refundCard';
const MONEY: Partial<Record<PaymentState, PartCancelMoney>> = { cashOnDelivery: 'lessAtDoor', collectedByNetwork: 'byNetwork', paid: 'refundCard' };

/** How units come off this order's money now, or null when none can (see PartCancelMoney and PART_CANCEL_STAGES). */
export function partCancelMoney(order: { status: OrderStage | null; payment_status: PaymentStatus; payment_method: PaymentMethod }): PartCancelMoney | null {
  if (order.status === null || !PART_CANCEL_STAGES.includes(order.status)) return null;
  return MONEY[paymentStateOf(order.payment_status, false, order.payment_method)] ?? null;
}

/** POST /api/order/admin/cancel-items: the units of each line the shop cannot send. */
export const CancelItemsBody = z.object({
  orderId: Id,
  items: z
    .array(z.object({ productId: IdRef, variantId: VariantId, quantity: Quantity }), { error: 'must be a list of items' })
    .min(1, { error: 'must hold at least one item' })
    .max(100, { error: 'must hold at most 100 items' }),
});
export type CancelItemsBody = z.infer<typeof CancelItemsBody>;

/** Units the shop took off an order, with what they were paid (after the order's coupon). */
export interface PartCancellation {
  _id: string;
  items: Array<{
    productId: string | null;
    variantId: string | null;
    name: string;
    variantName: string | null;
    quantity: number;
    unitPrice: number;
    amount: number;
  }>;
  /** Rupees: what the units were paid; a cash order's total is that much less, a card's payment refunded it. */
  amount: number;
  /** How the money went back: less to pay at the door, by the buyer app, or to the card. */
  money: PartCancelMoney;
  /** A card's refund: Stripe's id once it took it. */
  refundId: string | null;
  createdAt: string;
}

/**
 * What taking `units[i]` units off each line does to an order's money: each line's units are worth what they were paid
 * after the order's coupon (returns.ts's firstUnitsPaid: the line's paid amount split over its units to the paisa); the
 * line loses their list price, the coupon's discount its share in them, and the total what they were paid. So the
 * order's total less the units' amounts is the new total, to the paisa, and a later return or credit note of the
 * lines left is worth what they were paid.
 */
export function partCancelSums(
  order: { subTotalAmt: number; discountAmt: number; totalAmt: number },
  lines: ReadonlyArray<{ subTotalAmt: number; quantity: number; unitPrice: number }>,
  units: readonly number[],
): { amounts: number[]; amount: number; lineTotals: number[]; subTotalAmt: number; discountAmt: number; totalAmt: number } {
  const paid = spreadDiscount(
    lines.map((l) => l.subTotalAmt),
    order.discountAmt,
  );
  const amounts = lines.map((line, i) => (units[i] ? firstUnitsPaid({ paid: paid[i]!, quantity: line.quantity }, units[i]) : 0));
  const listOff = lines.map((line, i) => times(paise(line.unitPrice), units[i] ?? 0));
  const amount = sum(amounts.map(paise));
  const list = sum(listOff);
  return {
    amounts,
    amount: rupees(amount),
    lineTotals: lines.map((line, i) => rupees(subtract(paise(line.subTotalAmt), listOff[i]!, true))),
    subTotalAmt: rupees(subtract(paise(order.subTotalAmt), list, true)),
    discountAmt: rupees(subtract(paise(order.discountAmt), subtract(list, amount, true), true)),
    totalAmt: rupees(subtract(paise(order.totalAmt), amount, true)),
  };
}
