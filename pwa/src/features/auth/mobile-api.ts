import type { Envelope } from '@haat/shared/common/envelope';
import type { MobileBody, MobileOtpBody, NameBody } from '@haat/shared/users/mobile.schema';
import type { LoginTokens, User } from '@haat/shared/users/user.types';
import { http } from '../../lib/http/http';

/** Sign-in by a texted code (docs/decisions/0280-sign-in-by-mobile-number.md); failures come back as toasts from lib/http. */
export const mobileApi = {
  sendCode: (mobile: string) => http.post('user/login-otp', { json: { mobile } satisfies MobileBody }).json<Envelope<null>>(),
  verify: (mobile: string, otp: string) => http.post('user/login-otp/verify', { json: { mobile, otp } satisfies MobileOtpBody }).json<Envelope<LoginTokens>>(),
  setName: (name: string) => http.put('user/name', { json: { name } satisfies NameBody }).json<Envelope<User>>(),
};
