import { Injectable } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
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
 * - shop-wide: past 100 failures a minute (password spraying from many addresses), an (account,
 *   address) pair that has itself failed 3 times or more this hour is refused for the rest of that
 *   minute. Only the pair's own failures count: many phones share one carrier address, so a stranger's
 *   failure there, or the owner's own typo, never stops an owner who then types the right password.
 * A pair (account, address) that signed in correctly in the last 14 days is known: for it only its
 * own (account, address) counter applies, never the per-address or shop-wide ones, so strangers'
 * failures (a spray, or others behind the same address) never refuse the owner where they sign in
 * (docs/decisions/0275-accounts-sign-in-passwords-and-sessions.md). It still counts toward both for everyone else.
 */
export const LOGIN_LIMITS = {
  perAccountAndAddress: [10, HOUR],
  perAddressPerDay: [100, 24 * HOUR],
  shopWidePerMinute: [100, 60_000],
  /** Past the shop-wide ceiling, a pair with this many failures of its own this hour waits. */
  sprayPairFailures: 3,
  knownPairFor: 14 * 24 * HOUR,
} as const;

@Injectable()
export class LoginProtection {
  private readonly byAccountAndAddress: RateLimiterAbstract;
  private readonly byAddress: RateLimiterAbstract;
  private readonly shopWide: RateLimiterAbstract;
  /** (account, address) pairs that signed in correctly: a key that exists is known. */
  private readonly knownPairs: RateLimiterAbstract;

  constructor(limiters: RateLimiters) {
    this.knownPairs = limiters.create('login-ok:account-address', 1, LOGIN_LIMITS.knownPairFor);
    this.byAccountAndAddress = limiters.create('login-fail:account-address', ...LOGIN_LIMITS.perAccountAndAddress);
    this.byAddress = limiters.create('login-fail:address', ...LOGIN_LIMITS.perAddressPerDay);
    this.shopWide = limiters.create('login-fail:shop', ...LOGIN_LIMITS.shopWidePerMinute);
  }

  /**
   * Runs `check` (a password check) unless this address (for this account) has failed too often:
   * then a 429 with Retry-After, before the password is even checked. The attempt is charged to the
   * counters before the check, atomically (an increment in Redis or memory), so guesses sent all at
   * once cannot each read a counter that is still under the limit. A wrong password (what
   * `isWrongPassword` says yes to; by default sign-in's `BAD_CREDENTIALS`) keeps its charge; any other
   * outcome gives it back, and a success clears the (account, address) counter.
   */
  async attempt<T>(
    email: string,
    ip: string,
    reply: FastifyReply,
    check: () => Promise<T>,
    isWrongPassword: (error: unknown) => boolean = (e) => e instanceof AppError && e.code === ErrorCode.BadCredentials,
  ): Promise<T> {
    const pair = `${email.trim().toLowerCase()}|${ip}`;
    const known = (await this.knownPairs.get(pair)) !== null;
    const [forPair, forAddress] = await Promise.allSettled([
      this.byAccountAndAddress.consume(pair),
      // A known pair is not held back by its address's other failures (it is still counted for them).
      known ? this.byAddress.penalty(ip) : this.byAddress.consume(ip),
    ]);
    const refused = [forPair, forAddress].flatMap((r) => (r.status === 'rejected' ? [r.reason as unknown] : []));
    const giveBack = () => Promise.all([this.byAccountAndAddress.reward(pair), this.byAddress.reward(ip)]);
    if (refused.length > 0) {
      // A refused attempt is not a guess: both counters get their point back (one may have taken it).
      await giveBack();
      const other = refused.find((r) => !(r instanceof RateLimiterRes));
      if (other) throw other instanceof Error ? other : new Error('rate limiter failed', { cause: other });
      throw tooManyAttempts(reply, Math.max(1000, ...refused.map((r) => (r as RateLimiterRes).msBeforeNext)) / 1000);
    }
    // Past the shop-wide ceiling, a pair that has failed often this hour waits too (a known pair does not).
    const earlier = forPair.status === 'fulfilled' ? forPair.value.consumedPoints - 1 : 0;
    if (earlier >= LOGIN_LIMITS.sprayPairFailures && !known) {
      const wait = spent(await this.shopWide.get('all'), this.shopWide);
      if (wait > 0) {
        await giveBack();
        throw tooManyAttempts(reply, wait / 1000);
      }
    }
    try {
      const result = await check();
      await Promise.all([
        this.byAccountAndAddress.delete(pair),
        this.byAddress.reward(ip),
        this.knownPairs.set(pair, 1, Math.round(LOGIN_LIMITS.knownPairFor / 1000)),
      ]);
      return result;
    } catch (error) {
      if (isWrongPassword(error)) await this.shopWide.penalty('all');
      else await giveBack();
      throw error;
    }
  }
}

/** How long until a counter that has used all its points frees up (0 when it has points left). */
function spent(res: RateLimiterRes | null, limiter: RateLimiterAbstract): number {
  return res && res.consumedPoints >= limiter.points ? Math.max(1000, res.msBeforeNext) : 0;
}
