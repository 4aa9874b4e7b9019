import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { and, count, eq, gt, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import { LIMITS } from '@haat/shared/common/limits';
import { ErrorCode } from '@haat/shared/common/error-code';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { DB, type Db } from '../db/database.js';
import { AppError, badRequest } from '../common/app-error.js';
import { newId } from '../common/ids.js';
import { TokensService } from '../auth/index.js';
import { MailService, mailOf } from '../mail/index.js';
import type { Language } from '@haat/shared/common/languages';
import { hashPassword, passwordProvedNow, refuseWeakPassword, updateUser } from '../users/index.js';
import { passwordResetCodes, passwordResetRequests } from './password-reset.table.js';
import { UsersService } from './users.service.js';

export const CODE_TTL_MS = 10 * 60_000;
export const MAX_WRONG_CODES = 5;
export const CODES_PER_HOUR = 5;
/** The reset token a verify answers sets the password once, within this time. */
export const RESET_TOKEN_TTL_MS = 10 * 60_000;
const HOUR_MS = 60 * 60_000;

const INVALID_CODE = 'Invalid OTP. Please check the code in your e-mail.';
const NEED_NEW_CODE = 'This code can no longer be used. Please request a new one.';

/**
 * Password recovery by a six-digit code (docs/product.md#api): forgot → verify → reset.
 * The code is kept only as an HMAC under a server secret; it dies after 10 minutes or 5 wrong tries;
 * a new request replaces it (but not a reset token already answered, which lives out its 10 minutes). A code verifies once, and the verify answers a random reset token (only
 * its hash is stored): the password is set once, within 10 minutes, by whoever holds that token.
 */
@Injectable()
export class PasswordResetService {
  private readonly hmacKey: Buffer;

  constructor(
    @Inject(DB) private readonly db: Db,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly users: UsersService,
    private readonly tokens: TokensService,
    private readonly mail: MailService,
  ) {
    // A key of its own, derived from the refresh secret, so a code hash is useless without the server.
    this.hmacKey = createHmac('sha256', config.jwtRefreshSecret).update('haat:password-reset-code').digest();
  }

  /**
   * Unknown e-mails go through the same steps (count, code, hash, store) except the mail, which is
   * sent in the background anyway; so neither the answer nor its timing tells who is registered.
   */
  async requestCode(email: string, language: Language): Promise<void> {
    await this.assertUnderHourlyCap(email);
    const user = await this.users.findByEmail(email);
    const code = randomInt(0, 10 ** LIMITS.otpLength)
      .toString()
      .padStart(LIMITS.otpLength, '0');
    const fresh = {
      userId: user?.id ?? null,
      codeHash: this.hash(email, code),
      expiresAt: new Date(Date.now() + CODE_TTL_MS),
      failedAttempts: 0,
      verifiedAt: null,
      usedAt: null,
      resetTokenHash: null,
      resetTokenExpiresAt: null,
      createdAt: new Date(),
    };
    // A reset its owner already verified stays good for its 10 minutes: a new request (anyone can make
    // one for any e-mail) replaces the code, never a reset token that is unused and unexpired.
    const now = new Date();
    const tokenStillGood = sql`${passwordResetCodes.usedAt} is null and ${passwordResetCodes.resetTokenExpiresAt} > ${now}`;
    await this.db
      .insert(passwordResetCodes)
      .values({ email, ...fresh })
      .onConflictDoUpdate({
        target: passwordResetCodes.email,
        set: {
          ...fresh,
          resetTokenHash: sql`case when ${tokenStillGood} then ${passwordResetCodes.resetTokenHash} end`,
          resetTokenExpiresAt: sql`case when ${tokenStillGood} then ${passwordResetCodes.resetTokenExpiresAt} end`,
        },
      });
    if (user) {
      // In the language of the request that asked for it, which the code's reader is about to type it into.
      this.mail.sendInBackground(mailOf('resetCode', language, { name: user.name, code }, email));
    }
  }

  /** Answers the single-use reset token; the code cannot be verified a second time. */
  async verifyCode(email: string, otp: string): Promise<string> {
    const row = await this.db.query.passwordResetCodes.findFirst({ where: eq(passwordResetCodes.email, email) });
    if (!row || row.usedAt) throw badRequest(`${INVALID_CODE}`, { fields: ['otp'] });
    if (row.verifiedAt) throw badRequest(`This code was already used. ${NEED_NEW_CODE}`, { fields: ['otp'] });
    if (row.expiresAt.getTime() <= Date.now())
      throw new AppError(400, ErrorCode.OtpExpired, 'This code has expired. Please request a new one.', { fields: ['otp'] });
    if (row.failedAttempts >= MAX_WRONG_CODES) throw new AppError(400, ErrorCode.OtpLocked, `Too many wrong codes. ${NEED_NEW_CODE}`, { fields: ['otp'] });

    const given = this.hash(email, otp);
    const matches = row.userId !== null && timingSafeEqual(Buffer.from(given), Buffer.from(row.codeHash));
    if (matches) {
      // Conditional on the same hash and try count, so a replaced or locked code cannot slip through,
      // and on no earlier verify, so two callers racing with the code cannot both get a token.
      const resetToken = randomBytes(32).toString('base64url');
      const [done] = await this.db
        .update(passwordResetCodes)
        .set({ verifiedAt: new Date(), resetTokenHash: tokenHash(resetToken), resetTokenExpiresAt: new Date(Date.now() + RESET_TOKEN_TTL_MS) })
        .where(
          and(
            eq(passwordResetCodes.email, email),
            eq(passwordResetCodes.codeHash, given),
            lt(passwordResetCodes.failedAttempts, MAX_WRONG_CODES),
            gt(passwordResetCodes.expiresAt, new Date()),
            isNull(passwordResetCodes.usedAt),
            isNull(passwordResetCodes.verifiedAt),
          ),
        )
        .returning({ email: passwordResetCodes.email });
      if (done) return resetToken;
      throw badRequest(`${NEED_NEW_CODE}`, { fields: ['otp'] });
    }
    const [counted] = await this.db
      .update(passwordResetCodes)
      .set({ failedAttempts: sql`${passwordResetCodes.failedAttempts} + 1` })
      .where(and(eq(passwordResetCodes.email, email), eq(passwordResetCodes.codeHash, row.codeHash), lt(passwordResetCodes.failedAttempts, MAX_WRONG_CODES)))
      .returning({ failedAttempts: passwordResetCodes.failedAttempts });
    const left = MAX_WRONG_CODES - (counted?.failedAttempts ?? MAX_WRONG_CODES);
    throw badRequest(left > 0 ? `${INVALID_CODE} ${left} ${left === 1 ? 'try' : 'tries'} left.` : `Invalid OTP. Too many wrong codes. ${NEED_NEW_CODE}`, {
      fields: ['otp'],
    });
  }

  /** Once, with the token the verify answered, within 10 minutes; every session of the account ends afterwards. */
  async resetPassword(email: string, resetToken: string, newPassword: string): Promise<void> {
    await refuseWeakPassword(newPassword, 'newPassword', { email, name: (await this.users.findByEmail(email))?.name });
    const allowed = () =>
      and(
        eq(passwordResetCodes.email, email),
        eq(passwordResetCodes.resetTokenHash, tokenHash(resetToken)),
        isNull(passwordResetCodes.usedAt),
        isNotNull(passwordResetCodes.userId),
        gt(passwordResetCodes.resetTokenExpiresAt, new Date()),
      );
    // Hash (the costly part) only for a reset that can happen, so refused ones cost nothing.
    const eligible = await this.db.select({ email: passwordResetCodes.email }).from(passwordResetCodes).where(allowed());
    const passwordHash = eligible.length > 0 ? await hashPassword(newPassword, this.config.passwordHashCost) : null;
    const userId = await this.db.transaction(async (tx) => {
      if (!passwordHash) return null;
      // Claimed conditionally, so two resets racing on one verify cannot both pass.
      const [claimed] = await tx.update(passwordResetCodes).set({ usedAt: new Date() }).where(allowed()).returning({ userId: passwordResetCodes.userId });
      if (!claimed?.userId) return null;
      await updateUser(tx, claimed.userId, { passwordHash, verifyEmail: true });
      // A code by e-mail never keeps a number proved since the password last signed in (docs/decisions/0280-sign-in-by-mobile-number.md).
      await passwordProvedNow(tx, claimed.userId);
      return claimed.userId;
    });
    if (!userId) {
      throw new AppError(
        400,
        ErrorCode.ResetNotAllowed,
        'resetToken: This reset link is not valid. Please verify the code from your e-mail first; a verified code allows one reset within 10 minutes.',
        { fields: ['resetToken'] },
      );
    }
    await this.tokens.revokeAllOf(userId);
  }

  private hash(email: string, code: string): string {
    return createHmac('sha256', this.hmacKey).update(`${email}\n${code}`).digest('hex');
  }

  /**
   * Counts this request with the others of the last hour (in the database, so every instance
   * agrees); a refused request is not counted, so waiting an hour always helps.
   */
  private async assertUnderHourlyCap(email: string): Promise<void> {
    const since = new Date(Date.now() - HOUR_MS);
    await this.db.delete(passwordResetRequests).where(and(eq(passwordResetRequests.email, email), lt(passwordResetRequests.createdAt, since)));
    const id = newId();
    await this.db.insert(passwordResetRequests).values({ id, email });
    const [row] = await this.db
      .select({ n: count() })
      .from(passwordResetRequests)
      .where(and(eq(passwordResetRequests.email, email), gt(passwordResetRequests.createdAt, since)));
    if ((row?.n ?? 0) > CODES_PER_HOUR) {
      await this.db.delete(passwordResetRequests).where(eq(passwordResetRequests.id, id));
      throw new AppError(429, ErrorCode.TooManyCodes, `At most ${CODES_PER_HOUR} codes can be sent to one e-mail per hour. Please try again later.`);
    }
  }
}

/** A plain SHA-256 suffices: the token is 256 random bits, so a stored hash reveals nothing guessable. */
function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
