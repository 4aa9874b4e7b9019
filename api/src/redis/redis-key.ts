import type { AppConfig } from '../config/config.js';

/**
 * The name of a Redis key or pub/sub channel of this shop: every one starts with the shop's prefix
 * (REDIS_PREFIX, or `haat:` + the id stored in its database), so shops sharing a Redis stay apart.
 * The prefix is settled by the Redis module before any connection opens (redis-prefix.ts).
 */
export function redisKey(config: Pick<AppConfig, 'redisPrefix'>, name: string): string {
  if (!config.redisPrefix) throw new Error(`the Redis prefix is not settled yet (asked for ${name})`);
  return `${config.redisPrefix}${name}`;
}
