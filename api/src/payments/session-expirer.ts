import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { OrderEvents } from '../orders/index.js';
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
      // The order lifecycle decides which session to close; this only asks Stripe.
      changed: async ({ expireSession }) => {
        if (!this.stripe || !expireSession) return;
        await this.stripe.checkout.sessions.expire(expireSession).catch((e: Error) => this.logger.warn(`Could not expire ${expireSession}: ${e.message}`));
      },
    });
  }
}
