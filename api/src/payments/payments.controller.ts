import { Controller, Headers, HttpCode, Post, Req, type RawBodyRequest } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { CancelOrderBody, CheckoutBody, type PlaceOrderInput } from '@haat/shared/orders/order.schema';
import { Auth, CurrentUser, type AuthUser } from '../auth/index.js';
import { ok } from '../common/envelope.js';
import { ZBody } from '../common/zod-body.pipe.js';
import { IdempotencyKey } from '../common/idempotency-key.decorator.js';
import { CheckoutService } from './checkout.service.js';
import { StripeWebhookService } from './stripe-webhook.service.js';
import { LocalizedAnswers } from '../i18n/localize-answer.interceptor.js';
import { LimitWrongCouponCodes } from '../throttle/index.js';

/** Pay Online (POST /api/order/checkout), leaving Stripe's page unpaid, and Stripe's webhook. */
@LocalizedAnswers()
@Controller('order')
export class PaymentsController {
  constructor(
    private readonly checkoutService: CheckoutService,
    private readonly webhooks: StripeWebhookService,
  ) {}

  /** Answers `id` (the Checkout Session id the PWA redirects with) at the top level, where the PWA reads it. */
  @Post('checkout')
  @HttpCode(201)
  @LimitWrongCouponCodes()
  @Auth()
  async checkout(@CurrentUser() user: AuthUser, @ZBody(CheckoutBody) body: PlaceOrderInput, @IdempotencyKey() key: string | undefined) {
    const answer = await this.checkoutService.checkout(user.id, body, key);
    return ok(answer, 'Redirecting to payment', { id: answer.id, url: answer.url });
  }

  /**
   * The shopper left Stripe's page without paying (the PWA's /cancel?orderId=): cancels the order only
   * while it awaits its card payment; any other order answers 409 NOT_AWAITING_PAYMENT and is untouched.
   */
  @Post('checkout/cancel')
  @HttpCode(200)
  @Auth()
  async abandon(@CurrentUser() user: AuthUser, @ZBody(CancelOrderBody) body: CancelOrderBody) {
    return ok(await this.checkoutService.abandon(user.id, body.orderId), 'Order cancelled successfully');
  }

  /** Signed by Stripe, not by a user: the signature over the raw body is the authentication. */
  @Post('webhook')
  @HttpCode(200)
  async webhook(@Req() req: RawBodyRequest<FastifyRequest>, @Headers('stripe-signature') signature: string | undefined) {
    return ok(await this.webhooks.handle(req.rawBody, signature), 'Webhook received');
  }
}
