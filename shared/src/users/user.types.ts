import type { Language } from '../common/languages.js';

/** User as docs/product.md#records shows it on the wire: never the password hash, tokens or provider ids. */
export interface User {
  _id: string;
  name: string;
  username: string;
  email: string;
  avatar: string;
  mobile: string;
  /** The mobile was proved by a code sent to it; then `mobile` is +91XXXXXXXXXX and no other account has it verified. */
  mobile_verified?: boolean;
  /** Order updates also go to WhatsApp at the verified mobile. */
  whatsapp_updates?: boolean;
  verify_email: boolean;
  /**
   * What proves the owner is present to change the e-mail (or, for `mobile_code`, the verified mobile): the current
   * password, a fresh Google sign-in, or a code sent to the verified mobile of an account signed up by mobile number.
   */
  owner_proof?: 'password' | 'google' | 'mobile_code';
  last_login_date: string | null;
  status: string;
  role: 'ADMIN' | 'USER';
  /** Ids of the user's active addresses. */
  address_details: string[];
  /** Ids of the user's cart lines. */
  shopping_cart: string[];
  orderHistory: string[];
  createdAt: string;
  /** The language of the account's mails and push notices (docs/product.md#languages). */
  language?: Language;
}

/** What login, google-login and google-register answer in `data`. */
export interface LoginTokens {
  accesstoken: string;
  refreshToken: string;
}

/** What verify-forgot-password-otp answers in `data`: the single-use token reset-password needs (≤ 10 min). */
export interface ResetTicket {
  email: string;
  resetToken: string;
}
