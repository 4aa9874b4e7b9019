import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { SendCap } from '../src/jobs/send-cap.js';
import { describeWhenEnv } from './describe-when-env.js';

const CAP = 5;
const SECONDS = 3;

/**
 * Asks two caps for far more than they may grant, for SECONDS, and answers what they granted in all. Like the job
 * system's sender, a refused pair waits for the sooner of the two next seconds the caps name instead of asking again at
 * once: asking in a tight loop proved the same bounds and cost 5 CPU-s of this process and Redis's.
 */
async function grantedTogether(a: SendCap, b: SendCap): Promise<number> {
  let granted = 0;
  const until = Date.now() + SECONDS * 1000;
  while (Date.now() < until) {
    const [x, y] = await Promise.all([a.take(4), b.take(4)]);
    granted += x.granted + y.granted;
    if (x.granted === 0 && y.granted === 0) await new Promise((resolve) => setTimeout(resolve, Math.min(x.waitMs, y.waitMs, until - Date.now())));
  }
  return granted;
}

/**
 * JOB_SENDS_PER_SECOND is one cap for every instance (docs/architecture.md#jobs): two instances' caps counted in the
 * same Redis grant together at most the cap a second, and never refuse all of it; without Redis each counts alone.
 */
describeWhenEnv(['REDIS_URL'], 'the bulk jobs’ send cap', () => {
  const redis = new Redis(process.env.REDIS_URL!);
  afterAll(() => redis.quit());

  it('grants two instances together at most the cap a second when they share Redis', async () => {
    const key = `test:jobs:sends:${randomUUID()}`;
    const granted = await grantedTogether(new SendCap(CAP, redis, key), new SendCap(CAP, redis, key));
    // Windows of a second: at most SECONDS + 1 of them are touched.
    expect(granted).toBeLessThanOrEqual(CAP * (SECONDS + 1));
    expect(granted).toBeGreaterThanOrEqual(CAP * (SECONDS - 1));
  });

  it('lets each instance count its own cap without Redis, and none with a cap of 0', async () => {
    const granted = await grantedTogether(new SendCap(CAP, null, 'a'), new SendCap(CAP, null, 'b'));
    expect(granted).toBeGreaterThan(CAP * (SECONDS + 1));
    expect(await new SendCap(0, null, 'c').take(1000)).toEqual({ granted: 1000, waitMs: 0 });
  });
});
