import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { shopperPush } from '../src/push/index.js';
import { describeWhenEnv } from './describe-when-env.js';
import { scratchPostgres } from './harness.js';
import { BrowserSubscription, PushEndpoint } from './push-endpoint.js';
import { waitUntil } from './wait-until.js';

const API = fileURLToPath(new URL('..', import.meta.url));
const SHOPPERS = 40;
const NOTICES_EACH = 5;
const LEASE_MS = 20_000;

/** The built API (dist/main.js) as its own process: a kill -9 must end a real process, not a module in this one. */
function instance(env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, [join(API, 'dist', 'main.js')], { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
}

/** A port free now (the system's pick, let go at once): a port drawn at random could be taken, and the instance never answer. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function healthy(port: number): Promise<void> {
  await waitUntil(
    () =>
      fetch(`http://127.0.0.1:${port}/api/health`).then(
        (r) => r.status,
        () => 0,
      ),
    {
      until: (status) => status === 200,
      timeoutMs: 60_000,
      message: `the instance on ${port} answering /api/health`,
    },
  );
}

/**
 * docs/decisions/0040-push-notices.md: two instances send one queue's notices to the test push service while one of
 * them is killed (SIGKILL) mid-way; the other takes what the dead one held once its lease ends. Every notice arrives,
 * none is lost, and a notice arrives twice only if the dead instance had sent it without living to mark it done.
 */
describeWhenEnv(['TEST_DATABASE_URL'], 'the notice queue across two instances on PostgreSQL, one killed mid-way', () => {
  const pushService = new PushEndpoint();
  let scratch: { url: string; drop(): Promise<void> };
  let client: pg.Client;
  const dirs: string[] = [];
  const running: ChildProcess[] = [];
  const devices = new Map<string, BrowserSubscription>();

  beforeAll(async () => {
    execFileSync(process.execPath, [join(API, '..', 'scripts', 'build.mjs'), 'api'], { stdio: 'ignore' });
    await pushService.start();
    scratch = await scratchPostgres({ migrated: true });
    client = new pg.Client({ connectionString: scratch.url });
    await client.connect();
    for (let i = 0; i < SHOPPERS; i++) {
      const device = new BrowserSubscription(pushService.url(`/push/shopper-${i}`));
      devices.set(`/push/shopper-${i}`, device);
      const { keys } = device.toJSON();
      await client.query(`insert into users (id, name, email) values ($1, $2, $3)`, [`u${i}`, `Shopper ${i}`, `shopper${i}@notices.test`]);
      await client.query(`insert into push_subscriptions (id, user_id, endpoint, p256dh, auth) values ($1, $2, $3, $4, $5)`, [
        `s${i}`,
        `u${i}`,
        device.endpoint,
        keys.p256dh,
        keys.auth,
      ]);
    }
  }, 120_000);

  afterAll(async () => {
    for (const p of running) if (p.exitCode === null) p.kill('SIGKILL');
    await client?.end();
    await scratch?.drop();
    await pushService.stop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('sends every notice, none lost, while one instance is killed with SIGKILL mid-way', async () => {
    // What NoticesService.enqueue writes, one insert: SHOPPERS × NOTICES_EACH notices queued before the instances start.
    const keys: string[] = [];
    for (let i = 0; i < SHOPPERS; i++)
      for (let n = 0; n < NOTICES_EACH; n++) {
        const notice = shopperPush(`test:${i}:${n}`, {
          userId: `u${i}`,
          topic: 'orderUpdates',
          notice: { title: 'Test', body: `${i}/${n}`, url: 'https://shop.test/' },
        });
        keys.push(notice.key);
        await client.query(`insert into notice_jobs (id, kind, key, payload) values ($1, $2, $3, $4)`, [`j${i}-${n}`, notice.kind, notice.key, notice.payload]);
      }
    const env = (port: number) => {
      const dir = mkdtempSync(join(tmpdir(), 'haat-notices-'));
      dirs.push(dir);
      return {
        DATABASE_URL: scratch.url,
        DATA_DIR: dir,
        PORT: String(port),
        HOST: '127.0.0.1',
        SEED: 'none',
        LOG_LEVEL: 'error',
        PUSH_CA_FILE: pushService.caFile,
        PUSH_SERVICE_HOSTS: pushService.host,
        NOTICE_LEASE_MS: String(LEASE_MS),
        JWT_ACCESS_SECRET: 'notices-access-secret-0123456789abcdef',
        JWT_REFRESH_SECRET: 'notices-refresh-secret-0123456789abcdef',
      };
    };
    const [portA, portB] = [await freePort(), await freePort()];
    const a = instance(env(portA));
    const b = instance(env(portB));
    running.push(a, b);
    await Promise.all([healthy(portA), healthy(portB)]);

    const total = SHOPPERS * NOTICES_EACH;
    const delivered = () => pushService.deliveries.filter((d) => d.status === 201);
    await waitUntil(() => delivered().length, { until: (n) => n >= total / 4, timeoutMs: 60_000, message: 'a quarter of the notices sent' });
    a.kill('SIGKILL');
    const killedAt = delivered().length;

    await waitUntil(
      async () => (await client.query<{ n: number }>(`select count(*)::int as n from notice_jobs where kind = 'push' and state = 'done'`)).rows[0]?.n ?? 0,
      { until: (n) => n >= total, timeoutMs: LEASE_MS + 60_000, message: 'every device message marked done' },
    );
    const tags = delivered().map((d) => (JSON.parse(devices.get(d.path)!.decrypt(d.body)) as { tag: string }).tag);
    const times = new Map<string, number>();
    for (const tag of tags) times.set(tag, (times.get(tag) ?? 0) + 1);
    // Every notice arrived.
    expect([...times.keys()].sort()).toEqual(keys.sort());
    // A repeat is bounded by what the dead instance had in flight (8 at most) and carries the same tag, so the device shows it once.
    const repeats = [...times.values()].filter((n) => n > 1).length;
    console.log(`notices: ${total} queued, ${tags.length} delivered, ${repeats} delivered twice; killed after ${killedAt}`);
    expect(repeats).toBeLessThanOrEqual(8);
    const states = await client.query<{ state: string; n: number }>(`select state, count(*)::int as n from notice_jobs group by state`);
    expect(states.rows).toEqual([{ state: 'done', n: total * 2 }]);
  }, 240_000);
});
