import net from 'node:net';
import type { Redis } from 'ioredis';
import { REDIS_FACTORY, type RedisFactory } from '../src/redis/redis.module.js';
import { PORTABLE_DB_KINDS, api, startApp, type TestApp } from './harness.js';
import { waitUntil } from './wait-until.js';

/**
 * Liveness says the process answers; readiness says it can serve: its database answers, and its
 * Redis when one is configured. (A database outage is driven in db-faults.e2e-spec.ts.)
 */
describe.each(PORTABLE_DB_KINDS)('health on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(kind);
  });
  afterAll(() => t.close());

  it('answers liveness and readiness; /api/health stays the readiness check', async () => {
    const live = await api(t).get('/api/health/live');
    expect(live.status).toBe(200);
    expect(live.body).toMatchObject({ success: true, data: { status: 'up' } });

    for (const path of ['/api/health/ready', '/api/health']) {
      const ready = await api(t).get(path);
      expect(ready.status).toBe(200);
      expect(ready.body).toMatchObject({ success: true, data: { status: 'up', database: 'up', redis: 'not configured' } });
    }
  });
});

/** Redis made unreachable for real: the app talks to it through a TCP relay this test can cut. */
const redisUrl = process.env.REDIS_URL;
if (!redisUrl) console.log('health.e2e-spec: Redis readiness skipped — REDIS_URL is unset');
(redisUrl ? describe : describe.skip)('readiness follows Redis (pglite + REDIS_URL)', () => {
  let t: TestApp;
  let relay: net.Server;
  let port: number;
  const sockets = new Set<net.Socket>();
  const target = redisUrl ? new URL(redisUrl) : null;

  const openRelay = (at = 0) =>
    new Promise<void>((resolve) => {
      relay = net.createServer((client) => {
        const upstream = net.connect(Number(target!.port || 6379), target!.hostname);
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on('close', () => sockets.delete(s));
          s.on('error', () => s.destroy());
        }
        client.pipe(upstream).pipe(client);
      });
      relay.listen(at, '127.0.0.1', () => {
        port = (relay.address() as net.AddressInfo).port;
        resolve();
      });
    });
  const cutRelay = () =>
    new Promise<void>((resolve) => {
      relay.close(() => resolve());
      for (const s of sockets) s.destroy();
    });

  beforeAll(async () => {
    await openRelay();
    const url = new URL(redisUrl!);
    url.hostname = '127.0.0.1';
    url.port = String(port);
    t = await startApp('pglite', { REDIS_URL: url.toString() });
  });
  afterAll(async () => {
    await t.close();
    if (relay.listening) await cutRelay();
  });

  const waitFor = (status: number) =>
    waitUntil(() => api(t).get('/api/health/ready'), {
      until: (res) => res.status === status,
      timeoutMs: 10_000,
      intervalMs: 100,
      message: (res) => `/api/health/ready to answer ${status} (last ${res?.status} ${JSON.stringify(res?.body)})`,
    });

  it('goes 503 while Redis is unreachable and 200 once it is back; liveness stays 200', async () => {
    expect((await waitFor(200)).body.data).toMatchObject({ database: 'up', redis: 'up' });

    await cutRelay();
    const down = await waitFor(503);
    expect(down.status).toBe(503);
    expect(down.headers['retry-after']).toBeDefined();
    expect(down.body).toMatchObject({ success: false, error: true, code: 'NOT_READY', data: { database: 'up', redis: 'down' } });
    expect((await api(t).get('/api/health/live')).status).toBe(200);

    await openRelay(port);
    const back = await waitFor(200);
    expect(back.status).toBe(200);
    // Every connection of the app (pub/sub ones too) is back before the app closes.
    const clients = t.app.get<RedisFactory & { opened?: Redis[] }>(REDIS_FACTORY).opened ?? [];
    await waitUntil(() => clients.every((c) => c.status === 'ready'), {
      timeoutMs: 10_000,
      intervalMs: 100,
      message: () => `every Redis connection of the app ready again (${clients.map((c) => c.status).join(', ')})`,
    });
    expect(clients.map((c) => c.status)).toEqual(clients.map(() => 'ready'));
  });
});
