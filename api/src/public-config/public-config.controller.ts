import { Controller, Get, Inject } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import type { HoldLimits } from '@haat/shared/orders/hold-limits';
import { ok } from '../common/envelope.js';

/**
 * What the PWA must know before it draws some buttons: whether to show Google sign-in (and with which
 * client id, which is public by design), whether Pay Online can work, and who the shop is. Secrets never leave config.
 */
@Controller('config')
export class PublicConfigController {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  @Get('public')
  publicConfig() {
    return ok(
      {
        googleClientId: this.config.googleClientId ?? null,
        paymentsEnabled: Boolean(this.config.stripeSecretKey),
        /** The checkout offers UPI (STRIPE_PAYMENT_METHODS names it): the button says "Pay by UPI or card". */
        upi: Boolean(this.config.stripeSecretKey) && this.config.stripePaymentMethods.includes('upi'),
        /** Order updates on WhatsApp can be asked for (WHATSAPP_TOKEN set). */
        whatsapp: this.config.whatsapp.enabled,
        /** Days after delivery a return may be asked for (docs/product.md#returns). */
        returnWindowDays: this.config.returnWindowDays,
        /** Who the shop is, as its invoices name it: the footer, /contact and the FAQ print these (docs/decisions/0300-one-shop-identity.md). */
        shop: this.config.shop,
        /** Units an account may hold in unpaid orders, verified or not (docs/decisions/0003-purchase-limits.md): said while the cart is built. */
        holdLimits: { verified: this.config.holdLimitUnits, unverified: this.config.unverifiedHoldLimitUnits } satisfies HoldLimits,
      },
      'Public configuration',
    );
  }
}
