import { eq } from 'drizzle-orm';
import { returnTransition, type ReturnStatus } from '@haat/shared/orders/returns';
import { ErrorCode } from '@haat/shared/common/error-code';
import { AppError } from '../../common/app-error.js';
import { restockReturn } from '../../inventory/index.js';
import { issueCreditNote } from '../../invoices/index.js';
import type { OrderRow } from '../orders.table.js';
import { orderReturns, type OrderReturnRow } from '../returns.table.js';
import type { Tx } from '../order-tx.js';

/** How a cash order's refund was made, as the admin records it. */
export interface RecordedRefund {
  method: 'UPI' | 'BANK';
  reference: string;
}

/** A return's move inside a transaction, and what is to happen once it commits. */
export interface ReturnMoved {
  after: OrderReturnRow;
  order: OrderRow;
  /** Products whose units came back to sale (received). */
  restocked: string[];
  /** A card order's refund to ask Stripe for: the payment and the amount (rupees). */
  cardRefund: { paymentIntent: string; amount: number } | null;
}

/**
 * Every move of a return goes through here, as every move of an order goes through `transition`: the
 * shared table (RETURN_TRANSITIONS) says which moves exist, and only an admin makes them. Received: the
 * units go back on sale through the inventory (ledger reason `return`). Refunded: a card order's refund is
 * asked of Stripe after the commit; a cash order's is the method and reference the admin enters; an
 * invoiced order gets a credit note for the returned units. The return and its order are locked by the
 * caller.
 */
export async function transitionReturn(
  tx: Tx,
  ret: OrderReturnRow,
  order: OrderRow,
  to: ReturnStatus,
  adminId: string,
  recorded: RecordedRefund | undefined,
  now = new Date(),
): Promise<ReturnMoved> {
  if (!returnTransition(ret.status, to)) {
    throw new AppError(409, ErrorCode.ReturnState, `Return ${ret.id} is ${ret.status} and cannot move to ${to}.`, { status: ret.status, fields: ['status'] });
  }
  if (to === 'REFUNDED' && ret.amount === 0) {
    // A cash order's return to origin: nothing was paid, so receiving the parcel ends it.
    throw new AppError(409, ErrorCode.ReturnState, `Return ${ret.id} has nothing to refund: its order was never paid.`, {
      status: ret.status,
      fields: ['status'],
    });
  }
  const card = order.paymentMethod === 'CARD';
  if (to === 'REFUNDED' && !card && !recorded) {
    throw new AppError(400, ErrorCode.Validation, 'refund: a cash order is refunded by UPI or bank transfer; give the method and its reference.', {
      fields: ['refund'],
    });
  }
  const restocked = to === 'RECEIVED' ? await restockReturn(tx, order.id, adminId, ret.items) : [];
  let cardRefund: ReturnMoved['cardRefund'] = null;
  let refund = ret.refund;
  if (to === 'REFUNDED') {
    refund = card ? { method: 'CARD', reference: null } : { method: recorded!.method, reference: recorded!.reference };
    if (card && order.stripePaymentIntent) cardRefund = { paymentIntent: order.stripePaymentIntent, amount: ret.amount };
    await issueCreditNote(
      tx,
      order.id,
      `return:${ret.id}`,
      now,
      ret.items.map((item) => ({ position: item.position, quantity: item.quantity, total: item.amount })),
    );
  }
  const [after] = await tx
    .update(orderReturns)
    .set({ status: to, history: [...ret.history, { status: to, at: now.toISOString() }], refund, updatedAt: now })
    .where(eq(orderReturns.id, ret.id))
    .returning();
  return { after: after!, order, restocked, cardRefund };
}
