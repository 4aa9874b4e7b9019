import { Inject, Injectable } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import type { Language } from '@haat/shared/common/languages';
import { DB, type Db } from '../db/database.js';
import { conflict, notFound, unavailable } from '../common/app-error.js';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { isUniqueViolation } from '../common/unique-violation.js';
import { newId } from '../common/ids.js';
import type { TokenPair } from '../auth/index.js';
import { insertUserUnlessTaken, updateUser, userByVerifiedMobile, type UserRow } from '../users/index.js';
import { MailService, mailOf } from '../mail/index.js';
import { MobileCodesService, type SendFrom } from './mobile-codes.service.js';
import type { PublicUser } from './public-user.js';
import { UsersService } from './users.service.js';
import { onlyMobileSignsIn, replaceKey } from './profile.service.js';

const ONLY_KEY = 'Your verified mobile number is how you sign in: change it on My Profile, with a code sent to it.';
const MOBILE_TAKEN = 'This mobile number is already verified on another account.';

/**
 * Signing in by a code sent to a mobile number, and a signed-in shopper proving one
 * (docs/decisions/0280-sign-in-by-mobile-number.md). A send answers alike for every number, whether or
 * not it has an account; only the code's reader learns which, by being signed in to it or to a new one.
 */
@Injectable()
export class MobileSignInService {
  constructor(
    @Inject(DB) private readonly db: Db,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly codes: MobileCodesService,
    private readonly users: UsersService,
    private readonly mail: MailService,
  ) {}

  sendSignInCode(mobile: string, language: Language, from: SendFrom): Promise<void> {
    return this.codes.send(signInKey(mobile), mobile, language, from);
  }

  /**
   * The account whose verified mobile this is, or a new one (no name or e-mail yet: the screen after the
   * code asks the name), signed in exactly as a password sign-in is.
   */
  async signIn(mobile: string, otp: string, language: Language, userAgent: string): Promise<TokenPair> {
    await this.codes.use(signInKey(mobile), mobile, otp);
    return this.users.signIn(await this.accountOf(mobile, language), userAgent);
  }

  private async accountOf(mobile: string, language: Language): Promise<UserRow> {
    const known = await userByVerifiedMobile(this.db, mobile);
    if (known) return known;
    // Two first sign-ins racing: the verified-mobile index lets one insert; the other reads it.
    const made = await insertUserUnlessTaken(this.db, { id: newId(), name: '', email: '', mobile, mobileVerified: true, language });
    const account = made ?? (await userByVerifiedMobile(this.db, mobile));
    if (!account) throw new Error('an account for a verified mobile was neither made nor found');
    return account;
  }

  /** A signed-in shopper asks for a code to prove a number; sent whoever has it (the answer tells nothing). */
  sendAddCode(userId: string, mobile: string, language: Language, from: { ip: string; reply: FastifyReply }): Promise<void> {
    return this.codes.send(addKey(userId), mobile, language, from);
  }

  /** The code proves the number: it becomes the account's verified mobile, unless another account has it verified (409). */
  async verifyAdded(userId: string, mobile: string, otp: string): Promise<PublicUser> {
    const account = await this.users.findById(userId);
    if (!account) throw notFound('User');
    // Its number is the only key of an account signed up by mobile: replacing it goes through My Profile's form, with a
    // code to the number it has, after which the new number is texted a code of its own, the one taken here
    // (docs/decisions/0280-sign-in-by-mobile-number.md).
    const replacing = account.mobileVerified && account.mobile !== mobile && onlyMobileSignsIn(account);
    if (replacing && !(await this.codes.has(replaceKey(userId), mobile))) throw conflict(ONLY_KEY, { fields: ['mobile'] });
    await this.codes.use(replacing ? replaceKey(userId) : addKey(userId), mobile, otp);
    const holder = await userByVerifiedMobile(this.db, mobile);
    if (holder && holder.id !== userId) throw conflict(MOBILE_TAKEN, { fields: ['mobile'] });
    try {
      if (!(await updateUser(this.db, userId, { mobile, mobileVerified: true, mobileVerifiedAt: new Date() }))) throw notFound('User');
    } catch (error) {
      // Another account verified it between the read and the write: the index decided.
      if (isUniqueViolation(error)) throw conflict(MOBILE_TAKEN, { fields: ['mobile'] });
      throw error;
    }
    // A new key to the account: its owner hears of it at the account's e-mail, whoever proved it.
    if (account.email && !(account.mobileVerified && account.mobile === mobile)) {
      this.mail.sendInBackground(mailOf('mobileAdded', account.language, { name: account.name, mobile }, account.email));
    }
    return this.users.details(userId);
  }

  /** Order updates on WhatsApp: only at a verified mobile, only where the shop offers them. */
  async setWhatsapp(userId: string, on: boolean): Promise<PublicUser> {
    if (!this.config.whatsapp.enabled) throw unavailable('This shop does not send order updates on WhatsApp.');
    const user = await this.users.findById(userId);
    if (!user) throw notFound('User');
    if (on && !user.mobileVerified) throw conflict('Verify your mobile number first: updates go only to a verified number.', { fields: ['mobile'] });
    await updateUser(this.db, userId, { whatsappUpdates: on });
    return this.users.details(userId);
  }

  async setName(userId: string, name: string): Promise<PublicUser> {
    if (!(await updateUser(this.db, userId, { name }))) throw notFound('User');
    return this.users.details(userId);
  }
}

const signInKey = (mobile: string) => `login:${mobile}`;
const addKey = (userId: string) => `add:${userId}`;
