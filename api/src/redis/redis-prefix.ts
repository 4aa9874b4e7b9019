import type { AppConfig } from '../config/config.js';
import type { Db } from '../db/database.js';
import { shopId } from '../db/shop-identity.js';

/**
 * Settles the shop's Redis prefix before any Redis connection opens (docs/decisions/0048-several-instances.md):
 * REDIS_PREFIX when set, else `haat:` + the shop's id. Instances of one shop share a database and so
 * a prefix; two shops never do, even when their containers come from one image with one DATA_DIR path
 * or one DATABASE_URL string.
 */
export async function settleRedisPrefix(config: AppConfig, db: Db): Promise<string> {
  config.redisPrefix ??= `haat:${await shopId(db)}:`;
  return config.redisPrefix;
}
