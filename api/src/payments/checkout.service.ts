import { Inject, Injectable, Logger } from '@nestjs/common';
import type { PlaceOrderInput } from '@haat/shared/orders/order.schema';
import { ErrorCode } from '@haat/shared/common/error-code';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { DB, type Db } from '../db/database.js';
import type { Order } from '@haat/shared/orders/order.types';
import { AppError, conflict, notFound, unavailable } from '../common/app-error.js';
import { emailOf } from '../users/index.js';
import {
  pendingCardOrderOf,
  setOrderCheckoutSession,
  type OrderRow,
  OrderPlacementService,
  OrderReader,
  OrderLifecycle,
  isAwaitingCardPayment,
  checkoutPending,
} from '../orders/index.js';
import { checkoutSessionParams } from './checkout-session.js';
import { STRIPE, type StripeClient } from './stripe-client.js';

export interface CheckoutAnswer {
  /** The Checkout Session id the PWA redirects with. */
  id: string;
  url: string | null;
  orderId: string;
}

/**
 * How long a card order may wait without a stored session before another checkout of its account releases it: longer
 * than a checkout takes to store its session, Stripe's call included (docs/product.md#rules-and-limits).
 */
const UNSTORED_SESSION_GRACE_MS = 2 * 60_000;

/**
 * Pay Online: the order is written awaiting payment with its stock held, then Stripe's hosted
 * Checkout Session is created for it. The webhook later marks it paid or releases the stock.
 */
@Injectable()
export class CheckoutService {
  private readonly logger = new Logger('Checkout');

  constructor(
    @Inject(DB) private readonly db: Db,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(STRIPE) private readonly stripe: StripeClient,
    private readonly placement: OrderPlacementService,
    private readonly reader: OrderReader,
    private readonly lifecycle: OrderLifecycle,
  ) {}

  async checkout(userId: string, input: PlaceOrderInput, idempotencyKey?: string): Promise<CheckoutAnswer> {
    if (!this.stripe) throw unavailable('Online payment is not available on this shop yet (no STRIPE_SECRET_KEY). Please choose Cash on Delivery.');
    await this.assertNoPaymentWaiting(userId, idempotencyKey);
    const { order, created } = await this.placement.place(userId, input, 'CARD', idempotencyKey);
    if (!created) return this.replay(order);
    return this.openSession(order);
  }

  /**
   * Stripe's hosted Checkout Session for an order awaiting its card payment, stored on the order. Stripe's own
   * idempotency key for the order, with parameters that depend on the order only (its expiry counts from the order's
   * creation), makes a retry answer the same session: never two for one order. A session Stripe will not make
   * releases the order at once (its units back, the account free for another checkout).
   */
  private async openSession(order: OrderRow): Promise<CheckoutAnswer> {
    const email = await emailOf(this.db, order.userId);
    const lines = await this.reader.linesOf([order.id]);
    let session;
    try {
      session = await this.stripe!.checkout.sessions.create(
        checkoutSessionParams(order, lines, email ?? '', this.config.publicUrl, order.createdAt.getTime(), this.config.stripePaymentMethods),
        { idempotencyKey: `checkout-${order.id}` },
      );
    } catch (error) {
      this.logger.warn(`Stripe refused or was unreachable for ${order.id}: ${(error as Error).message}`);
      await this.lifecycle.discard(order.id);
      throw new AppError(502, ErrorCode.PaymentProvider, 'The payment provider could not be reached. Nothing was charged; please try again.');
    }
    await setOrderCheckoutSession(this.db, order.id, session.id, session.url);
    return { id: session.id, url: session.url ?? null, orderId: order.id };
  }

  /**
   * One card payment waits at a time per account: opening checkout again does not place a second
   * order that holds stock for another 31 minutes (which would let an account keep units from
   * others by re-opening checkout). The shopper finishes the waiting payment or cancels it (the
   * /cancel page, or My Orders) first. A retry of the same request (its Idempotency-Key) is answered
   * with its order as before. This is the early answer; requests racing past it meet the database's
   * index in the order's statement, answered the same (docs/decisions/0213-one-card-payment-waits-per-account.md).
   */
  private async assertNoPaymentWaiting(userId: string, idempotencyKey: string | undefined): Promise<void> {
    const waiting = await pendingCardOrderOf(this.db, userId);
    if (!waiting || (idempotencyKey && waiting.idempotencyKey === idempotencyKey)) return;
    if (waiting.stripeSessionId) throw checkoutPending(waiting);
    // A waiting order with no session was cut before its session was stored (docs/product.md#rules-and-limits):
    // past the grace it is released as Stripe's refusal releases it, and this checkout goes on; within it, the
    // first checkout may still be storing its session.
    if (Date.now() - waiting.createdAt.getTime() < UNSTORED_SESSION_GRACE_MS) throw checkoutPending(waiting, { preparing: true });
    await this.lifecycle.discard(waiting.id);
  }

  /**
   * A retried request with the same Idempotency-Key gets the first order's session; when the first was cut before
   * its session was stored (a lost database connection), the retry makes it (the same one, if Stripe had made it).
   */
  private replay(order: OrderRow): Promise<CheckoutAnswer> | CheckoutAnswer {
    if (order.paymentMethod !== 'CARD') throw conflict('This Idempotency-Key was already used for a cash-on-delivery order.');
    if (order.stripeSessionId) return { id: order.stripeSessionId, url: order.stripeSessionUrl, orderId: order.id };
    if (!isAwaitingCardPayment(order)) throw conflict('This order is no longer awaiting its payment. Please check My Orders.');
    return this.openSession(order);
  }

  /**
   * The shopper came back from Stripe's page without paying (its cancel URL). That cancels the order
   * only while it still awaits its card payment: opening the URL again later, or for a cash-on-delivery
   * or paid order, must never cancel an order the shop is about to deliver, so those answer 409.
   */
  abandon(userId: string, orderId: string): Promise<Order> {
    return this.lifecycle.move(orderId, 'CANCELLED', 'customer', {
      check: (row) => {
        if (row.userId !== userId) throw notFound('Order');
        if (!isAwaitingCardPayment(row)) throw notAwaitingPayment(row);
      },
      read: (tx, after) => this.reader.toWire(after, tx),
    });
  }
}

function notAwaitingPayment(row: OrderRow): AppError {
  const why =
    row.paymentStatus === 'CANCELLED'
      ? 'it is already cancelled'
      : row.paymentMethod === 'COD'
        ? 'it is paid cash on delivery'
        : row.paymentStatus === 'COMPLETED'
          ? 'it is delivered'
          : 'its payment has arrived';
  return new AppError(409, ErrorCode.NotAwaitingPayment, `Order ${row.id} is not awaiting payment: ${why}, so it was not cancelled.`, {
    payment_status: row.paymentStatus,
    status: row.status,
  });
}
