import { Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { OrdersModule } from '../orders/index.js';
import { CardRefunder } from './card-refunder.js';
import { CheckoutService } from './checkout.service.js';
import { PaymentsController } from './payments.controller.js';
import { SessionExpirer } from './session-expirer.js';
import { STRIPE, createStripeClient } from './stripe-client.js';
import { StripeWebhookService } from './stripe-webhook.service.js';

@Module({
  imports: [OrdersModule],
  controllers: [PaymentsController],
  providers: [
    { provide: STRIPE, inject: [APP_CONFIG], useFactory: (config: AppConfig) => createStripeClient(config) },
    CheckoutService,
    StripeWebhookService,
    SessionExpirer,
    CardRefunder,
  ],
})
export class PaymentsModule {}
