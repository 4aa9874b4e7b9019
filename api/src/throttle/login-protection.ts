import { Injectable } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import type { RateLimiterAbstract, RateLimiterRes } from 'rate-limiter-flexible';
import { ErrorCode } from '@haat/shared/common/error-code';
import { AppError } from '../common/app-error.js';
import { RateLimiters } from './rate-limiters.js';
import { tooManyAttempts } from './too-many-attempts.js';

const HOUR = 60 * 60_000;

/**
 * Limits on failed password sign-ins (OWASP; rate-limiter-flexible's "login endpoint protection"),
 * numbers at RATE_LIMIT_FACTOR 1. Only failures count, and only these keys:
 * - per (account, address): 10 failures in an hour, then that pair waits out the hour. A sign-in
 *   that succeeds clears the pair, so it counts consecutive failures. Nobody elsewhere can use it
 *   to lock the owner out: the owner's own address has its own counter.
 * - per address: 100 failures a day, whichever accounts they were against.
 * - shop-wide: past 100 failures a minute (password spraying from many addresses), an address
 *   that has failed at all today is refused for the rest of that minute; an address with no
 *   failures still gets its answer, so an owner signing in as usual is not stopped.
 */
export const LOGIN_LIMITS = {
  perAccountAndAddress: [10, HOUR],
  perAddressPerDay: [100, 24 * HOUR],
  shopWidePerMinute: [100, 60_000],
} as const;

@Injectable()
export class LoginProtection {
  private readonly byAccountAndAddress: RateLimiterAbstract;
  private readonly byAddress: RateLimiterAbstract;
  private readonly shopWide: RateLimiterAbstract;

  constructor(limiters: RateLimiters) {
    this.byAccountAndAddress = limiters.create('login-fail:account-address', ...LOGIN_LIMITS.perAccountAndAddress);
    this.byAddress = limiters.create('login-fail:address', ...LOGIN_LIMITS.perAddressPerDay);
    this.shopWide = limiters.create('login-fail:shop', ...LOGIN_LIMITS.shopWidePerMinute);
  }

  /**
   * Runs `signIn` unless this address (for this account) has failed too often: then a 429 with
   * Retry-After, before the password is even checked. A wrong password (the `BAD_CREDENTIALS`
   * answer) is counted; a success resets the (account, address) counter.
   */
  async attempt<T>(email: string, ip: string, reply: FastifyReply, signIn: () => Promise<T>): Promise<T> {
    const pair = `${email.trim().toLowerCase()}|${ip}`;
    const [forPair, forAddress, shop] = await Promise.all([this.byAccountAndAddress.get(pair), this.byAddress.get(ip), this.shopWide.get('all')]);
    const waits = [
      spent(forPair, this.byAccountAndAddress),
      spent(forAddress, this.byAddress),
      forAddress && forAddress.consumedPoints > 0 ? spent(shop, this.shopWide) : 0,
    ];
    const wait = Math.max(...waits);
    if (wait > 0) throw tooManyAttempts(reply, wait / 1000);
    try {
      const result = await signIn();
      if (forPair && forPair.consumedPoints > 0) await this.byAccountAndAddress.delete(pair);
      return result;
    } catch (error) {
      if (error instanceof AppError && error.code === ErrorCode.BadCredentials) {
        await Promise.all([this.byAccountAndAddress.penalty(pair), this.byAddress.penalty(ip), this.shopWide.penalty('all')]);
      }
      throw error;
    }
  }
}

/** How long until a counter that has used all its points frees up (0 when it has points left). */
function spent(res: RateLimiterRes | null, limiter: RateLimiterAbstract): number {
  return res && res.consumedPoints >= limiter.points ? Math.max(1000, res.msBeforeNext) : 0;
}
