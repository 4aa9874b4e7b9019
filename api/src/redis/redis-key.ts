import type { AppConfig } from '../config/config.js';

/**
 * The name of a Redis key or pub/sub channel of this shop: every one starts with the shop's prefix
 * (REDIS_PREFIX, or one derived from the database), so shops sharing a Redis stay apart.
 */
export function redisKey(config: Pick<AppConfig, 'redisPrefix'>, name: string): string {
  return `${config.redisPrefix}${name}`;
}
