import { paise } from '@haat/shared/money/paise';
import { Inject, Injectable, Logger } from '@nestjs/common';
import Stripe from 'stripe';
import { ErrorCode } from '@haat/shared/common/error-code';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { DB, type Db } from '../db/database.js';
import { AppError, unavailable } from '../common/app-error.js';
import type { OrderActor } from '@haat/shared/orders/order-lifecycle';
import { OrderLifecycle, canTransition, lockOrder, markPaymentProcessing, type OrderRow } from '../orders/index.js';
import { CardRefunder } from './card-refunder.js';
import { stripeEvents } from './stripe-events.table.js';

interface Move {
  to: 'PLACED' | 'CANCELLED';
  actor: OrderActor;
}

/**
 * The Checkout events that move an order, as moves of the order lifecycle: a payment places it, a
 * failed payment or the session running out cancels it. Every other event type is acknowledged and ignored.
 */
const MOVES: Partial<Record<string, Move>> = {
  'checkout.session.completed': { to: 'PLACED', actor: 'payment' },
  'checkout.session.async_payment_succeeded': { to: 'PLACED', actor: 'payment' },
  'checkout.session.expired': { to: 'CANCELLED', actor: 'timer' },
  'checkout.session.async_payment_failed': { to: 'CANCELLED', actor: 'payment' },
};

export interface WebhookAnswer {
  received: true;
  /** This event id was applied before (Stripe retries and replays): nothing changed now. */
  duplicate?: boolean;
  orderId?: string;
}

@Injectable()
export class StripeWebhookService {
  private readonly logger = new Logger('StripeWebhook');

  constructor(
    @Inject(DB) private readonly db: Db,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly lifecycle: OrderLifecycle,
    private readonly refunder: CardRefunder,
  ) {}

  async handle(rawBody: Buffer | undefined, signature: string | undefined): Promise<WebhookAnswer> {
    const event = this.verify(rawBody, signature);
    const move = MOVES[event.type];
    if (!move) return { received: true };
    const session = event.data.object as Stripe.Checkout.Session;
    const orderId = session.metadata?.orderId ?? session.client_reference_id ?? undefined;
    const paymentIntent = (typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent?.id) ?? null;

    // Recording the event id and applying it share one transaction: applied exactly once, even
    // when the same event arrives twice at once (the second waits on the key, then sees it).
    const outcome = await this.db.transaction(async (tx) => {
      const [fresh] = await tx
        .insert(stripeEvents)
        .values({ id: event.id, type: event.type, orderId: orderId ?? null })
        .onConflictDoNothing()
        .returning();
      if (!fresh) return { duplicate: true as const };
      if (!orderId) return {};
      const row = await lockOrder(tx, orderId);
      if (!row || !this.belongs(row, session)) {
        this.logger.warn(`${event.type} ${event.id}: no matching order ${orderId}`);
        return {};
      }
      // A delayed method (a UPI app still to approve, some bank debits) completes unpaid; async_payment_succeeded
      // or _failed follows. Meanwhile the shopper's order says to wait for it.
      if (move.to === 'PLACED' && session.payment_status === 'unpaid') {
        if (event.type === 'checkout.session.completed') await markPaymentProcessing(tx, row);
        return {};
      }
      if (!canTransition(row, move.to, move.actor)) {
        // Paid after the order was cancelled (the session is expired on cancel, so only a race):
        // the order stays cancelled and the money goes back. A repeat of the payment that already
        // paid this order is not a second payment and is left alone.
        if (move.to === 'PLACED' && paymentIntent && paymentIntent !== row.stripePaymentIntent) {
          // Money taken and given back still gets its tax documents (docs/product.md#tax-invoices).
          const needsNone = await this.lifecycle.documentRefundedPayment(tx, row);
          if (needsNone) this.logger.warn(`Order ${row.id}: ${paymentIntent} paid after the cancellation; ${needsNone}.`);
          return { refund: { orderId: row.id, paymentIntent } };
        }
        return {};
      }
      if (move.to === 'PLACED' && session.amount_total != null && session.amount_total !== paise(row.totalAmt)) {
        this.logger.error(`Order ${row.id}: Stripe charged ${session.amount_total} paise for a total of ${row.totalAmt}.`);
      }
      return { moved: await this.lifecycle.transitionIn(tx, row, move.to, move.actor, { paymentIntent }) };
    });

    if ('duplicate' in outcome) return { received: true, duplicate: true, orderId };
    if ('refund' in outcome && outcome.refund) await this.refunder.refund(outcome.refund.orderId, outcome.refund.paymentIntent);
    if ('moved' in outcome && outcome.moved) this.lifecycle.announce(outcome.moved);
    return { received: true, orderId };
  }

  /** Stripe's own verification over the exact bytes received; anything else is a 400 and changes nothing. */
  private verify(rawBody: Buffer | undefined, signature: string | undefined): Stripe.Event {
    const secret = this.config.stripeWebhookSecret;
    if (!secret) throw unavailable('Stripe webhooks are not configured on this shop (no STRIPE_WEBHOOK_SECRET).');
    if (!signature) throw new AppError(400, ErrorCode.BadSignature, 'stripe-signature: header is missing.', { fields: ['stripe-signature'] });
    if (!rawBody) throw new AppError(400, ErrorCode.BadSignature, 'body: is missing.', { fields: ['body'] });
    try {
      return Stripe.webhooks.constructEvent(rawBody, signature, secret);
    } catch {
      throw new AppError(400, ErrorCode.BadSignature, 'stripe-signature: webhook signature verification failed.', { fields: ['stripe-signature'] });
    }
  }

  private belongs(row: OrderRow, session: Stripe.Checkout.Session): boolean {
    return row.paymentMethod === 'CARD' && (!row.stripeSessionId || row.stripeSessionId === session.id);
  }
}
