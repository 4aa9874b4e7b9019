import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { LIMITS } from '@haat/shared/common/limits';
import { ErrorCode } from '@haat/shared/common/error-code';
import type { Language } from '@haat/shared/common/languages';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { DB, type Db } from '../db/database.js';
import { AppError, badRequest } from '../common/app-error.js';
import { t } from '../i18n/i18n.js';
import { SmsService } from '../sms/index.js';
import { RateLimited, RateLimiters, tooManyAttempts, type Window } from '../throttle/index.js';
import { mobileCodes } from './mobile-codes.table.js';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
export const MOBILE_CODE_TTL_MS = 5 * MINUTE;
export const MAX_WRONG_MOBILE_CODES = 5;
/**
 * Codes a number can be sent, and an address can ask for (docs/decisions/0280-sign-in-by-mobile-number.md):
 * an SMS costs the shop money and lands on someone's phone, whoever asks for it. At RATE_LIMIT_FACTOR 1.
 */
export const MOBILE_CODE_SENDS = {
  perNumber: [
    [3, 10 * MINUTE],
    [10, DAY],
  ],
  perAddress: [
    [10, 10 * MINUTE],
    [50, DAY],
  ],
} as const satisfies Record<string, Window[]>;

const INVALID_CODE = 'Invalid OTP. Please check the code in your SMS.';
const NEED_NEW_CODE = 'This code can no longer be used. Please request a new one.';

/**
 * Six-digit codes sent by SMS to prove a mobile number (docs/decisions/0280-sign-in-by-mobile-number.md):
 * one live code per purpose (`key`), kept only as an HMAC under a key derived from the shop's refresh
 * secret, valid 5 minutes and 5 wrong tries, used once. The message ends with the WebOTP line
 * (`@host #code`), so Android's Chrome can fill the boxes itself.
 */
@Injectable()
export class MobileCodesService {
  private readonly hmacKey: Buffer;
  private readonly webOtpHost: string;

  constructor(
    @Inject(DB) private readonly db: Db,
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly sms: SmsService,
    private readonly limiters: RateLimiters,
  ) {
    this.hmacKey = createHmac('sha256', config.jwtRefreshSecret).update('haat:mobile-code').digest();
    // WebOTP binds a code to the origin's host: the domain, without a port.
    this.webOtpHost = new URL(config.publicUrl).hostname;
  }

  /** Counts the send against the number's and the address's limits (429 + Retry-After past them), stores a fresh code and texts it. */
  async send(key: string, mobile: string, language: Language, from: { ip: string; reply: FastifyReply }): Promise<void> {
    await this.countSend(mobile, from);
    const code = randomInt(0, 10 ** LIMITS.otpLength)
      .toString()
      .padStart(LIMITS.otpLength, '0');
    const fresh = {
      mobile,
      codeHash: this.hash(key, mobile, code),
      expiresAt: new Date(Date.now() + MOBILE_CODE_TTL_MS),
      failedAttempts: 0,
      createdAt: new Date(),
    };
    await this.db
      .insert(mobileCodes)
      .values({ key, ...fresh })
      .onConflictDoUpdate({ target: mobileCodes.key, set: fresh });
    this.sms.sendInBackground({ to: mobile, text: t(language, 'sms.signInCode', { code, host: this.webOtpHost }) });
  }

  /** Uses up the code of `key` if `otp` is it, for this number; otherwise a 400 naming `otp` (and the tries left). */
  async use(key: string, mobile: string, otp: string): Promise<void> {
    const row = await this.db.query.mobileCodes.findFirst({ where: eq(mobileCodes.key, key) });
    if (!row || row.mobile !== mobile) throw badRequest(INVALID_CODE, { fields: ['otp'] });
    if (row.expiresAt.getTime() <= Date.now())
      throw new AppError(400, ErrorCode.OtpExpired, 'This code has expired. Please request a new one.', { fields: ['otp'] });
    if (row.failedAttempts >= MAX_WRONG_MOBILE_CODES)
      throw new AppError(400, ErrorCode.OtpLocked, `Too many wrong codes. ${NEED_NEW_CODE}`, { fields: ['otp'] });
    const given = this.hash(key, mobile, otp);
    if (timingSafeEqual(Buffer.from(given), Buffer.from(row.codeHash))) {
      // Deleted on the same hash, try count and time, so a replaced, locked or expired code cannot slip
      // through, and two callers racing with the code cannot both use it.
      const [used] = await this.db
        .delete(mobileCodes)
        .where(
          and(
            eq(mobileCodes.key, key),
            eq(mobileCodes.codeHash, given),
            lt(mobileCodes.failedAttempts, MAX_WRONG_MOBILE_CODES),
            gt(mobileCodes.expiresAt, new Date()),
          ),
        )
        .returning({ key: mobileCodes.key });
      if (used) return;
      throw badRequest(NEED_NEW_CODE, { fields: ['otp'] });
    }
    const [counted] = await this.db
      .update(mobileCodes)
      .set({ failedAttempts: sql`${mobileCodes.failedAttempts} + 1` })
      .where(and(eq(mobileCodes.key, key), eq(mobileCodes.codeHash, row.codeHash), lt(mobileCodes.failedAttempts, MAX_WRONG_MOBILE_CODES)))
      .returning({ failedAttempts: mobileCodes.failedAttempts });
    const left = MAX_WRONG_MOBILE_CODES - (counted?.failedAttempts ?? MAX_WRONG_MOBILE_CODES);
    throw badRequest(left > 0 ? `${INVALID_CODE} ${left} ${left === 1 ? 'try' : 'tries'} left.` : `Invalid OTP. Too many wrong codes. ${NEED_NEW_CODE}`, {
      fields: ['otp'],
    });
  }

  private async countSend(mobile: string, { ip, reply }: { ip: string; reply: FastifyReply }): Promise<void> {
    try {
      for (const window of MOBILE_CODE_SENDS.perAddress) await this.limiters.hit('mobile-code:address', ip, window);
      for (const window of MOBILE_CODE_SENDS.perNumber) await this.limiters.hit('mobile-code:number', mobile, window);
    } catch (e) {
      if (e instanceof RateLimited) throw tooManyAttempts(reply, e.retryAfterSeconds);
      throw e;
    }
  }

  private hash(key: string, mobile: string, code: string): string {
    return createHmac('sha256', this.hmacKey).update(`${key}\n${mobile}\n${code}`).digest('hex');
  }
}
