import { Controller, Get, Headers, HttpCode, Inject, Post, Put, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LoginBody, RefreshBody, RegisterBody } from '@haat/shared/users/user.schema';
import { UserStatusBody } from '@haat/shared/users/user-status.schema';
import {
  ChangePasswordBody,
  ConfirmEmailBody,
  ForgotPasswordBody,
  GoogleCredentialBody,
  ResetPasswordBody,
  UpdateUserBody,
  VerifyOtpBody,
} from '@haat/shared/users/account.schema';
import { ok } from '../common/envelope.js';
import { ZBody } from '../common/zod-body.pipe.js';
import { badRequest, unauthorized } from '../common/app-error.js';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { clearResetCookie, resetCookieOf, setResetCookie } from './reset-cookie.js';
import { Auth, CurrentUser, type AuthUser, TokensService, type TokenPair } from '../auth/index.js';
import { readUploadedFile } from '../files/index.js';
import { MINUTE, RateLimit, LoginProtection } from '../throttle/index.js';
import { GoogleSignInService } from './google-sign-in.service.js';
import { PasswordResetService } from './password-reset.service.js';
import { ProfileService } from './profile.service.js';
import { UsersService } from './users.service.js';
import { LocalizedAnswers } from '../i18n/localize-answer.interceptor.js';
import { RequestLanguage, requestLanguage } from '../i18n/request-language.js';
import type { Language } from '@haat/shared/common/languages';

/** docs/product.md#api answers tokens as data.accesstoken and data.refreshToken. */
export const tokensOf = ({ accessToken, refreshToken }: TokenPair) => ({ accesstoken: accessToken, refreshToken });

@LocalizedAnswers()
@Controller('user')
export class UsersController {
  constructor(
    private readonly users: UsersService,
    private readonly tokens: TokensService,
    private readonly google: GoogleSignInService,
    private readonly reset: PasswordResetService,
    private readonly profile: ProfileService,
    private readonly loginProtection: LoginProtection,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.secureCookies = config.publicUrl.startsWith('https:');
  }

  /** Cookies carry Secure when the shop is served over HTTPS (PUBLIC_URL). */
  private readonly secureCookies: boolean;

  @Post('register')
  @HttpCode(201)
  @RateLimit({ ip: [10, MINUTE], email: [5, MINUTE] })
  async register(@ZBody(RegisterBody) body: RegisterBody, @RequestLanguage() language: Language) {
    return ok(await this.users.register(body, language), 'User registered successfully');
  }

  @Post('login')
  @HttpCode(200)
  // Requests per address (argon2 is costly); failed passwords are counted by LoginProtection.
  @RateLimit({ ip: [20, MINUTE] })
  async login(@ZBody(LoginBody) body: LoginBody, @Req() req: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply, @Headers('user-agent') ua = '') {
    const pair = await this.loginProtection.attempt(body.email, req.ip, reply, () => this.users.login(body, ua));
    return ok(tokensOf(pair), 'Login successfully');
  }

  @Post('google-login')
  @HttpCode(200)
  @RateLimit({ ip: [20, MINUTE] })
  async googleLogin(@ZBody(GoogleCredentialBody) body: GoogleCredentialBody, @Headers('user-agent') ua = '') {
    return ok(tokensOf(await this.google.login(body.credential, ua)), 'Login Successful with Google');
  }

  @Post('google-register')
  @HttpCode(200)
  @RateLimit({ ip: [20, MINUTE] })
  async googleRegister(@ZBody(GoogleCredentialBody) body: GoogleCredentialBody, @RequestLanguage() language: Language, @Headers('user-agent') ua = '') {
    return ok(tokensOf(await this.google.register(body.credential, ua, language)), 'Registered/Login Successful with Google');
  }

  /** The same answer whether or not the e-mail is registered. */
  @Put('forgot-password')
  @RateLimit({ ip: [10, MINUTE], email: [5, MINUTE] })
  async forgotPassword(@ZBody(ForgotPasswordBody) body: ForgotPasswordBody, @RequestLanguage() language: Language) {
    await this.reset.requestCode(body.email, language);
    return ok(null, 'If this e-mail has an account, a six-digit code is on its way. Please check your inbox.');
  }

  /** The reset token is in the answer (the app sends it back) and in an HttpOnly cookie scoped to reset-password (other clients). */
  @Put('verify-forgot-password-otp')
  @RateLimit({ ip: [20, MINUTE], email: [10, MINUTE] })
  async verifyOtp(@ZBody(VerifyOtpBody) body: VerifyOtpBody, @Res({ passthrough: true }) reply: FastifyReply) {
    const resetToken = await this.reset.verifyCode(body.email, body.otp);
    setResetCookie(reply, resetToken, this.secureCookies);
    return ok({ email: body.email, resetToken }, 'Verify OTP successfully');
  }

  @Put('reset-password')
  @RateLimit({ ip: [10, MINUTE], email: [5, MINUTE] })
  async resetPassword(@ZBody(ResetPasswordBody) body: ResetPasswordBody, @Req() req: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    const resetToken = body.resetToken ?? resetCookieOf(req);
    if (!resetToken) throw badRequest('resetToken: is required: verify the code from your e-mail first', { fields: ['resetToken'] });
    await this.reset.resetPassword(body.email, resetToken, body.newPassword);
    clearResetCookie(reply, this.secureCookies);
    return ok(null, 'Password updated successfully. Please login with your new password.');
  }

  /** The refresh token comes as a bearer header (docs/product.md#api) or in the body. */
  @Post('refresh-token')
  @HttpCode(200)
  async refresh(@Req() req: FastifyRequest, @ZBody(RefreshBody) body: { refreshToken?: string }) {
    const header = req.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : body.refreshToken;
    if (!token) throw unauthorized('Refresh token is missing. Please login again.');
    const { accessToken, refreshToken } = await this.users.refresh(token);
    return ok({ accessToken, refreshToken }, 'New access token generated');
  }

  @Get('logout')
  @Auth()
  async logout(@CurrentUser() user: AuthUser) {
    await this.tokens.revoke(user.sid);
    return ok(null, 'Logout successfully');
  }

  @Get('user-details')
  @Auth()
  async details(@CurrentUser() user: AuthUser) {
    return ok(await this.users.details(user.id), 'User details');
  }

  @Put('update-user')
  @Auth()
  async updateUser(
    @CurrentUser() user: AuthUser,
    @ZBody(UpdateUserBody) body: UpdateUserBody,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const { user: fresh, message } = await this.profile.update(user.id, body, { ip: req.ip, reply, language: requestLanguage(req) });
    return ok(fresh, message);
  }

  /**
   * Beyond docs/product.md#api: mails the signed-in owner a link that verifies the account's e-mail (opened
   * through confirm-email); an unverified account holds fewer units (docs/product.md#rules-and-limits).
   */
  @Post('verify-email')
  @HttpCode(200)
  @Auth()
  @RateLimit({ ip: [10, MINUTE] })
  async verifyEmail(@CurrentUser() user: AuthUser, @Req() req: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    return ok(null, await this.profile.sendVerifyLink(user.id, { ip: req.ip, reply, language: requestLanguage(req) }));
  }

  /** Beyond docs/product.md#api: the link mailed to a new e-mail address (update-user) makes the change. */
  @Put('confirm-email')
  @RateLimit({ ip: [20, MINUTE] })
  async confirmEmail(@ZBody(ConfirmEmailBody) body: ConfirmEmailBody) {
    const { email } = await this.profile.confirmEmail(body.token);
    return ok({ email }, `Your e-mail is now ${email}.`);
  }

  /** Beyond docs/product.md#api: the signed-in owner, with the current password; signs out every other device. */
  @Put('change-password')
  @Auth()
  @RateLimit({ ip: [10, MINUTE] })
  async changePassword(
    @CurrentUser() user: AuthUser,
    @ZBody(ChangePasswordBody) body: ChangePasswordBody,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    await this.profile.changePassword(user.id, user.sid, body, { ip: req.ip, reply });
    return ok(null, 'Password changed. Other devices have been signed out.');
  }

  /** Disabling (Inactive, Suspended) signs the account out everywhere at once and blocks sign-in. */
  @Put('admin/update-status')
  @Auth('ADMIN')
  async setStatus(@CurrentUser() admin: AuthUser, @ZBody(UserStatusBody) body: UserStatusBody) {
    return ok(await this.users.setStatus(admin.id, body), 'User status updated');
  }

  /** Multipart, field "file": checked and re-encoded to WebP like every upload. */
  @Put('upload-avatar')
  // Decoding an image is the costliest thing a customer can ask for: a few a minute is plenty.
  @RateLimit({ ip: [30, MINUTE], user: [10, 10 * MINUTE] })
  @Auth()
  async uploadAvatar(@CurrentUser() user: AuthUser, @Req() req: FastifyRequest) {
    return ok(await this.users.setAvatar(user.id, await readUploadedFile(req)), 'Avatar uploaded successfully');
  }
}
