import type { INestApplicationContext } from '@nestjs/common';
import { IoAdapter } from '@nestjs/platform-socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import type { Server, ServerOptions } from 'socket.io';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { corsOptions, originAllowed } from '../common/cors-options.js';
import { REDIS_FACTORY, type RedisFactory } from '../redis/redis.module.js';
import { redisKey } from '../redis/redis-key.js';

/**
 * socket.io attached to the API's own HTTP server. With REDIS_URL set, rooms span every instance
 * through @socket.io/redis-adapter (its own publish and subscribe connections), so an order placed
 * on one instance reaches an admin connected to another. Its channels carry the shop's prefix, so
 * another shop on the same Redis hears none of them.
 * Origins follow CORS_ORIGINS, like the API.
 */
export class RealtimeIoAdapter extends IoAdapter {
  constructor(private readonly app: INestApplicationContext) {
    super(app);
  }

  override createIOServer(port: number, options?: ServerOptions): Server {
    const config = this.app.get<AppConfig>(APP_CONFIG);
    const server = super.createIOServer(port, {
      ...options,
      cors: config.corsOrigins.length ? corsOptions(config.corsOrigins) : undefined,
      allowRequest: (req, callback) => {
        const ok = originAllowed(req.headers.origin, req.headers.host, config.publicUrl, config.corsOrigins);
        callback(ok ? null : 'origin not allowed', ok);
      },
    } as ServerOptions);
    const connect = this.app.get<RedisFactory>(REDIS_FACTORY);
    const pub = connect();
    const sub = connect();
    if (pub && sub) server.adapter(createAdapter(pub, sub, { key: redisKey(config, 'socket.io') }));
    return server;
  }
}
