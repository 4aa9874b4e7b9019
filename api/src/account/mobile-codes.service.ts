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
import { MobileCodeSends, type SendCharge, type Sender } from '../throttle/index.js';
import { MobileDevices } from './mobile-devices.js';
import { mobileCodes } from './mobile-codes.table.js';

const MINUTE = 60_000;
export const MOBILE_CODE_TTL_MS = 5 * MINUTE;
export const MAX_WRONG_MOBILE_CODES = 5;
/** Who asks for a send: the address, the reply (for Retry-After) and the device token the browser's cookie holds, if any. */
export interface SendFrom {
  ip: string;
  reply: FastifyReply;
  device?: string;
}

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
    private readonly sends: MobileCodeSends,
    private readonly devices: MobileDevices,
  ) {
    this.hmacKey = createHmac('sha256', config.jwtRefreshSecret).update('haat:mobile-code').digest();
    // WebOTP binds a code to the origin's host: the domain, without a port.
    this.webOtpHost = new URL(config.publicUrl).hostname;
  }

  /**
   * Counts the send (MobileCodeSends: 429 + Retry-After past a limit), stores a fresh code and texts it. A send that
   * fails before its code goes out (the database, the SMS provider) gives its count back (docs/product.md#rules-and-limits).
   */
  async send(key: string, mobile: string, language: Language, from: SendFrom): Promise<void> {
    const charge = await this.sends.charge(mobile, { ip: from.ip, reply: from.reply, sender: await this.senderOf(key, mobile, from.device) });
    try {
      await this.store(key, mobile, language, charge);
    } catch (error) {
      await charge.giveBack();
      throw error;
    }
  }

  /** The account of `mobile` signed in by code from here: later sends from this address are the owner's. */
  remember(mobile: string, ip: string): Promise<void> {
    return this.sends.remember(mobile, ip);
  }

  /**
   * Who asks (MobileCodeSends): a sign-in code from the number's device is its owner's, any other a stranger's (the
   * budget's open share); a signed-in account proving a number draws on the reserve.
   */
  private async senderOf(key: string, mobile: string, device: string | undefined): Promise<Sender> {
    if (!key.startsWith('login:')) return 'account';
    return (await this.devices.owns(device, mobile)) ? 'device' : 'stranger';
  }

  private async store(key: string, mobile: string, language: Language, charge: SendCharge): Promise<void> {
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
    this.sms.sendInBackground({ to: mobile, text: t(language, 'sms.signInCode', { code, host: this.webOtpHost }) }, () => charge.giveBack());
  }

  /** Whether a code of `key` was sent to this number and is still live. */
  async has(key: string, mobile: string): Promise<boolean> {
    const row = await this.db.query.mobileCodes.findFirst({ where: eq(mobileCodes.key, key) });
    return !!row && row.mobile === mobile && row.expiresAt.getTime() > Date.now();
  }

  /** Uses up the code of `key` if `otp` is it, for this number; otherwise a 400 naming `otp` (and the tries left). */
  async use(key: string, mobile: string, otp: string): Promise<void> {
    const row = await this.db.query.mobileCodes.findFirst({ where: eq(mobileCodes.key, key) });
    if (!row || row.mobile !== mobile) {
      // The same statement a wrong code costs (counting the try), matching nothing: no code answers in a wrong code's
      // time, so the time does not tell whether a number was sent one (api/bench/answer-times.bench.mjs).
      await this.countWrongTry(key, '');
      throw badRequest(INVALID_CODE, { fields: ['otp'] });
    }
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
    const counted = await this.countWrongTry(key, row.codeHash);
    const left = MAX_WRONG_MOBILE_CODES - (counted?.failedAttempts ?? MAX_WRONG_MOBILE_CODES);
    throw badRequest(left > 0 ? `${INVALID_CODE} ${left} ${left === 1 ? 'try' : 'tries'} left.` : `Invalid OTP. Too many wrong codes. ${NEED_NEW_CODE}`, {
      fields: ['otp'],
    });
  }

  /**
   * Counts a wrong try at the code of `key` that has this hash, while it has tries left; answers the count. Its commit
   * does not wait for the disk (synchronous_commit off, this transaction only): a statement that matched nothing
   * commits without it, so waiting would tell by the time which numbers were sent a code; a crash may forget the last
   * moment's counts, never a used code (deleted with the commit that waits).
   */
  private async countWrongTry(key: string, codeHash: string): Promise<{ failedAttempts: number } | undefined> {
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`set local synchronous_commit = off`);
      const [counted] = await tx
        .update(mobileCodes)
        .set({ failedAttempts: sql`${mobileCodes.failedAttempts} + 1` })
        .where(and(eq(mobileCodes.key, key), eq(mobileCodes.codeHash, codeHash), lt(mobileCodes.failedAttempts, MAX_WRONG_MOBILE_CODES)))
        .returning({ failedAttempts: mobileCodes.failedAttempts });
      return counted;
    });
  }

  private hash(key: string, mobile: string, code: string): string {
    return createHmac('sha256', this.hmacKey).update(`${key}\n${mobile}\n${code}`).digest('hex');
  }
}
