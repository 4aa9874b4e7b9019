import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import { DB, type Db } from '../db/database.js';
import { REDIS, type RedisClient } from '../redis/redis.module.js';

export type Check = 'up' | 'down' | 'not configured';
export interface Readiness {
  ready: boolean;
  database: Check;
  redis: Check;
}

/** A dependency that has not answered within this long counts as down. */
const CHECK_TIMEOUT_MS = 2_000;

/** Whether this instance can serve: PostgreSQL (or PGlite) answers, and Redis when it is configured. */
@Injectable()
export class HealthService {
  constructor(
    @Inject(DB) private readonly db: Db,
    @Inject(REDIS) private readonly redis: RedisClient,
  ) {}

  async readiness(): Promise<Readiness> {
    const [database, redis] = await Promise.all([
      answers(() => this.db.execute(sql`select 1`)),
      this.redis ? answers(() => this.redis!.ping()) : Promise.resolve<Check>('not configured'),
    ]);
    return { ready: database === 'up' && redis !== 'down', database, redis };
  }
}

async function answers(probe: () => Promise<unknown>): Promise<Check> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<Check>((resolve) => {
    timer = setTimeout(() => resolve('down'), CHECK_TIMEOUT_MS);
  });
  try {
    return await Promise.race([
      probe().then(
        (): Check => 'up',
        (): Check => 'down',
      ),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}
