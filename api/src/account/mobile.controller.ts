import { Controller, Headers, HttpCode, Inject, Post, Put, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AddMobileBody, MobileBody, MobileOtpBody, NameBody, WhatsappBody } from '@haat/shared/users/mobile.schema';
import type { Language } from '@haat/shared/common/languages';
import { ok } from '../common/envelope.js';
import { ZBody } from '../common/zod-body.pipe.js';
import { Auth, CurrentUser, type AuthUser } from '../auth/index.js';
import { MINUTE, RateLimit } from '../throttle/index.js';
import { LocalizedAnswers } from '../i18n/localize-answer.interceptor.js';
import { RequestLanguage } from '../i18n/request-language.js';
import { MobileSignInService } from './mobile-sign-in.service.js';
import { ProfileService } from './profile.service.js';
import { tokensOf } from './users.controller.js';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { MobileCodesService } from './mobile-codes.service.js';
import { deviceCookieOf, setDeviceCookie } from './device-cookie.js';
import { MobileDevices } from './mobile-devices.js';

/**
 * Beyond docs/product.md#api: sign-in by a code sent to an Indian mobile number, and a signed-in shopper
 * proving one (docs/decisions/0280-sign-in-by-mobile-number.md). Sends are limited per number and per
 * address inside the service (MOBILE_CODE_SENDS); the routes' own limits only bound the requests. A sign-in by code
 * marks its address and its browser (a random device token in a cookie, ended with the session: MobileDevices) as the
 * number's owner's, whose sends strangers' sends do not refuse and whose texts come from the budget's reserve.
 */
@LocalizedAnswers()
@Controller('user')
export class MobileController {
  private readonly secureCookies: boolean;

  constructor(
    private readonly mobile: MobileSignInService,
    private readonly profile: ProfileService,
    private readonly codes: MobileCodesService,
    private readonly devices: MobileDevices,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.secureCookies = config.publicUrl.startsWith('https:');
  }

  /** The same answer for every number, whether or not it has an account. */
  @Post('login-otp')
  @HttpCode(200)
  @RateLimit({ ip: [30, MINUTE] })
  async sendSignInCode(
    @ZBody(MobileBody) body: MobileBody,
    @RequestLanguage() language: Language,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    await this.mobile.sendSignInCode(body.mobile, language, { ip: req.ip, reply, device: deviceCookieOf(req) });
    return ok(null, `A six-digit code is on its way to ${body.mobile} by SMS.`);
  }

  /** Answers as POST /api/user/login does; a new account's `name` is empty until PUT /api/user/name. */
  @Post('login-otp/verify')
  @HttpCode(200)
  @RateLimit({ ip: [30, MINUTE] })
  async signIn(
    @ZBody(MobileOtpBody) body: MobileOtpBody,
    @RequestLanguage() language: Language,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
    @Headers('user-agent') ua = '',
  ) {
    const tokens = await this.mobile.signIn(body.mobile, body.otp, language, ua);
    await this.codes.remember(body.mobile, req.ip);
    setDeviceCookie(reply, await this.devices.issue(body.mobile, tokens.sessionId, deviceCookieOf(req)), this.secureCookies);
    return ok(tokensOf(tokens), 'Login successfully');
  }

  /** With the current password (or a fresh Google credential) on an account that has one; the account's e-mail is told once proved. */
  @Post('mobile')
  @HttpCode(200)
  @Auth()
  @RateLimit({ ip: [30, MINUTE] })
  async sendAddCode(
    @CurrentUser() user: AuthUser,
    @ZBody(AddMobileBody) body: AddMobileBody,
    @RequestLanguage() language: Language,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    await this.profile.confirmOwnerToAddMobile(user.id, body, { ip: req.ip, reply, language });
    await this.mobile.sendAddCode(user.id, body.mobile, language, { ip: req.ip, reply });
    return ok(null, `A six-digit code is on its way to ${body.mobile} by SMS.`);
  }

  @Post('mobile/verify')
  @HttpCode(200)
  @Auth()
  @RateLimit({ ip: [30, MINUTE] })
  async verifyAdded(@CurrentUser() user: AuthUser, @ZBody(MobileOtpBody) body: MobileOtpBody) {
    return ok(await this.mobile.verifyAdded(user.id, body.mobile, body.otp), `Your mobile number ${body.mobile} is verified.`);
  }

  /**
   * A code to the account's own verified mobile, proving its owner is present: an account signed up by mobile number
   * adds an e-mail with it (PUT /api/user/update-user `otp`; docs/decisions/0280-sign-in-by-mobile-number.md).
   */
  @Post('owner-code')
  @HttpCode(200)
  @Auth()
  @RateLimit({ ip: [30, MINUTE] })
  async sendOwnerCode(
    @CurrentUser() user: AuthUser,
    @RequestLanguage() language: Language,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const mobile = await this.profile.sendOwnerCode(user.id, { ip: req.ip, reply, language });
    return ok(null, `A six-digit code is on its way to ${mobile} by SMS.`);
  }

  /** Order updates on WhatsApp at the verified mobile, on or off (docs/decisions/0282-order-updates-on-whatsapp.md). */
  @Put('whatsapp')
  @Auth()
  async setWhatsapp(@CurrentUser() user: AuthUser, @ZBody(WhatsappBody) body: WhatsappBody) {
    return ok(await this.mobile.setWhatsapp(user.id, body.on), body.on ? 'Order updates will come on WhatsApp.' : 'Order updates on WhatsApp are stopped.');
  }

  /** The name a shopper signed in by mobile gives after the code (an account made that way has none). */
  @Put('name')
  @Auth()
  async setName(@CurrentUser() user: AuthUser, @ZBody(NameBody) body: NameBody) {
    return ok(await this.mobile.setName(user.id, body.name), 'Your name is saved.');
  }
}
