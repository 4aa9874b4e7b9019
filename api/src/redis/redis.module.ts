import { Global, Inject, Logger, Module, type OnApplicationShutdown } from '@nestjs/common';
import { Redis } from 'ioredis';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { DB, type Db } from '../db/database.js';
import { settleRedisPrefix } from './redis-prefix.js';

/** The shared Redis connection when REDIS_URL is set, else null (a single instance needs none). */
export const REDIS = Symbol('REDIS');
export type RedisClient = Redis | null;

/** A new connection to the same Redis (pub/sub needs its own), or null without REDIS_URL. */
export const REDIS_FACTORY = Symbol('REDIS_FACTORY');
export type RedisFactory = () => Redis | null;

@Global()
@Module({
  providers: [
    {
      provide: REDIS_FACTORY,
      inject: [APP_CONFIG, DB],
      // Every user of Redis gets its connections from here, so the prefix is settled before any exists.
      useFactory: async (config: AppConfig, db: Db): Promise<RedisFactory> => {
        await settleRedisPrefix(config, db);
        const opened: Redis[] = [];
        const factory = () => {
          if (!config.redisUrl) return null;
          const client = new Redis(config.redisUrl, { maxRetriesPerRequest: 3, lazyConnect: false });
          // A lost Redis is reported here (readiness shows it); ioredis reconnects by itself.
          client.on('error', (e: Error & { code?: string }) => new Logger('Redis').warn(`connection error: ${e.code ?? e.message}`));
          opened.push(client);
          return client;
        };
        (factory as RedisFactory & { opened: Redis[] }).opened = opened;
        return factory;
      },
    },
    { provide: REDIS, inject: [REDIS_FACTORY], useFactory: (make: RedisFactory) => make() },
  ],
  exports: [REDIS, REDIS_FACTORY],
})
export class RedisModule implements OnApplicationShutdown {
  constructor(@Inject(REDIS_FACTORY) private readonly factory: RedisFactory & { opened?: Redis[] }) {}

  /**
   * A connected client quits in order (a resubscribe ioredis sent on reconnecting is answered first);
   * one still waiting to reconnect is simply stopped. Quitting it instead would queue the QUIT until the
   * reconnect, and ioredis's own resubscribe, which nobody awaits, could then be rejected at close.
   */
  async onApplicationShutdown(): Promise<void> {
    const connected = (c: Redis) => c.status === 'ready' || c.status === 'connect' || c.status === 'connecting';
    await Promise.all(
      (this.factory.opened ?? []).map(async (c) => {
        if (connected(c)) await c.quit().catch(() => c.disconnect());
        else c.disconnect();
      }),
    );
  }
}
