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
/** Catalogue imports queued beside the notices, each of this many products (a batch is 100: a try stops mid-file). */
const IMPORTS = 2;
const IMPORT_PRODUCTS = 2000;
const IMPORT_HEADER = ['sku', 'name', 'category', 'unit', 'price', 'stock', 'hsn', 'gst_rate'];

/** The built API (dist/main.js) as its own process: a kill -9 must end a real process, not a module in this one. */
function instance(env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, [join(API, 'dist', 'main.js')], { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
}

/** A port free now (the system's pick, let go at once): a port drawn at random could be taken, and the instance never answer. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** How many times an instance is started again when the port picked for it was taken before it could listen. */
const PORT_TRIES = 3;

/**
 * Starts an instance of the built API on a port picked just before, and waits until it answers /api/health. A port
 * let go by freePort can be taken by any socket of this shared machine before the instance binds it (an outgoing
 * connection's local port is drawn from the same range): an instance that ends saying EADDRINUSE is started again on
 * another port. One that ends for any other reason fails the test at once with its exit and the end of what it
 * printed, and one that lives but does not answer within a minute fails with the answers it gave: neither is waited out
 * nor hidden.
 */
async function startInstance(env: (port: number) => Record<string, string>, running: ChildProcess[]): Promise<ChildProcess> {
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    const child = instance(env(port));
    running.push(child);
    const printed: string[] = [];
    const closed = new Promise<void>((resolve) => child.once('close', () => resolve()));
    child.stderr!.on('data', (chunk: Buffer) => {
      process.stderr.write(chunk);
      printed.push(chunk.toString());
    });
    const answers: string[] = [];
    const answer = await waitUntil<number | 'ended'>(
      () =>
        child.exitCode !== null || child.signalCode !== null
          ? 'ended'
          : fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(5_000) }).then(
              (r) => {
                answers.push(String(r.status));
                return r.status;
              },
              (e: Error) => {
                answers.push(e.name);
                return 0;
              },
            ),
      {
        until: (status) => status === 200 || status === 'ended',
        timeoutMs: 60_000,
        intervalMs: 50,
        message: () => `the instance on ${port} (pid ${child.pid}, running) answering /api/health; its last answers: ${answers.slice(-5).join(', ')}`,
      },
    );
    if (answer === 200) return child;
    await closed;
    const said = printed.join('').slice(-2_000);
    if (said.includes('EADDRINUSE') && attempt < PORT_TRIES) continue;
    throw new Error(`the instance on ${port} ended (${child.signalCode ?? `exit code ${child.exitCode}`}) before answering /api/health: ${said}`);
  }
}

/**
 * docs/architecture.md#jobs: two instances on PostgreSQL and Redis run one queue's jobs of every kind — push notices
 * to the test push service, catalogue imports of thousands of products, and a price drop's fan-out to
 * shoppers — while one of them is frozen and killed (SIGSTOP, SIGKILL) holding some of each; the other takes what it held once
 * its lease ends, an import where its last reported batch ended. Every job of every kind is done once: each marked
 * done by one try, every product imported once, every notice arriving, and one arriving twice only if the dead
 * instance had sent it without living to mark it done.
 */
describeWhenEnv(['TEST_DATABASE_URL', 'REDIS_URL'], 'the job queue across two instances on PostgreSQL and Redis, one killed mid-job', () => {
  const pushService = new PushEndpoint();
  let scratch: { url: string; drop(): Promise<void> };
  let client: pg.Client;
  const dirs: string[] = [];
  const running: ChildProcess[] = [];
  const devices = new Map<string, BrowserSubscription>();

  beforeAll(async () => {
    // The built API, as the stages left it (built again only if its sources changed: a rebuild empties api/dist, under
    // the journeys' servers starting beside this file in CI).
    execFileSync(process.execPath, [join(API, '..', 'scripts', 'build.mjs'), '--if-changed', 'api'], { stdio: 'ignore' });
    await pushService.start();
    scratch = await scratchPostgres({ migrated: true });
    client = new pg.Client({ connectionString: scratch.url });
    await client.connect();
    for (let i = 0; i < SHOPPERS; i++) {
      const device = new BrowserSubscription(pushService.url(`/push/shopper-${i}`));
      devices.set(`/push/shopper-${i}`, device);
      const { keys } = device.toJSON();
      // Each shopper wants price drops by push, and has the product that drops on the wishlist.
      await client.query(`insert into users (id, name, email, price_drops_push) values ($1, $2, $3, true)`, [
        `u${i}`,
        `Shopper ${i}`,
        `shopper${i}@notices.test`,
      ]);
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

  /** Queues an import of `IMPORT_PRODUCTS` products as CatalogImportService.start does, its file's rows in its payload. */
  const queueImport = async (n: number) => {
    const rows = Array.from({ length: IMPORT_PRODUCTS }, (_, i) => ({
      row: i + 2,
      // A new product needs its HSN code and a rate in force (docs/product.md#tax-invoices): a cosmetic at 18 %.
      cells: [`JOBS-${n}-${i}`, `Jobs test product ${n}-${i}`, 'Jobs test', 'pack', String(100 + i), '5', '3304', '18'],
    }));
    const progress = {
      state: 'running',
      next: 0,
      total: IMPORT_PRODUCTS,
      done: 0,
      creates: 0,
      updates: 0,
      unchanged: 0,
      conflicts: 0,
      skipped: 0,
      errorCount: 0,
      errors: [],
      conflictRows: [],
    };
    await client.query(`insert into jobs (id, kind, key, payload, progress) values ($1, 'catalog-import', $2, $3, $4)`, [
      `import-${n}`,
      `catalog-import:import-${n}`,
      { adminId: null, sheet: { header: IMPORT_HEADER, rows } },
      progress,
    ]);
  };

  it('does every job of every kind once, none lost, while one instance is killed with SIGKILL mid-job', async () => {
    await client.query(`insert into categories (id, name) values ('jobscat', 'Jobs test')`);
    await client.query(
      `insert into products (id, name, sku, unit, product_type, price, discount, publish) values ('dropping', 'Dropping', 'DROPPING', 'pack', 'fixed', 500, 0, true)`,
    );
    for (let i = 0; i < SHOPPERS; i++)
      await client.query(`insert into wishlist_items (user_id, product_id, known_paise) values ($1, 'dropping', 50000)`, [`u${i}`]);
    for (let n = 0; n < IMPORTS; n++) await queueImport(n);
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
        await client.query(`insert into jobs (id, kind, key, payload) values ($1, $2, $3, $4)`, [`j${i}-${n}`, notice.kind, notice.key, notice.payload]);
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
        JOB_LEASE_MS: String(LEASE_MS),
        REDIS_URL: process.env.REDIS_URL!,
        REDIS_PREFIX: `haat-jobs-test-${port}:`,
        JWT_ACCESS_SECRET: 'notices-access-secret-0123456789abcdef',
        JWT_REFRESH_SECRET: 'notices-refresh-secret-0123456789abcdef',
      };
    };
    // A alone first, until it holds both imports and has reported one part-way; then A is frozen (SIGSTOP: it holds
    // its leases and renews none), B started, and A killed: B takes what A held once its leases end.
    const a = await startInstance(env, running);
    // The price drop: the catalogue's trigger queues a notice per wishlist entry, each fanning out to the shopper's push.
    await client.query(`update products set price = 400 where id = 'dropping'`);

    const total = SHOPPERS * NOTICES_EACH;
    const delivered = () => pushService.deliveries.filter((d) => d.status === 201);
    const importsNow = async () =>
      (
        await client.query<{ state: string; next: number; error: string | null }>(
          `select state, (progress->>'next')::int as next, last_error as error from jobs where kind = 'catalog-import'`,
        )
      ).rows;
    const atKill = await waitUntil(importsNow, {
      until: (imports) => imports.every((i) => i.state === 'running') && imports.some((i) => i.next > 0),
      timeoutMs: 120_000,
      message: 'both imports taken by A, one part-way',
    });
    a.kill('SIGSTOP');
    await startInstance(env, running);
    a.kill('SIGKILL');
    const killedAt = delivered().length;

    const unfinished = async () => (await client.query<{ n: number }>(`select count(*)::int as n from jobs where state <> 'done'`)).rows[0]?.n ?? -1;
    await waitUntil(unfinished, { until: (n) => n === 0, timeoutMs: LEASE_MS + 240_000, message: 'every job done' });

    // Every job of every kind done, by one try each (a done-mark needs the try's own fence).
    const kinds = await client.query<{ kind: string; n: number }>(`select kind, count(*)::int as n from jobs group by kind order by kind`);
    expect(kinds.rows).toEqual(
      [
        { kind: 'catalog-import', n: IMPORTS },
        { kind: 'price-drop', n: SHOPPERS },
        { kind: 'push', n: total + SHOPPERS },
        { kind: 'push-shopper', n: total + SHOPPERS },
      ].sort((x, y) => x.kind.localeCompare(y.kind)),
    );
    // The imports: every product once, each file counted whole; the dead instance's was taken over where it stopped.
    const imported = await client.query<{ n: number }>(`select count(*)::int as n from products where sku like 'JOBS-%'`);
    expect(imported.rows[0]?.n).toBe(IMPORTS * IMPORT_PRODUCTS);
    const imports = await client.query<{ attempts: number; progress: Record<string, number> }>(
      `select attempts, progress from jobs where kind = 'catalog-import'`,
    );
    for (const { progress } of imports.rows) {
      expect(progress).toMatchObject({ state: 'done', total: IMPORT_PRODUCTS, done: IMPORT_PRODUCTS, errorCount: 0 });
      expect(progress.creates! + progress.unchanged!).toBe(IMPORT_PRODUCTS);
    }
    expect(imports.rows.some((r) => r.attempts === 2)).toBe(true);

    const tags = delivered().map((d) => (JSON.parse(devices.get(d.path)!.decrypt(d.body)) as { tag: string }).tag);
    const times = new Map<string, number>();
    for (const tag of tags) times.set(tag, (times.get(tag) ?? 0) + 1);
    // Every notice arrived, and each shopper's price drop.
    expect(keys.every((key) => times.has(key))).toBe(true);
    expect(times.size).toBe(total + SHOPPERS);
    // A repeat is bounded by what the dead instance had in flight (8 at most) and carries the same tag, so the device shows it once.
    const repeats = [...times.values()].filter((n) => n > 1).length;
    console.log(
      `jobs: ${total + SHOPPERS} notices, ${tags.length} delivered, ${repeats} delivered twice; killed after ${killedAt} and the imports at ${atKill.map((i) => i.next).join(', ')} products`,
    );
    expect(repeats).toBeLessThanOrEqual(8);
  }, 480_000);
});
