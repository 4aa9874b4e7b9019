import { Controller, Get, HttpCode, Param, Post, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { NotifyMeBody } from '@haat/shared/notify-me/notify-me.schema';
import { Id } from '@haat/shared/common/fields';
import { LIMITS } from '@haat/shared/common/limits';
import { Auth, CurrentUser, type AuthUser } from '../auth/index.js';
import { ok } from '../common/envelope.js';
import { badRequest } from '../common/app-error.js';
import { ZBody } from '../common/zod-body.pipe.js';
import { MINUTE, RateLimit, RateLimited, tooManyAttempts } from '../throttle/index.js';
import { LocalizedAnswers } from '../i18n/localize-answer.interceptor.js';
import { StockAlertsService } from './stock-alerts.service.js';

/**
 * A person taps "Notify me" a few times an hour at most: more than LIMITS.stockAlertsPerHour asks an hour from one
 * account (or 120 a minute from one address) is a script: 429 (docs/product.md#back-in-stock). The day's bound is on
 * the waits the asks open (StockAlertsService: LIMITS.stockAlertsPerDay), 429 the same.
 */
const ASK_LIMIT = { ip: [120, MINUTE] as [number, number], user: [LIMITS.stockAlertsPerHour, 60 * MINUTE] as [number, number] };

/** "Notify me" when a sold-out product or option is back (docs/product.md#back-in-stock). */
@LocalizedAnswers()
@Controller()
export class StockAlertsController {
  constructor(private readonly alerts: StockAlertsService) {}

  @Post('product/notify-me')
  @HttpCode(201)
  @RateLimit(ASK_LIMIT)
  @Auth()
  async subscribe(@CurrentUser() user: AuthUser, @ZBody(NotifyMeBody) body: NotifyMeBody, @Res({ passthrough: true }) reply: FastifyReply) {
    const created = await this.alerts.subscribe(user.id, body).catch((e: unknown) => {
      throw e instanceof RateLimited ? tooManyAttempts(reply, e.retryAfterSeconds) : e;
    });
    return ok({ productId: body.productId, variantId: body.variantId ?? null, created }, 'We will tell you when it is back in stock');
  }

  @Post('product/notify-me/remove')
  @HttpCode(200)
  @Auth()
  async remove(@CurrentUser() user: AuthUser, @ZBody(NotifyMeBody) body: NotifyMeBody) {
    await this.alerts.remove(user.id, body);
    return ok({ productId: body.productId, variantId: body.variantId ?? null }, 'Removed from your Notify me list');
  }

  @Get('user/notify-me')
  @Auth()
  async list(@CurrentUser() user: AuthUser) {
    return ok(await this.alerts.list(user.id), 'Notify me list');
  }

  /** The admin's product screen: how many shoppers wait for the product and each option. */
  @Get('product/admin/notify-me/:productId')
  @Auth('ADMIN')
  async counts(@Param('productId') raw: string) {
    const id = Id.safeParse(raw);
    if (!id.success) throw badRequest('productId: must be an id (letters and digits only)', { fields: ['productId'] });
    return ok(await this.alerts.counts(id.data), 'Shoppers waiting');
  }
}
