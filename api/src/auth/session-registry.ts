import { randomBytes } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { and, gt, inArray, isNull } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import { batchedReads } from '../common/batched-reads.js';
import { lruCache } from '../common/lru.js';
import { DB, type Db } from '../db/database.js';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { REDIS_FACTORY, type RedisFactory } from '../redis/redis.module.js';
import { redisKey } from '../redis/redis-key.js';
import { refreshSessions } from './refresh-sessions.table.js';

/** The Redis channel (under the shop's prefix) on which instances tell each other which sessions ended. */
const SESSION_ENDED_CHANNEL = 'session-ended';

/** How long "this session is active" is believed without asking the database again (a net under pub/sub). */
export const ACTIVE_CACHE_TTL_MS = 60_000;
/** An ended session stays remembered this long (an access token lives 15 min by default); past it, the database answers. */
const ENDED_CACHE_TTL_MS = 20 * 60_000;
const CACHE_MAX = 50_000;

interface EndedMessage {
  from: string;
  sids: string[];
}

/**
 * Which sessions (the `sid` every access token names) are still signed in. Every authenticated HTTP
 * request and socket handshake asks; the answer is kept in memory, so the database is asked at most
 * once a minute per session. Ending a session marks it here at once, tells listeners on this
 * instance (the socket gateway disconnects its sockets) and, with REDIS_URL, publishes the sids so
 * every other instance does the same the moment the message arrives.
 */
@Injectable()
export class SessionRegistry implements OnModuleInit {
  private readonly logger = new Logger('Sessions');
  private readonly instanceId = randomBytes(8).toString('hex');
  private readonly active = lruCache<string, true>(CACHE_MAX, { ttl: ACTIVE_CACHE_TTL_MS });
  private readonly ended = lruCache<string, true>(CACHE_MAX, { ttl: ENDED_CACHE_TTL_MS });
  private readonly events = new EventEmitter();
  private publisher: Redis | null = null;
  /**
   * Sessions not in memory, looked up together: requests of new sessions arriving at once (a flash
   * sale's shoppers) are a few queries, not one each (see batchedReads). The LRUs above are the cache.
   */
  private readonly lookups = batchedReads<string, boolean>((sids) => this.activeInDatabase(sids));
  private readonly channel: string;

  constructor(
    @Inject(DB) private readonly db: Db,
    @Inject(REDIS_FACTORY) private readonly connect: RedisFactory,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.channel = redisKey(config, SESSION_ENDED_CHANNEL);
  }

  async onModuleInit(): Promise<void> {
    const subscriber = this.connect();
    if (!subscriber) return;
    this.publisher = this.connect();
    subscriber.on('message', (channel: string, raw: string) => {
      if (channel !== this.channel) return;
      const message = parse(raw);
      if (message && message.from !== this.instanceId) this.markEnded(message.sids);
    });
    // After a reconnect, an end announced meanwhile may have been missed: forget every "active".
    subscriber.on('ready', () => this.active.clear());
    await subscriber.subscribe(this.channel);
  }

  /** True while the session is neither revoked nor expired. Cheap: memory first, the database once a minute. */
  async isActive(sid: string): Promise<boolean> {
    if (this.ended.has(sid)) return false;
    if (this.active.has(sid)) return true;
    const found = await this.lookups.load(sid);
    // An end that arrived while the database was answering wins over the (older) answer.
    if (this.ended.has(sid)) return false;
    if (found) this.active.set(sid, true);
    else this.ended.set(sid, true);
    return found;
  }

  private async activeInDatabase(sids: readonly string[]): Promise<boolean[]> {
    const rows = await this.db
      .select({ id: refreshSessions.id })
      .from(refreshSessions)
      .where(and(inArray(refreshSessions.id, [...sids]), isNull(refreshSessions.revokedAt), gt(refreshSessions.expiresAt, new Date())));
    const active = new Set(rows.map((r) => r.id));
    return sids.map((sid) => active.has(sid));
  }

  /** Known to have ended (memory only, no database): for checks that must stay synchronous. */
  hasEnded(sid: string): boolean {
    return this.ended.has(sid);
  }

  /** Call after the sessions are revoked in the database. */
  async end(sids: string[]): Promise<void> {
    if (sids.length === 0) return;
    this.markEnded(sids);
    if (!this.publisher) return;
    try {
      await this.publisher.publish(this.channel, JSON.stringify({ from: this.instanceId, sids } satisfies EndedMessage));
    } catch (error) {
      // Revoked in the database all the same: peers learn it when their cached "active" expires.
      this.logger.warn(`could not announce ended sessions: ${(error as Error).message}`);
    }
  }

  /** `listener` hears every session ended on this instance or announced by another. */
  onEnded(listener: (sids: string[]) => void): void {
    this.events.on('ended', listener);
  }

  private markEnded(sids: string[]): void {
    for (const sid of sids) {
      this.active.delete(sid);
      this.ended.set(sid, true);
    }
    this.events.emit('ended', sids);
  }
}

function parse(raw: string): EndedMessage | null {
  try {
    const message = JSON.parse(raw) as Partial<EndedMessage>;
    if (typeof message.from !== 'string' || !Array.isArray(message.sids)) return null;
    return { from: message.from, sids: message.sids.filter((s): s is string => typeof s === 'string') };
  } catch {
    return null;
  }
}
