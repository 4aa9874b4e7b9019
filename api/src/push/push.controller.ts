import { Controller, Get, HttpCode, Post } from '@nestjs/common';
import { PushSubscribeBody, PushUnsubscribeBody } from '@haat/shared/push/push.schema';
import { Auth, CurrentUser, type AuthUser } from '../auth/index.js';
import { ok } from '../common/envelope.js';
import { ZBody } from '../common/zod-body.pipe.js';
import { PushService } from './push.service.js';
import { LocalizedAnswers } from '../i18n/localize-answer.interceptor.js';

/** Web Push subscriptions (beyond docs/product.md#api: the admin's new-order notices). */
@LocalizedAnswers()
@Controller('push')
export class PushController {
  constructor(private readonly push: PushService) {}

  /** The VAPID public key the browser subscribes with (applicationServerKey). Public by nature. */
  @Get('public-key')
  publicKey() {
    return ok({ publicKey: this.push.publicKey() }, 'VAPID public key');
  }

  @Post('subscribe')
  @HttpCode(201)
  @Auth()
  async subscribe(@CurrentUser() user: AuthUser, @ZBody(PushSubscribeBody) body: PushSubscribeBody) {
    await this.push.subscribe(user.id, body);
    return ok(null, 'Notifications turned on');
  }

  @Post('unsubscribe')
  @HttpCode(200)
  @Auth()
  async unsubscribe(@CurrentUser() user: AuthUser, @ZBody(PushUnsubscribeBody) body: PushUnsubscribeBody) {
    const removed = await this.push.unsubscribe(user.id, body.endpoint);
    return ok({ removed }, 'Notifications turned off');
  }
}
