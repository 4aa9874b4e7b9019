import { randomBytes } from 'node:crypto';
import { Global, Inject, Injectable, Logger, Module, type OnModuleInit } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { REDIS_FACTORY, type RedisFactory } from '../redis/redis.module.js';
import { redisKey } from '../redis/redis-key.js';

/**
 * A counter bumped by every catalogue write. Public catalogue reads are cached per version, so a
 * write makes every cached page stale at once. With REDIS_URL set, each bump is also published and
 * every other instance bumps its own counter when the message arrives, so their caches drop too.
 * Delivery is asynchronous (well under a millisecond on one network); the read cache's short TTL
 * bounds staleness should Redis be unreachable for a while.
 */
@Injectable()
export class CatalogVersion implements OnModuleInit {
  private readonly logger = new Logger('CatalogVersion');
  /** Tells our own messages from our peers'. */
  private readonly instanceId = randomBytes(8).toString('hex');
  private current = 0;
  private publisher: Redis | null = null;
  /** The channel on which this shop's instances announce catalogue writes to each other. */
  private readonly channel: string;

  constructor(
    @Inject(REDIS_FACTORY) private readonly connect: RedisFactory,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.channel = redisKey(config, 'catalog-version');
  }

  get value(): number {
    return this.current;
  }

  async onModuleInit(): Promise<void> {
    // Pub/sub needs a connection of its own: a subscribed connection can do nothing else.
    const subscriber = this.connect();
    if (!subscriber) return;
    this.publisher = this.connect();
    subscriber.on('message', (channel: string, from: string) => {
      if (channel === this.channel && from !== this.instanceId) this.current += 1;
    });
    // Resubscribes by itself after a reconnect (ioredis autoResubscribe); a bump missed meanwhile
    // is covered by the cache TTL, and one more local bump on reconnect drops anything suspect.
    subscriber.on('ready', () => (this.current += 1));
    await subscriber.subscribe(this.channel);
  }

  async bump(): Promise<void> {
    this.current += 1;
    if (!this.publisher) return;
    try {
      await this.publisher.publish(this.channel, this.instanceId);
    } catch (error) {
      // The write itself succeeded; peers catch up when their cache entries expire.
      this.logger.warn(`could not announce a catalogue change: ${(error as Error).message}`);
    }
  }
}

@Global()
@Module({ providers: [CatalogVersion], exports: [CatalogVersion] })
export class CatalogVersionModule {}
