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
 * limit; a request whose code the shop knows gets its charge back, a wrong one keeps it. Past the account's
 * limit every code is refused unread, the real one too, until the window frees up. Past the address's, only
 * guesses are refused (429, as before the code was read): many shoppers share one carrier address, and a known
 * code is never refused for what others there typed (docs/product.md#coupons).
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
    const [forAccount, forAddress] = await Promise.allSettled([this.byAccount.consume(userId), this.byAddress.consume(ip)]);
    const giveBack = () => Promise.all([this.byAccount.reward(userId), this.byAddress.reward(ip)]);
    for (const r of [forAccount, forAddress])
      if (r.status === 'rejected' && !(r.reason instanceof RateLimiterRes)) {
        await giveBack();
        throw r.reason instanceof Error ? r.reason : new Error('rate limiter failed', { cause: r.reason });
      }
    if (forAccount.status === 'rejected') {
      // A refused request guessed nothing: both counters get their point back (one may have taken it).
      await giveBack();
      const waits = [forAccount, forAddress].flatMap((r) => (r.status === 'rejected' ? [(r.reason as RateLimiterRes).msBeforeNext] : []));
      throw tooManyAttempts(reply, Math.max(1000, ...waits) / 1000);
    }
    // The address is past its limit: the code is read, and only a guess is refused.
    const addressWait = forAddress.status === 'rejected' ? (forAddress.reason as RateLimiterRes).msBeforeNext : 0;
    try {
      const answer: unknown = await lastValueFrom(next.handle());
      await giveBack();
      return answer;
    } catch (error) {
      if (!(error instanceof AppError && error.code === ErrorCode.CouponUnknown)) await giveBack();
      else if (addressWait > 0) {
        // A guess from a full address: the account keeps its charge, the address (full already) takes none.
        await this.byAddress.reward(ip);
        throw tooManyAttempts(reply, Math.max(1000, addressWait) / 1000);
      }
      throw error;
    }
  }
}

/** Limits wrong coupon codes on a route that takes `couponCode` (after its @Auth(), so the account is known). */
export const LimitWrongCouponCodes = () => UseInterceptors(WrongCouponCodes);
