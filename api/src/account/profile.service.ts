import { Inject, Injectable } from '@nestjs/common';
import type { ChangePasswordBody, UpdateUserBody } from '@haat/shared/users/account.schema';
import type { AddMobileBody } from '@haat/shared/users/mobile.schema';
import { ErrorCode } from '@haat/shared/common/error-code';
import { DB, type Db } from '../db/database.js';
import { AppError, conflict, notFound } from '../common/app-error.js';
import { MailService, mailOf } from '../mail/index.js';
import { TokensService } from '../auth/index.js';
import { GoogleSignInService } from './google-sign-in.service.js';
import {
  AccountLanguages,
  hashPassword,
  otherUserWithEmail,
  passwordProvedNow,
  refuseWeakPassword,
  updateUser,
  verifyPassword,
  type UserRow,
} from '../users/index.js';
import { UsersService } from './users.service.js';
import type { PublicUser } from './public-user.js';
import { isUniqueViolation } from '../common/unique-violation.js';
import { LoginProtection, RateLimited, RateLimiters, tooManyAttempts, type Window } from '../throttle/index.js';
import type { FastifyReply } from 'fastify';
import { createHmac } from 'node:crypto';
import { JwtService } from '@nestjs/jwt';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import type { Language } from '@haat/shared/common/languages';
import { indianMobile } from '@haat/shared/users/mobile.schema';
import { MobileCodesService } from './mobile-codes.service.js';

const HOUR = 60 * 60_000;
/**
 * Mail a customer can make the shop send to an address they name (docs/decisions/0207-mail-a-customer-can-trigger.md):
 * e-mail-change mails (the confirmation link, or the "already yours" notice to that address's owner) at most
 * three an hour per account, and one a day per receiving address, whoever asks.
 */
export const EMAIL_CHANGE_MAILS_PER_ACCOUNT: Window = [3, HOUR];
export const EMAIL_CHANGE_MAILS_PER_ADDRESS: Window = [1, 24 * HOUR];

/** Where a password check comes from: it counts toward the same limits as a sign-in from there. */
export interface CheckOrigin {
  ip: string;
  reply: FastifyReply;
  /** The request's language: the confirmation link goes to its sender in it. */
  language?: Language;
}

/**
 * The profile form (docs/product.md#validation). The e-mail is the key to the account (password reset goes there), so
 * changing it needs the owner present — the current password, or a fresh Google credential for an
 * account without one — and the old address is told, so a stolen session cannot quietly take it.
 */
@Injectable()
export class ProfileService {
  constructor(
    @Inject(DB) private readonly db: Db,
    private readonly users: UsersService,
    private readonly google: GoogleSignInService,
    private readonly limiters: RateLimiters,
    private readonly mail: MailService,
    private readonly tokens: TokensService,
    private readonly loginProtection: LoginProtection,
    private readonly jwt: JwtService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly languages: AccountLanguages,
    private readonly codes: MobileCodesService,
  ) {
    // A key of its own (as the reset codes have), so no other token of the shop can pass for a link.
    this.emailKey = createHmac('sha256', config.jwtRefreshSecret).update('haat:email-change').digest('base64url');
  }

  private readonly emailKey: string;

  /** A current-password check, limited and counted exactly like a sign-in to this account from this address. */
  private checkPassword(user: UserRow, password: string, from: CheckOrigin): Promise<void> {
    return this.loginProtection.attempt(
      user.email,
      from.ip,
      from.reply,
      async () => {
        if (!(await verifyPassword(user.passwordHash, password))) throw new WrongCurrentPassword();
      },
      (e) => e instanceof WrongCurrentPassword,
    );
  }

  /**
   * With the current password; every other session of the account ends at once, this one stays. A number proved since
   * the password last signed in goes too, unless `keepMobile` (docs/decisions/0280-sign-in-by-mobile-number.md).
   */
  async changePassword(userId: string, sid: string, body: ChangePasswordBody, from: CheckOrigin): Promise<void> {
    const user = await this.users.findById(userId);
    if (!user) throw notFound('User');
    if (!user.passwordHash)
      throw reauthNeeded('currentPassword', 'currentPassword: Your account signs in with Google and has no password; use Forgot password to set one.');
    await this.checkPassword(user, body.currentPassword, from);
    await refuseWeakPassword(body.newPassword, 'newPassword', user);
    await updateUser(this.db, userId, { passwordHash: await hashPassword(body.newPassword, this.config.passwordHashCost) });
    await passwordProvedNow(this.db, userId, body.keepMobile === true);
    await this.tokens.revokeAllOf(userId, sid);
  }

  /**
   * Name, email and mobile all required. Name and mobile change at once; a new e-mail only once the
   * link mailed to it is opened (docs/decisions/0275-accounts-sign-in-passwords-and-sessions.md): the answer is the same
   * whether or not the new e-mail belongs to another account, whose owner is told instead of linked.
   */
  async update(userId: string, body: UpdateUserBody, from: CheckOrigin): Promise<{ user: PublicUser; message: string }> {
    const current = await this.users.findById(userId);
    if (!current) throw notFound('User');
    // An account signed up by mobile number has no e-mail ('') and keeps saving its name and number without one.
    if (!body.email && current.email) throw new AppError(400, ErrorCode.InvalidValue, 'email: is required', { fields: ['email'] });
    const emailChanged = body.email !== current.email;
    // A verified number stays verified while the form sends it back in any spelling; another number is not verified.
    const sameMobile = current.mobileVerified && indianMobile(body.mobile) === current.mobile;
    // An account whose only key is its verified mobile: giving the number up needs its owner as a new e-mail does,
    // or a stolen session could unverify it, prove its own number and take the account
    // (docs/decisions/0280-sign-in-by-mobile-number.md).
    const replacing = current.mobileVerified && !sameMobile && onlyMobileSignsIn(current);
    if (emailChanged || replacing) await this.confirmOwner(current, body, from);
    if (emailChanged) await this.countEmailChangeMail(userId, body.email, from.reply);
    // Such an account's verified number stays its key until the new one is proved by its own code (POST
    // /api/user/mobile/verify): it is never left with no way in (docs/decisions/0280-sign-in-by-mobile-number.md).
    const mobile = sameMobile || replacing ? { mobile: current.mobile } : { mobile: body.mobile, mobileVerified: false };
    await updateUser(this.db, userId, { name: body.name, ...mobile, ...(body.language ? { language: body.language } : {}) });
    if (body.language) this.languages.remember(userId, body.language);
    if (replacing) {
      const next = indianMobile(body.mobile) ?? body.mobile;
      await this.codes.send(replaceKey(userId), next, body.language ?? from.language ?? current.language, from);
      if (!emailChanged) return { user: await this.users.details(userId), message: mobileChangePending(next, current.mobile) };
    }
    if (!emailChanged) return { user: await this.users.details(userId), message: 'Updated successfully' };
    const other = await otherUserWithEmail(this.db, body.email, userId);
    if (other) this.tellOtherOwner(other);
    else await this.mailConfirmLink({ ...current, name: body.name }, body.email, body.language ?? from.language ?? current.language);
    return { user: await this.users.details(userId), message: emailChangePending(body.email) };
  }

  /** Opening the mailed link: the e-mail changes if the account still has the one the link was made from. */
  async confirmEmail(token: string): Promise<{ email: string }> {
    let claims: EmailChangeClaims;
    try {
      claims = await this.jwt.verifyAsync<EmailChangeClaims>(token, { secret: this.emailKey, algorithms: ['HS256'] });
      if (claims.typ !== 'email-change' || !claims.sub || !claims.from || !claims.to) throw new Error('not an e-mail change');
    } catch {
      throw linkInvalid();
    }
    let changed: UserRow | undefined;
    try {
      changed = await updateUser(this.db, claims.sub, { email: claims.to, verifyEmail: true }, claims.from);
    } catch (e) {
      // Taken since the link was sent: only the holder of that mailbox learns it.
      if (isUniqueViolation(e)) throw emailTaken();
      throw e;
    }
    if (!changed) throw linkInvalid();
    // Proving the address the account already had (sendVerifyLink) changed nothing: no "your address changed" warning.
    if (claims.from !== claims.to) this.tellOldAddress({ ...changed, email: claims.from }, claims.to);
    return { email: changed.email };
  }

  /**
   * The owner asks for a link that verifies the account's own e-mail (docs/product.md#rules-and-limits: an
   * unverified account holds fewer units). Opening it goes through confirmEmail, from and to the same address.
   * Counted like an e-mail-change mail: three an hour per account, one a day per address.
   */
  async sendVerifyLink(userId: string, from: CheckOrigin): Promise<string> {
    const user = await this.users.findById(userId);
    if (!user) throw notFound('User');
    if (user.verifyEmail) return `Your e-mail ${user.email} is already verified.`;
    await this.countEmailChangeMail(userId, user.email, from.reply);
    const token = await this.jwt.signAsync({ sub: user.id, from: user.email, to: user.email, typ: 'email-change' } satisfies EmailChangeClaims, {
      secret: this.emailKey,
      algorithm: 'HS256',
      expiresIn: EMAIL_LINK_TTL_SECONDS,
    });
    const link = `${this.config.publicUrl}/dashboard/profile?confirmEmail=${encodeURIComponent(token)}`;
    this.mail.sendInBackground(mailOf('verifyEmail', from.language ?? user.language, { email: user.email, link }, user.email));
    return `We sent a link to ${user.email}: open it within an hour to verify your e-mail.`;
  }

  /**
   * An account that signs in only by its mobile number (no password, no Google) proves its owner is present, to add
   * or change the e-mail, by a fresh code sent to its verified mobile: the number is the account's, never one the
   * request names (docs/decisions/0280-sign-in-by-mobile-number.md).
   */
  async sendOwnerCode(userId: string, from: CheckOrigin): Promise<string> {
    const user = await this.users.findById(userId);
    if (!user) throw notFound('User');
    if (!user.mobileVerified) throw noVerifiedMobile();
    await this.codes.send(ownerKey(user.id), user.mobile, from.language ?? user.language, from);
    return user.mobile;
  }

  /**
   * Before a code is sent to prove a number: an account with a password or Google proves its owner is present as for a
   * new e-mail (same refusals, same guess limits), so a stolen session cannot make its own number a key. An account
   * that signs in only by its number is proved by the code itself (docs/decisions/0280-sign-in-by-mobile-number.md).
   */
  async confirmOwnerToAddMobile(userId: string, body: AddMobileBody, from: CheckOrigin): Promise<void> {
    const user = await this.users.findById(userId);
    if (!user) throw notFound('User');
    if (onlyMobileSignsIn(user)) return;
    if (!user.passwordHash) {
      if (!body.credential) throw reauthNeeded('credential', 'credential: Sign in with Google again to add a mobile number.');
      return this.google.confirmOwner(body.credential, user);
    }
    if (!body.currentPassword) throw reauthNeeded('currentPassword', 'currentPassword: Enter your current password to add a mobile number.');
    await this.checkPassword(user, body.currentPassword, from);
  }

  /** Counts the mail this change will send against both limits, before anything is written; a 429 when over. */
  private async countEmailChangeMail(userId: string, to: string, reply: FastifyReply): Promise<void> {
    try {
      await this.limiters.hit('mail:email-change:account', userId, EMAIL_CHANGE_MAILS_PER_ACCOUNT);
      await this.limiters.hit('mail:email-change:address', to.toLowerCase(), EMAIL_CHANGE_MAILS_PER_ADDRESS);
    } catch (e) {
      if (e instanceof RateLimited) throw tooManyAttempts(reply, e.retryAfterSeconds);
      throw e;
    }
  }

  /**
   * The link goes to an address the requester typed, so it carries nothing else they chose: no name, only
   * the address itself and the link (docs/decisions/0207-mail-a-customer-can-trigger.md).
   */
  private async mailConfirmLink(user: UserRow, newEmail: string, language: Language): Promise<void> {
    const token = await this.jwt.signAsync({ sub: user.id, from: user.email, to: newEmail, typ: 'email-change' } satisfies EmailChangeClaims, {
      secret: this.emailKey,
      algorithm: 'HS256',
      expiresIn: EMAIL_LINK_TTL_SECONDS,
    });
    const link = `${this.config.publicUrl}/dashboard/profile?confirmEmail=${encodeURIComponent(token)}`;
    this.mail.sendInBackground(mailOf('confirmEmail', language, { email: newEmail, link }, newEmail));
  }

  private tellOtherOwner(owner: UserRow): void {
    // The owner of that address did nothing: told in their own account's language.
    this.mail.sendInBackground(mailOf('emailInUse', owner.language, { name: owner.name, email: owner.email }, owner.email));
  }

  private async confirmOwner(user: UserRow, body: UpdateUserBody, from: CheckOrigin): Promise<void> {
    if (onlyMobileSignsIn(user)) {
      // Signed up by mobile number: its verified mobile is its only key (docs/decisions/0280-sign-in-by-mobile-number.md).
      if (!user.mobileVerified) throw noVerifiedMobile();
      if (!body.otp) throw reauthNeeded('otp', 'otp: Enter the code we send to your mobile number to change your e-mail or number.');
      // The code of this purpose only, sent to the number the account has now: a code sent to another number, for
      // sign-in or for proving a number, a replaced one, an expired one or one already used is refused (400 naming otp).
      return this.codes.use(ownerKey(user.id), user.mobile, body.otp);
    }
    if (!user.passwordHash) {
      if (!body.credential) throw reauthNeeded('credential', 'credential: Sign in with Google again to change your e-mail.');
      return this.google.confirmOwner(body.credential, user);
    }
    if (!body.currentPassword) throw reauthNeeded('currentPassword', 'currentPassword: Enter your current password to change your e-mail.');
    await this.checkPassword(user, body.currentPassword, from);
  }

  private tellOldAddress(user: Pick<UserRow, 'name' | 'email' | 'language'>, newEmail: string): void {
    // A warning to the account's owner (the link may have been opened by someone else): in the account's language.
    this.mail.sendInBackground(mailOf('emailChanged', user.language, { name: user.name, from: user.email, to: newEmail }, user.email));
  }
}

/** No password and no Google: the account signs in only by a code to its verified mobile (if it has one). */
export const onlyMobileSignsIn = (user: Pick<UserRow, 'passwordHash' | 'googleSub'>) => !user.passwordHash && !user.googleSub;

/** The code that proves the owner of a mobile-only account is present: one purpose of its own, per account. */
const ownerKey = (userId: string) => `owner:${userId}`;
/** The code to the number a mobile-only account's owner asked to sign in with instead (sent once the owner is confirmed). */
export const replaceKey = (userId: string) => `replace:${userId}`;

/** What the profile answers a mobile-only account that gave a new number: the old one signs in until the new one is proved. */
export const mobileChangePending = (mobile: string, current: string) =>
  `Saved. Enter the code we sent to ${mobile} on My Profile to make it your sign-in number; until then you keep signing in with ${current}.`;
const noVerifiedMobile = () =>
  new AppError(400, ErrorCode.ReauthRequired, 'mobile: Your account has no verified mobile number to send a code to.', { fields: ['mobile'] });

const reauthNeeded = (field: string, message: string) => new AppError(400, ErrorCode.ReauthRequired, message, { fields: [field] });

/** A wrong current password: the one outcome of a check that keeps its charge on the limits. */
class WrongCurrentPassword extends AppError {
  constructor() {
    super(400, ErrorCode.ReauthRequired, 'currentPassword: The current password is not correct.', { fields: ['currentPassword'] });
  }
}

const emailTaken = () => conflict('This e-mail is already used by another account.');
const linkInvalid = () =>
  new AppError(400, ErrorCode.BadRequest, 'token: This link is not valid any more. Please change your e-mail again from your profile.', { fields: ['token'] });

/** What the profile answers for a new e-mail, whether or not it belongs to another account. */
export const emailChangePending = (email: string) =>
  `Saved. To change your e-mail, open the link we sent to ${email} within an hour; until then you keep signing in with your current e-mail.`;

export const EMAIL_LINK_TTL_SECONDS = 60 * 60;

interface EmailChangeClaims {
  sub: string;
  from: string;
  to: string;
  typ: 'email-change';
}
