import { paise } from '@haat/shared/money/paise';
import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { DB, type Db } from '../db/database.js';
import { OrderEvents, setOrderRefundId, setPartCancelRefundId, setReturnRefundReference, type PartCancelled, type ReturnRefund } from '../orders/index.js';
import { STRIPE, type StripeClient } from './stripe-client.js';

/**
 * Money paid by card goes back when the order is cancelled: by the shopper or an admin after the
 * payment arrived, or when a payment lands for an order that was cancelled meanwhile. The refund is
 * asked for after the cancellation commits (the order never waits on Stripe), with an idempotency
 * key per order, so a repeat can never refund twice; the refund id is then kept on the order.
 */
@Injectable()
export class CardRefunder implements OnModuleInit {
  private readonly logger = new Logger('Refunds');

  constructor(
    @Inject(DB) private readonly db: Db,
    private readonly events: OrderEvents,
    @Inject(STRIPE) private readonly stripe: StripeClient,
  ) {}

  onModuleInit(): void {
    this.events.listen({
      // The order lifecycle decides when money goes back; this only asks Stripe.
      changed: async ({ order, refund }) => {
        if (refund) await this.refund(order.id, refund);
      },
      returnRefunded: (refund) => this.refundReturn(refund),
      partCancelled: (cancelled) => this.refundPart(cancelled),
    });
  }

  /**
   * A received return of a card order: the amount paid for the units goes back to the card, asked once
   * per return (its idempotency key), and Stripe's refund id is kept on the return.
   */
  async refundReturn({ orderId, returnId, paymentIntent, amount }: ReturnRefund): Promise<void> {
    if (!this.stripe) {
      this.logger.error(
        `Return ${returnId} of order ${orderId}: ₹${amount} of ${paymentIntent} must be refunded, but STRIPE_SECRET_KEY is unset. Refund it in the Stripe dashboard.`,
      );
      return;
    }
    try {
      const refund = await this.stripe.refunds.create(
        { payment_intent: paymentIntent, amount: paise(amount), metadata: { orderId, returnId } },
        { idempotencyKey: `haat-return-refund-${returnId}` },
      );
      await setReturnRefundReference(this.db, returnId, refund.id);
      this.logger.log(`Return ${returnId} of order ${orderId}: refunded ₹${amount} of ${paymentIntent} (${refund.id}, ${refund.status}).`);
    } catch (error) {
      this.logger.error(
        `Return ${returnId} of order ${orderId}: the refund of ₹${amount} failed (${(error as Error).message}). Refund it in the Stripe dashboard.`,
      );
    }
  }

  /**
   * Units taken off a card order before it left (docs/product.md#cancelling-part-of-an-order): what they were paid goes
   * back to the card, asked once per cancellation (its idempotency key), and Stripe's refund id is kept on it.
   */
  async refundPart({ orderId, cancellationId, paymentIntent, amount }: PartCancelled): Promise<void> {
    if (!paymentIntent) return;
    if (!this.stripe) {
      this.logger.error(
        `Units taken off order ${orderId} (${cancellationId}): ₹${amount} of ${paymentIntent} must be refunded, but STRIPE_SECRET_KEY is unset. Refund it in the Stripe dashboard.`,
      );
      return;
    }
    try {
      const refund = await this.stripe.refunds.create(
        { payment_intent: paymentIntent, amount: paise(amount), metadata: { orderId, cancellationId } },
        { idempotencyKey: `haat-part-cancel-refund-${cancellationId}` },
      );
      await setPartCancelRefundId(this.db, cancellationId, refund.id);
      this.logger.log(`Units taken off order ${orderId} (${cancellationId}): refunded ₹${amount} of ${paymentIntent} (${refund.id}, ${refund.status}).`);
    } catch (error) {
      this.logger.error(
        `Units taken off order ${orderId} (${cancellationId}): the refund of ₹${amount} failed (${(error as Error).message}). Refund it in the Stripe dashboard.`,
      );
    }
  }

  async refund(orderId: string, paymentIntent: string): Promise<void> {
    if (!this.stripe) {
      this.logger.error(`Order ${orderId}: ${paymentIntent} must be refunded, but STRIPE_SECRET_KEY is unset. Refund it in the Stripe dashboard.`);
      return;
    }
    try {
      const refund = await this.stripe.refunds.create({ payment_intent: paymentIntent, metadata: { orderId } }, { idempotencyKey: `haat-refund-${orderId}` });
      await setOrderRefundId(this.db, orderId, refund.id);
      this.logger.log(`Order ${orderId}: refunded ${paymentIntent} (${refund.id}, ${refund.status}).`);
    } catch (error) {
      this.logger.error(`Order ${orderId}: the refund of ${paymentIntent} failed (${(error as Error).message}). Refund it in the Stripe dashboard.`);
    }
  }
}
