import { Injectable, UseInterceptors, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { from, lastValueFrom, type Observable } from 'rxjs';
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { ErrorCode } from '@haat/shared/common/error-code';
import { AppError } from '../common/app-error.js';
import { RateLimiters } from './rate-limiters.js';
import { tooManyAttempts } from './too-many-attempts.js';

const HOUR = 60 * 60_000;

/**
 * Wrong coupon codes (COUPON_UNKNOWN) allowed, at RATE_LIMIT_FACTOR 1, before a 429 with Retry-After, as failed
 * sign-ins are counted (login-protection.ts): per account, and per address for accounts made to spread the
 * guesses. A shopper mistypes a code a few times; a guesser needs thousands (docs/product.md#coupons).
 */
export const WRONG_COUPON_LIMITS = {
  perAccount: [10, HOUR],
  perAddress: [30, HOUR],
} as const;

/**
 * Counts the wrong coupon codes of the routes that take one (the preview and the orders). Each request with a
 * code is charged before it runs, atomically, so guesses sent at once cannot each see a counter under the
 * limit; a request whose code the shop knows gets its charge back, a wrong one keeps it. Past either limit,
 * every code is refused unread, the real one too, until the window frees up.
 */
@Injectable()
export class WrongCouponCodes implements NestInterceptor {
  private readonly byAccount: RateLimiterAbstract;
  private readonly byAddress: RateLimiterAbstract;

  constructor(limiters: RateLimiters) {
    this.byAccount = limiters.create('coupon-wrong:account', ...WRONG_COUPON_LIMITS.perAccount);
    this.byAddress = limiters.create('coupon-wrong:address', ...WRONG_COUPON_LIMITS.perAddress);
  }

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const req = context.switchToHttp().getRequest<FastifyRequest & { user?: { id?: string } }>();
    const code = (req.body as { couponCode?: unknown } | undefined)?.couponCode;
    const userId = req.user?.id;
    if (typeof code !== 'string' || !code.trim() || !userId) return next.handle();
    return from(this.counted(userId, req.ip, context.switchToHttp().getResponse<FastifyReply>(), next));
  }

  private async counted(userId: string, ip: string, reply: FastifyReply, next: CallHandler): Promise<unknown> {
    const charged = await Promise.allSettled([this.byAccount.consume(userId), this.byAddress.consume(ip)]);
    const giveBack = () => Promise.all([this.byAccount.reward(userId), this.byAddress.reward(ip)]);
    const refused = charged.flatMap((r) => (r.status === 'rejected' ? [r.reason as unknown] : []));
    if (refused.length > 0) {
      // A refused request guessed nothing: both counters get their point back (one may have taken it).
      await giveBack();
      const other = refused.find((r) => !(r instanceof RateLimiterRes));
      if (other) throw other instanceof Error ? other : new Error('rate limiter failed', { cause: other });
      throw tooManyAttempts(reply, Math.max(1000, ...refused.map((r) => (r as RateLimiterRes).msBeforeNext)) / 1000);
    }
    try {
      const answer: unknown = await lastValueFrom(next.handle());
      await giveBack();
      return answer;
    } catch (error) {
      if (!(error instanceof AppError && error.code === ErrorCode.CouponUnknown)) await giveBack();
      throw error;
    }
  }
}

/** Limits wrong coupon codes on a route that takes `couponCode` (after its @Auth(), so the account is known). */
export const LimitWrongCouponCodes = () => UseInterceptors(WrongCouponCodes);
