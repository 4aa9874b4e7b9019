import { Inject, Injectable } from '@nestjs/common';
import { and, eq, ne } from 'drizzle-orm';
import type { ChangePasswordBody, UpdateUserBody } from '@haat/shared/users/account.schema';
import { ErrorCode } from '@haat/shared/common/error-code';
import { DB, type Db } from '../db/database.js';
import { AppError, conflict, notFound } from '../common/app-error.js';
import { MailService } from '../mail/mail.service.js';
import { TokensService } from '../auth/tokens.service.js';
import { GoogleSignInService } from './google-sign-in.service.js';
import { hashPassword, verifyPassword } from './password.js';
import { refuseCommonPassword } from './common-passwords.js';
import { UsersService } from './users.service.js';
import { users, type UserRow } from './users.table.js';
import type { PublicUser } from './public-user.js';
import { isUniqueViolation } from '../common/unique-violation.js';
import { LoginProtection } from '../throttle/login-protection.js';
import type { FastifyReply } from 'fastify';

/** Where a password check comes from: it counts toward the same limits as a sign-in from there. */
export interface CheckOrigin {
  ip: string;
  reply: FastifyReply;
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
    private readonly mail: MailService,
    private readonly tokens: TokensService,
    private readonly loginProtection: LoginProtection,
  ) {}

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

  /** With the current password; every other session of the account ends at once, this one stays. */
  async changePassword(userId: string, sid: string, body: ChangePasswordBody, from: CheckOrigin): Promise<void> {
    const user = await this.users.findById(userId);
    if (!user) throw notFound('User');
    if (!user.passwordHash)
      throw reauthNeeded('currentPassword', 'currentPassword: Your account signs in with Google and has no password; use Forgot password to set one.');
    await this.checkPassword(user, body.currentPassword, from);
    refuseCommonPassword(body.newPassword, 'newPassword');
    await this.db
      .update(users)
      .set({ passwordHash: await hashPassword(body.newPassword), updatedAt: new Date() })
      .where(eq(users.id, userId));
    await this.tokens.revokeAllOf(userId, sid);
  }

  /**
   * Name, email and mobile all required; an e-mail taken by someone else is a 409, told only after
   * the owner is confirmed, so a stolen session cannot ask which e-mails have accounts.
   */
  async update(userId: string, body: UpdateUserBody, from: CheckOrigin): Promise<PublicUser> {
    const current = await this.users.findById(userId);
    if (!current) throw notFound('User');
    const emailChanged = body.email !== current.email;
    if (emailChanged) {
      await this.confirmOwner(current, body, from);
      const taken = await this.db.query.users.findFirst({ where: and(eq(users.email, body.email), ne(users.id, userId)) });
      if (taken) throw emailTaken();
    }
    try {
      await this.db
        .update(users)
        .set({ name: body.name, email: body.email, mobile: body.mobile, updatedAt: new Date(), ...(emailChanged ? { verifyEmail: false } : {}) })
        .where(eq(users.id, userId));
    } catch (e) {
      // Two accounts racing for the same new e-mail: the unique index decides.
      if (isUniqueViolation(e)) throw emailTaken();
      throw e;
    }
    if (emailChanged) this.tellOldAddress(current, body.email);
    return this.users.details(userId);
  }

  private async confirmOwner(user: UserRow, body: UpdateUserBody, from: CheckOrigin): Promise<void> {
    if (!user.passwordHash) {
      if (!body.credential) throw reauthNeeded('credential', 'credential: Sign in with Google again to change your e-mail.');
      return this.google.confirmOwner(body.credential, user);
    }
    if (!body.currentPassword) throw reauthNeeded('currentPassword', 'currentPassword: Enter your current password to change your e-mail.');
    await this.checkPassword(user, body.currentPassword, from);
  }

  private tellOldAddress(user: UserRow, newEmail: string): void {
    this.mail.sendInBackground({
      to: user.email,
      subject: 'Your Haat e-mail address was changed',
      text:
        `Hello ${user.name},\n\nThe e-mail address of your Haat account was changed from ${user.email} to ${newEmail}.\n` +
        `If this was you, there is nothing to do. If it was not, please contact support at once: someone may have your password.\n\nHaat`,
    });
  }
}

const reauthNeeded = (field: string, message: string) => new AppError(400, ErrorCode.ReauthRequired, message, { fields: [field] });

/** A wrong current password: the one outcome of a check that keeps its charge on the limits. */
class WrongCurrentPassword extends AppError {
  constructor() {
    super(400, ErrorCode.ReauthRequired, 'currentPassword: The current password is not correct.', { fields: ['currentPassword'] });
  }
}

const emailTaken = () => conflict('This e-mail is already used by another account.');
