import { paise } from '@haat/shared/money/paise';
import { Inject, Injectable, Logger } from '@nestjs/common';
import Stripe from 'stripe';
import { z } from 'zod';
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

/** Stripe's ids (evt_…, cs_…, pi_…) and the shop's order ids: letters, digits, `_` and `-`. */
const Id = z.string().regex(/^[\w-]{1,255}$/, 'not an id');

/**
 * The part of a Checkout event the shop reads: a signed event of another shape is a 400 naming the field, never a
 * 500 (docs/product.md#rules-and-limits). Other fields pass unread.
 */
const AnyEvent = z.object({ id: Id, type: z.string().max(255), data: z.object({ object: z.object({}) }) });
const CheckoutEvent = AnyEvent.extend({
  data: z.object({
    object: z.object({
      id: Id,
      metadata: z.record(z.string(), z.string()).nullish(),
      client_reference_id: z.string().nullish(),
      payment_intent: z.union([Id, z.object({ id: Id })]).nullish(),
      payment_status: z.string().optional(),
      amount_total: z.number().int().nullish(),
    }),
  }),
});
type CheckoutEvent = z.infer<typeof CheckoutEvent>;

/**
 * A signature's time may differ from the shop's clock by this much either way (Stripe's default tolerance, which
 * its library checks only for the past): one dated later is refused as one dated earlier is.
 */
export const STRIPE_SIGNATURE_TOLERANCE_S = 300;

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
    const signed = this.verify(rawBody, signature);
    const move = MOVES[read(AnyEvent, signed).type];
    if (!move) return { received: true };
    const event = read(CheckoutEvent, signed);
    const session = event.data.object;
    const orderId = session.metadata?.orderId ?? session.client_reference_id ?? undefined;
    if (orderId !== undefined && !Id.safeParse(orderId).success)
      throw new AppError(400, ErrorCode.InvalidValue, 'data.object.metadata.orderId: not an order id.', { fields: ['data.object.metadata.orderId'] });
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
    // Header bytes outside printable ASCII are never Stripe's (its library would compare them by character count).
    if (!/^[\x20-\x7e]+$/.test(signature)) throw badSignature('stripe-signature: webhook signature verification failed.');
    let event: Stripe.Event;
    try {
      event = Stripe.webhooks.constructEvent(rawBody, signature, secret, STRIPE_SIGNATURE_TOLERANCE_S);
    } catch {
      throw badSignature('stripe-signature: webhook signature verification failed.');
    }
    // The library refuses only signatures older than the tolerance; one dated ahead of it is refused here.
    const at = Number(/(?:^|,)t=(\d{1,12})(?:,|$)/.exec(signature)?.[1]);
    if (!(at <= Date.now() / 1000 + STRIPE_SIGNATURE_TOLERANCE_S)) throw badSignature('stripe-signature: dated ahead of the tolerance zone.');
    return event;
  }

  private belongs(row: OrderRow, session: CheckoutEvent['data']['object']): boolean {
    return row.paymentMethod === 'CARD' && (!row.stripeSessionId || row.stripeSessionId === session.id);
  }
}

const badSignature = (message: string) => new AppError(400, ErrorCode.BadSignature, message, { fields: ['stripe-signature'] });

/** The signed event as the shop reads it, or a 400 naming the first field of another shape. */
function read<T>(schema: z.ZodType<T>, event: unknown): T {
  const parsed = schema.safeParse(event);
  if (parsed.success) return parsed.data;
  const path = parsed.error.issues[0]?.path.join('.') || 'body';
  throw new AppError(400, ErrorCode.InvalidValue, 'body: not a Stripe event of the shape the shop reads.', { fields: [path] });
}
