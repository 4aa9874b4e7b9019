import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { OrderEvents } from '../orders/order-events.js';
import { STRIPE, type StripeClient } from './stripe-client.js';

/**
 * When a shopper or an admin cancels an order still awaiting its card payment, its Checkout
 * Session is expired too, so the shopper cannot pay for an order that no longer holds stock.
 */
@Injectable()
export class SessionExpirer implements OnModuleInit {
  private readonly logger = new Logger('Checkout');

  constructor(
    private readonly events: OrderEvents,
    @Inject(STRIPE) private readonly stripe: StripeClient,
  ) {}

  onModuleInit(): void {
    this.events.listen({
      changed: async ({ order, previousPaymentStatus, cause }) => {
        if (!this.stripe || cause === 'payment' || !order.stripeSessionId) return;
        if (previousPaymentStatus !== 'AWAITING_PAYMENT' || order.paymentStatus !== 'CANCELLED') return;
        await this.stripe.checkout.sessions
          .expire(order.stripeSessionId)
          .catch((e: Error) => this.logger.warn(`Could not expire ${order.stripeSessionId}: ${e.message}`));
      },
    });
  }
}
