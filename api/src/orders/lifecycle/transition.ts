import { eq, inArray } from 'drizzle-orm';
import {
  allowedMove,
  stageOf as stageOfFacts,
  type LifecycleStage,
  type OrderActor,
  type OrderFacts,
  type OrderMoveTo,
} from '@haat/shared/orders/order-lifecycle';
import { furthestStage, type OrderStage } from '@haat/shared/orders/order-stages';
import { removeFromCart } from '../../cart/index.js';
import { supplyStateOf } from '../../addresses/index.js';
import { orderLines, orders, type OrderRow } from '../orders.table.js';
import type { DbOrTx, Tx } from '../order-tx.js';
import { endUnpaidHold, fulfilStock, releaseStock, releaseUnshipped } from './release-stock.js';
import { openReturnToOrigin } from './return-to-origin.js';
import { pickupCodeNeeded, refusal } from './refusal.js';
import { newPickupSalt } from './pickup-code.js';
import { addressText } from '@haat/shared/addresses/address-lines';
import { invoiceOf, issueCreditNote, issueInvoice, issueInvoices, type InvoicedOrder, type Seller } from '../../invoices/index.js';
import { releaseCouponUse } from '../../promotions/index.js';

/**
 * Every change of an order's stage or payment status goes through `transition` (and the processing mark through
 * `markPaymentProcessing`), on a row locked with `lockOrder` inside the caller's transaction, so two admins, or an
 * admin and a webhook, never interleave. Which moves exist for the order's kind and who may make them is the shared
 * order process (docs/architecture.md#the-order-process).
 */
export async function lockOrder(tx: Tx, orderId: string): Promise<OrderRow | undefined> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).limit(1).for('update');
  return row;
}

/** What the shared order process reads of a stored order. */
export function factsOf(order: OrderRow): OrderFacts {
  return {
    fulfilment: order.fulfilment,
    paymentStatus: order.paymentStatus,
    paymentProcessing: order.paymentProcessingAt !== null,
    paymentMethod: order.paymentMethod,
    statusHistory: order.statusHistory,
  };
}

/** Where the order stands in its kind's moves. */
export function stageOf(order: OrderRow): LifecycleStage {
  return stageOfFacts(factsOf(order));
}

/** Whether `actor` may move the order to `to` now. */
export function canTransition(order: OrderRow, to: OrderMoveTo, actor: OrderActor): boolean {
  return allowedMove(factsOf(order), to, actor) !== undefined;
}

/**
 * A card session completed with its payment still to come (a UPI app to approve it): the order stays unplaced and
 * becomes a UPI payment in processing, whose shopper waits for the bank. Answers whether the mark was made (a repeat
 * of the event, or an order no longer awaiting its payment, changes nothing).
 */
export async function markPaymentProcessing(tx: Tx, order: OrderRow, now = new Date()): Promise<boolean> {
  if (!canTransition(order, 'PAYMENT_PROCESSING', 'payment')) return false;
  await tx.update(orders).set({ paymentProcessingAt: now }).where(eq(orders.id, order.id));
  return true;
}

/** A card order whose payment has not arrived: the only kind leaving the payment page may cancel. */
export function isAwaitingCardPayment(order: OrderRow): boolean {
  return order.paymentMethod === 'CARD' && stageOf(order) === null;
}

/** What every move needs from the shop: the seller on the tax documents it issues. */
export interface LifecycleContext {
  seller: Seller;
}

export interface TransitionExtras {
  /** The card payment that paid the order (kept so a later cancellation can refund it). */
  paymentIntent?: string | null;
  /** Why the order is cancelled, as its canceller names it (a network order's seller reason, told to its buyer app). */
  cancelReason?: string;
  /** The hand-over checked the shopper's pickup code (hand-over.ts): a row guarded by it may be made. */
  pickupCodeChecked?: boolean;
  now?: Date;
}

/** A move made inside a transaction, and what is to happen once it commits. */
export interface Transitioned {
  before: OrderRow;
  after: OrderRow;
  actor: OrderActor;
  /** The order was just placed (a card payment arrived): admins hear of a new order. */
  placed: boolean;
  /** The card payment to give back: a paid order was cancelled. */
  refund: string | null;
  /** The Stripe session to close: an order awaiting payment was cancelled by someone other than Stripe. */
  expireSession: string | null;
  /** Products whose units came back to sale (a cancellation or expiry): their shown stock changed. */
  restocked: string[];
}

/**
 * Moves the order to `to` for `actor`, or refuses with a 409 saying why. The move appends the stage to the history,
 * sets the payment status its row names, and runs the effects its row names (order-lifecycle.ts: the fulfilment
 * row's, then the payment's), each in the caller's transaction: the stock settled with the inventory (released,
 * fulfilled, or awaited back as a return to origin), the unpaid hold ended, the cart cleared, the invoice or the
 * credit note issued, the coupon's use given back. Refunds, closing the Stripe session and telling the shop happen
 * after the commit (OrderLifecycle.announce), from what this returns. No effect is decided by the order of stages.
 */
export async function transition(
  tx: Tx,
  order: OrderRow,
  to: OrderStage,
  actor: OrderActor,
  context: LifecycleContext,
  extras: TransitionExtras = {},
): Promise<Transitioned> {
  const move = allowedMove(factsOf(order), to, actor);
  if (!move) throw refusal(order, factsOf(order), to, actor);
  if (move.guard === 'pickupCode' && extras.pickupCodeChecked !== true) throw pickupCodeNeeded(order);
  const effects = new Set(move.effects);
  const now = extras.now ?? new Date();
  const statusHistory = [...order.statusHistory, { status: to, updatedAt: now.toISOString() }];
  const paymentStatus = move.payment ?? order.paymentStatus;
  const paid = paymentStatus === 'PAID' && order.paymentStatus !== 'PAID';

  const restocked = effects.has('returnToOrigin')
    ? await releaseUnshipped(tx, order.id)
    : effects.has('releaseStock')
      ? await releaseStock(tx, order.id, actor === 'timer' ? 'expiry' : 'cancel')
      : [];
  if (effects.has('fulfilStock')) await fulfilStock(tx, order.id);
  if (effects.has('endUnpaidHold')) await endUnpaidHold(tx, order.id);
  const [after] = await tx
    .update(orders)
    .set({
      statusHistory,
      status: furthestStage(statusHistory),
      paymentStatus,
      updatedAt: now,
      ...(paid ? { stripePaymentIntent: extras.paymentIntent ?? null } : {}),
      // A fresh code each time an order is made ready; the table keeps its salt, never the code (pickup-code.ts).
      ...(effects.has('issuePickupCode') ? { pickupCodeSalt: newPickupSalt(), pickupWrongCodes: 0, pickupLockedUntil: null } : {}),
    })
    .where(eq(orders.id, order.id))
    .returning();
  if (effects.has('clearCart')) await removeBoughtFromCart(tx, order);
  // The tax invoice is made once, when the sale is complete (a card order when it is paid, a cash order when it is
  // handed over); a cancelled invoiced order is reversed by a credit note (docs/decisions/0200-tax-invoices.md).
  if (effects.has('invoice')) await issueInvoice(tx, context.seller, await invoicedOrder(tx, order), now);
  if (effects.has('creditNote')) await issueCreditNote(tx, order.id, 'cancel', now);
  // A paid order cancelled on its way is refunded, with its credit note, once the parcel is back (the return's REFUNDED).
  if (effects.has('returnToOrigin')) await openReturnToOrigin(tx, order, now);
  // A cancelled order gives its coupon use back: the shopper may use it again (docs/product.md#coupons).
  if (effects.has('releaseCoupon') && order.couponId) await releaseCouponUse(tx, order.couponId, order.userId);

  return {
    before: order,
    after: after as OrderRow,
    actor,
    placed: effects.has('placed'),
    refund: effects.has('refund') ? order.stripePaymentIntent : null,
    expireSession: effects.has('closeSession') ? order.stripeSessionId : null,
    restocked,
  };
}

/** The reason of the credit note that reverses a payment landing on an order already cancelled. */
export const PAID_AFTER_CANCEL = 'paid-after-cancel';

/**
 * A payment that lands after its order was cancelled (the shopper abandoned it, or it expired) is money taken and
 * given back (docs/product.md#tax-invoices): the order gets its tax invoice for the payment and a credit note
 * reversing it, in the caller's transaction, before the refund is asked for. An order already invoiced (a second
 * payment of an order paid once) needs none: its invoice and credit note already cover the goods, and the answer
 * says so for the log.
 */
export async function documentRefundedPayment(tx: Tx, order: OrderRow, context: LifecycleContext, now = new Date()): Promise<string | null> {
  if (await invoiceOf(tx, order.id)) return `order ${order.id} already has its invoice: this payment is a second one, refunded with no document of its own`;
  await issueInvoice(tx, context.seller, await invoicedOrder(tx, order), now);
  await issueCreditNote(tx, order.id, PAID_AFTER_CANCEL, now);
  return null;
}

/**
 * The order as its tax invoice is made from: the buyer is whoever it is delivered to, in the state India Post lists
 * for the delivery pincode (the place of supply), whatever state was typed.
 */
async function invoicedOrder(tx: Tx, order: OrderRow) {
  const lines = await tx.select(INVOICED_LINE).from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(orderLines.position);
  return invoicedOrderOf(order, lines);
}

const INVOICED_LINE = {
  orderId: orderLines.orderId,
  productId: orderLines.productId,
  name: orderLines.name,
  variantName: orderLines.variantName,
  quantity: orderLines.quantity,
  subTotalAmt: orderLines.subTotalAmt,
  position: orderLines.position,
};

function invoicedOrderOf(order: OrderRow, lines: InvoicedOrder['lines']): InvoicedOrder {
  const address = order.deliveryAddress;
  return {
    orderId: order.id,
    userId: order.userId,
    // From the address's own parts through the one formatter, not the copy's text: a district named as its city prints once.
    buyer: {
      name: address.name,
      address: addressText({ ...address, street: address.address_line }, { withoutState: true }),
      state: supplyStateOf(address),
      gstin: address.gstin ?? null,
    },
    lines,
    discountAmt: order.discountAmt,
    couponCode: order.couponCode ?? null,
  };
}

/**
 * The tax invoices of cash orders delivered in the past (the demo seed's, which were written delivered), each dated
 * when it was delivered, as a delivery would have issued it. Answers how many were issued.
 */
export async function invoicePastDeliveries(tx: DbOrTx, seller: Seller, orderIds: readonly string[]): Promise<number> {
  const rows = (await tx
    .select()
    .from(orders)
    .where(inArray(orders.id, [...orderIds]))) as OrderRow[];
  const lines = await tx
    .select(INVOICED_LINE)
    .from(orderLines)
    .where(inArray(orderLines.orderId, [...orderIds]))
    .orderBy(orderLines.orderId, orderLines.position);
  const linesOf = new Map<string, typeof lines>();
  for (const line of lines) linesOf.set(line.orderId, [...(linesOf.get(line.orderId) ?? []), line]);
  const delivered = rows.flatMap((order) => {
    const at = order.statusHistory.findLast((h) => h.status === 'DELIVERED')?.updatedAt;
    return order.paymentMethod === 'COD' && order.status === 'DELIVERED' && at
      ? [{ ...invoicedOrderOf(order, linesOf.get(order.id) ?? []), at: new Date(at) }]
      : [];
  });
  return issueInvoices(tx, seller, delivered);
}

/** A paid card order's products leave the cart; until then the shopper may still come back to pay. */
async function removeBoughtFromCart(tx: Tx, order: OrderRow): Promise<void> {
  const lines = await tx.select({ productId: orderLines.productId, variantId: orderLines.variantId }).from(orderLines).where(eq(orderLines.orderId, order.id));
  const bought = lines.filter((l): l is { productId: string; variantId: string | null } => l.productId !== null);
  if (bought.length) await removeFromCart(tx, order.userId, bought);
}
