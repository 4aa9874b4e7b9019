import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { RedisClient } from '../redis/redis.module.js';

/**
 * JOB_SENDS_PER_SECOND, shared by every instance (docs/architecture.md#jobs): bulk tries are counted in Redis when
 * REDIS_URL is set (rate-limiter-flexible, as the shop's request limits are; an in-memory stand-in if Redis errors),
 * so two instances together start no more than the cap a second; without Redis each instance counts its own.
 */
export class SendCap {
  private readonly limiter: RateLimiterAbstract | null;

  /** `perSecond` 0: no cap. */
  constructor(perSecond: number, redis: RedisClient, keyPrefix: string) {
    const options = { keyPrefix, points: perSecond, duration: 1 };
    this.limiter =
      perSecond <= 0
        ? null
        : redis
          ? new RateLimiterRedis({ ...options, storeClient: redis, insuranceLimiter: new RateLimiterMemory(options) })
          : new RateLimiterMemory(options);
  }

  /**
   * Takes up to `wanted` tries of this second's cap: how many were granted, and when the next second's opens. A refused
   * ask is counted whole by the limiter, so the counter never shows fewer tries than were started: what was left before
   * it is granted, and the cap is never passed.
   */
  async take(wanted: number): Promise<{ granted: number; waitMs: number }> {
    if (!this.limiter || wanted <= 0) return { granted: wanted, waitMs: 0 };
    try {
      await this.limiter.consume('bulk', wanted);
      return { granted: wanted, waitMs: 0 };
    } catch (refusal) {
      if (!(refusal instanceof RateLimiterRes)) throw refusal;
      const before = refusal.consumedPoints - wanted;
      return { granted: Math.max(0, Math.min(wanted, this.limiter.points - before)), waitMs: Math.max(1, refusal.msBeforeNext) };
    }
  }
}
