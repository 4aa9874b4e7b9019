import type { Envelope } from '@haat/shared/common/envelope';
import type { LoginBody, RegisterBody } from '@haat/shared/users/user.schema';
import type { ForgotPasswordBody, GoogleCredentialBody, ResetPasswordBody, VerifyOtpBody } from '@haat/shared/users/account.schema';
import type { MobileBody, MobileOtpBody, NameBody } from '@haat/shared/users/mobile.schema';
import type { LoginTokens, ResetTicket, User } from '@haat/shared/users/user.types';
import { http } from '../../lib/http/http';

/** docs/product.md#api, "User" calls. Forms show their own validation, so failures come back as toasts from lib/http. */
export const authApi = {
  login: (body: LoginBody) => http.post('user/login', { json: body }).json<Envelope<LoginTokens>>(),
  register: (body: RegisterBody) => http.post('user/register', { json: body }).json<Envelope<unknown>>(),
  googleLogin: (credential: string) => http.post('user/google-login', { json: { credential } satisfies GoogleCredentialBody }).json<Envelope<LoginTokens>>(),
  googleRegister: (credential: string) =>
    http.post('user/google-register', { json: { credential } satisfies GoogleCredentialBody }).json<Envelope<LoginTokens>>(),
  forgotPassword: (email: string) => http.put('user/forgot-password', { json: { email } satisfies ForgotPasswordBody }).json<Envelope<null>>(),
  verifyOtp: (email: string, otp: string) =>
    http.put('user/verify-forgot-password-otp', { json: { email, otp } satisfies VerifyOtpBody }).json<Envelope<ResetTicket>>(),
  resetPassword: (body: ResetPasswordBody) => http.put('user/reset-password', { json: body }).json<Envelope<null>>(),
  userDetails: () => http.get('user/user-details', { context: { silent: true } }).json<Envelope<User>>(),
};

/** Sign-in by a texted code (docs/decisions/0280-sign-in-by-mobile-number.md); failures come back as toasts from lib/http. */
export const mobileApi = {
  sendCode: (mobile: string) => http.post('user/login-otp', { json: { mobile } satisfies MobileBody }).json<Envelope<null>>(),
  verify: (mobile: string, otp: string) => http.post('user/login-otp/verify', { json: { mobile, otp } satisfies MobileOtpBody }).json<Envelope<LoginTokens>>(),
  setName: (name: string) => http.put('user/name', { json: { name } satisfies NameBody }).json<Envelope<User>>(),
};
