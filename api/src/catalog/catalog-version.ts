import { randomBytes } from 'node:crypto';
import { Global, Inject, Injectable, Logger, Module, type OnModuleInit } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { REDIS_FACTORY, type RedisFactory } from '../redis/redis.module.js';
import { redisKey } from '../redis/redis-key.js';

/** What changed about some products: their text or publishing, their stock, or their rating. */
export type ProductChange = 'content' | 'stock' | 'rating';

export type ProductsListener = (ids: string[], what: ProductChange) => void;

/**
 * A counter bumped by every catalogue write (an admin's edit of products, categories). Public catalogue reads are cached per version, so a
 * write makes every cached page stale at once. With REDIS_URL set, each bump is also published and
 * every other instance bumps its own counter when the message arrives, so their caches drop too.
 * Delivery is asynchronous (well under a millisecond on one network); the read cache's short TTL
 * bounds staleness should Redis be unreachable for a while.
 *
 * A change to a few products only (a review, an order, a stock movement) does not bump it: it is
 * announced with productsChanged, locally and to the peers on a second channel, and each listener
 * (the read cache) drops what shows those products.
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
  private readonly productsChannel: string;
  private readonly listeners: ProductsListener[] = [];

  constructor(
    @Inject(REDIS_FACTORY) private readonly connect: RedisFactory,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.channel = redisKey(config, 'catalog-version');
    this.productsChannel = redisKey(config, 'catalog-products');
  }

  /** Called with the ids of products changed here or on a peer. */
  onProductsChanged(listener: ProductsListener): void {
    this.listeners.push(listener);
  }

  get value(): number {
    return this.current;
  }

  async onModuleInit(): Promise<void> {
    // Pub/sub needs a connection of its own: a subscribed connection can do nothing else.
    const subscriber = this.connect();
    if (!subscriber) return;
    this.publisher = this.connect();
    subscriber.on('message', (channel: string, message: string) => {
      if (channel === this.channel && message !== this.instanceId) this.current += 1;
      if (channel === this.productsChannel) {
        try {
          const { from, ids, what } = JSON.parse(message) as { from: string; ids: string[]; what: ProductChange };
          if (from !== this.instanceId) this.tell(ids, what);
        } catch {
          // Not ours to read (another version of the shop): its own cache TTL covers it.
        }
      }
    });
    // Resubscribes by itself after a reconnect (ioredis autoResubscribe); a bump missed meanwhile
    // is covered by the cache TTL, and one more local bump on reconnect drops anything suspect.
    subscriber.on('ready', () => (this.current += 1));
    await subscriber.subscribe(this.channel, this.productsChannel);
  }

  /**
   * These products changed without a catalogue write: every instance drops the cached answers that
   * show them, and nothing else. Awaited by the writer, so its own next read is fresh.
   */
  async productsChanged(ids: string[], what: ProductChange): Promise<void> {
    if (ids.length === 0) return;
    this.tell(ids, what);
    if (!this.publisher) return;
    try {
      await this.publisher.publish(this.productsChannel, JSON.stringify({ from: this.instanceId, ids, what }));
    } catch (error) {
      this.logger.warn(`could not announce a product change: ${(error as Error).message}`);
    }
  }

  private tell(ids: string[], what: ProductChange): void {
    for (const listener of this.listeners) listener(ids, what);
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
