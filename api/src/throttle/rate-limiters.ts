import { Inject, Injectable } from '@nestjs/common';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { REDIS, type RedisClient } from '../redis/redis.module.js';
import { redisKey } from '../redis/redis-key.js';

/** [hits, window in ms] before a 429, at RATE_LIMIT_FACTOR 1. */
export type Window = [limit: number, windowMs: number];

/** What a refused hit reports: how long until the next one would be let through. */
export class RateLimited extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super('rate limited');
  }
}

/**
 * Counters per (route, tracker kind) from rate-limiter-flexible: in Redis when REDIS_URL is set,
 * so every instance counts the same hits (with an in-memory stand-in if Redis errors, rather than
 * letting everything through); in memory otherwise. Limits are multiplied by RATE_LIMIT_FACTOR.
 */
@Injectable()
export class RateLimiters {
  private readonly limiters = new Map<string, RateLimiterAbstract>();

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(REDIS) private readonly redis: RedisClient,
  ) {}

  /** Counts one hit for `key` (an IP or an e-mail) against the named window; throws RateLimited when over. */
  async hit(name: string, key: string, [limit, windowMs]: Window): Promise<{ remaining: number; limit: number }> {
    const limiter = this.limiterFor(name, limit, windowMs);
    try {
      const res = await limiter.consume(key);
      return { remaining: res.remainingPoints, limit: limiter.points };
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) throw new RateLimited(Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)));
      throw rejection;
    }
  }

  private limiterFor(name: string, limit: number, windowMs: number): RateLimiterAbstract {
    const id = `${name}:${limit}:${windowMs}`;
    let limiter = this.limiters.get(id);
    if (!limiter) {
      limiter = this.create(`rl:${id}`, limit, windowMs);
      this.limiters.set(id, limiter);
    }
    return limiter;
  }

  /**
   * A counter of `limit` points (times RATE_LIMIT_FACTOR) per window, its keys under the shop's
   * Redis prefix when REDIS_URL is set (every instance counts alike), in memory otherwise. `scaled: false` keeps
   * `limit` as it is (a budget in money, not a guard against abuse).
   */
  create(name: string, limit: number, windowMs: number, { scaled = true } = {}): RateLimiterAbstract {
    const options = {
      keyPrefix: redisKey(this.config, name),
      points: Math.ceil(limit * (scaled ? this.config.rateLimitFactor : 1)),
      duration: Math.max(1, Math.round(windowMs / 1000)),
    };
    return this.redis
      ? new RateLimiterRedis({ ...options, storeClient: this.redis, insuranceLimiter: new RateLimiterMemory(options) })
      : new RateLimiterMemory(options);
  }
}
