import { mkdtempSync, rmSync } from 'node:fs';
import { Agent } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { DestinationStream } from 'pino';
import request, { type Test } from 'supertest';
import { loadConfig, type AppConfig } from '../src/config/config.js';
import { createApp } from '../src/app.factory.js';
import { DB, lendPGlite, type Db, type LentPGlite } from '../src/db/database.js';
import { migratedDataDir, readTemplateState, resetToTemplate, scratchPostgres, type Pooled, type TemplateState } from './test-databases.js';

export { migratedDataDir, migratedPostgresTemplate, scratchPostgres, unmigratedPGliteDir } from './test-databases.js';

export type DbKind = 'pglite' | 'postgres';

/**
 * For a file whose behaviour depends on the engine (migrations, seeding, concurrency and locking,
 * statement timeouts, pool metrics, a test that branches on the engine): PGlite always, PostgreSQL
 * too when TEST_DATABASE_URL is set (CI sets it).
 */
export const DB_KINDS: DbKind[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

/**
 * For every other file (the routes' own rules, on SQL both engines answer alike): one engine, PostgreSQL
 * when TEST_DATABASE_URL is set, else PGlite. PGlite answers in WebAssembly at about three times the
 * CPU of PostgreSQL, so CI runs these files once, on the server; `npm test` without TEST_DATABASE_URL
 * runs them on PGlite, and API_TEST_EVERY_ENGINE=1 runs them on both
 * (docs/testing.md). A file imports one of the two:
 * that import is its tag.
 */
export const PORTABLE_DB_KINDS: DbKind[] = process.env.TEST_DATABASE_URL && process.env.API_TEST_EVERY_ENGINE !== '1' ? ['postgres'] : DB_KINDS;

export const ADMIN = { email: 'admin@test.local', password: 'admin-pass-123' };

/** The cheapest argon2id cost the library takes (memory 8 KiB per lane); see startApp(). */
export const TEST_PASSWORD_HASH_COST = { PASSWORD_HASH_MEMORY_KIB: '8', PASSWORD_HASH_PASSES: '1' };

export interface TestApp {
  app: NestFastifyApplication;
  http: ReturnType<NestFastifyApplication['getHttpServer']>;
  config: AppConfig;
  db: Db;
  kind: DbKind;
  close(): Promise<void>;
}

/** API_TEST_CPU_LOG: counts the test apps and lent databases of each file (test/test-parts.js). */
function count(what: string): void {
  if (!process.env.API_TEST_CPU_LOG) return;
  const counts = ((globalThis as { __haatApps?: Record<string, number> }).__haatApps ??= {});
  counts[what] = (counts[what] ?? 0) + 1;
}

const pool = (() => {
  /** The `db` folders of the apps started on a lent database (startApp): only those are lent one. */
  const lentDirs = new Set<string>();
  const idle: Pooled[] = [];
  const all = new Set<Pooled>();
  let template: Promise<TemplateState> | null = null;
  let closed = false;

  async function open(): Promise<Pooled> {
    const { PGlite } = await import('@electric-sql/pglite');
    const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
    const dir = await migratedDataDir('haat-test-lent-');
    const pooled = { client: await PGlite.create(join(dir, 'db'), { extensions: { pg_trgm } }), dir };
    all.add(pooled);
    return pooled;
  }

  async function discard(pooled: Pooled): Promise<void> {
    all.delete(pooled);
    await pooled.client.close().catch(() => undefined);
    rmSync(pooled.dir, { recursive: true, force: true });
  }

  /** An idle database reset to the template, or a new one. */
  async function take(): Promise<Pooled> {
    for (let pooled = idle.pop(); pooled; pooled = idle.pop()) {
      const fresh = await resetToTemplate(pooled.client, await template!).catch(() => false);
      count(fresh ? 'pglite reused' : 'pglite not reusable');
      if (fresh) return pooled;
      await discard(pooled);
    }
    const pooled = await open();
    // The first database opened is the untouched template: what every reset brings back.
    template ??= readTemplateState(pooled.client);
    await template;
    return pooled;
  }

  async function lend(dir: string): Promise<LentPGlite | null> {
    if (!lentDirs.delete(dir)) return null;
    const pooled = await take();
    const { proxy, revoke } = Proxy.revocable(pooled.client, {
      // Its methods run on the PGlite itself (they use its private fields).
      get(target, key) {
        const value: unknown = Reflect.get(target, key, target);
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });
    return {
      client: proxy,
      async giveBack() {
        revoke();
        if (closed) await discard(pooled);
        else idle.push(pooled);
      },
    };
  }

  return {
    lend,
    /** A new data folder whose database will be lent: the folder holds the app's own files. */
    dataDir(): string {
      const dataDir = mkdtempSync(join(tmpdir(), 'haat-test-'));
      lentDirs.add(join(dataDir, 'db'));
      return dataDir;
    },
    /** Closes the idle databases, and each lent one when its app gives it back (an app a test left open). */
    async close(): Promise<void> {
      closed = true;
      for (const pooled of idle.splice(0)) await discard(pooled);
    },
  };
})();
lendPGlite(pool.lend);
afterAll(() => pool.close());

/**
 * Starts the real server (every module, real database) on a fresh data dir, listening on an
 * ephemeral port. `env` adds or overrides environment variables (e.g. SEED, GOOGLE_CLIENT_ID);
 * `logDestination` receives the server's log lines instead of stdout (a test that reads the logs).
 */
export async function startApp(kind: DbKind = 'pglite', env: Record<string, string> = {}, logDestination?: DestinationStream): Promise<TestApp> {
  // A new PGlite app is lent a database in the migrated template's state (the pool above; the app's
  // migrations then find nothing to do); a folder the test brings, or a DATABASE_URL, is used as it is.
  const lent = kind === 'pglite' && !env.DATA_DIR && !env.DATABASE_URL;
  const dataDir = env.DATA_DIR ?? (lent ? pool.dataDir() : mkdtempSync(join(tmpdir(), 'haat-test-')));
  const scratch = kind === 'postgres' && !env.DATABASE_URL ? await scratchPostgres({ migrated: true }) : null;
  const config = loadConfig({
    DATA_DIR: dataDir,
    SEED: 'none',
    LOG_LEVEL: 'error',
    PORT: '0',
    HOST: '127.0.0.1',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    RATE_LIMIT_FACTOR: '1000',
    // The test shoppers are fresh registrations, never verified: the lower hold of an unverified e-mail is off
    // unless a test sets it (its own tests do: orders-trust.e2e-spec.ts). The shop's default is 10.
    UNVERIFIED_HOLD_LIMIT_UNITS: '0',
    // argon2id at a fraction of a millisecond instead of ~20 ms a hash: the test apps make thousands
    // (docs/testing.md). Same code, only the cost differs.
    ...TEST_PASSWORD_HASH_COST,
    ...(scratch ? { DATABASE_URL: scratch.url } : {}),
    ...env,
  });
  const app = await createApp(config, logDestination);
  // An app that refuses to start (a start-up check) is closed, its connections and timers with it, before the refusal is passed on.
  await app.listen({ port: 0, host: '127.0.0.1' }).catch(async (refusal: unknown) => {
    await app.close().catch(() => undefined);
    if (scratch) await scratch.drop();
    throw refusal;
  });
  count(kind);
  return {
    app,
    http: app.getHttpServer(),
    config,
    db: app.get<Db>(DB),
    kind,
    async close() {
      agents.get(app.getHttpServer())?.destroy();
      await app.close();
      if (scratch) await scratch.drop();
      if (!env.DATA_DIR) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Each test app's requests share kept-alive connections: supertest alone opens and closes one per request,
 * ≈ 0.3 ms of CPU on each side. An idle connection is dropped after 5 s, before the server's own idle timeout
 * (REQUEST_TIMEOUT_MS, which its Keep-Alive header announces; a server that announces under 2 s gets no reuse),
 * so a request never goes out on a connection the server is closing. Dropped with the app (close()).
 */
const agents = new WeakMap<TestApp['http'], Agent>();

export function api(t: TestApp) {
  let agent = agents.get(t.http);
  if (!agent) {
    agent = new Agent({ keepAlive: true, timeout: 5000 });
    agents.set(t.http, agent);
  }
  const kept = agent;
  const base = request(t.http);
  return new Proxy(base, {
    get(target, key) {
      const method: unknown = Reflect.get(target, key);
      return typeof method === 'function' ? (url: string) => (method as (url: string) => Test).call(target, url).agent(kept) : method;
    },
  });
}

export async function login(t: TestApp, email: string, password: string): Promise<{ accesstoken: string; refreshToken: string }> {
  const res = await api(t).post('/api/user/login').send({ email, password });
  if (res.status !== 200) throw new Error(`login ${email} failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}

export async function adminToken(t: TestApp): Promise<string> {
  return (await login(t, ADMIN.email, ADMIN.password)).accesstoken;
}

let customerCounter = 0;
/** Registers and signs in a new customer; answers their token and id. */
export async function newCustomer(
  t: TestApp,
  name = 'Test Customer',
): Promise<{ token: string; refreshToken: string; id: string; email: string; password: string }> {
  const email = `c${Date.now().toString(36)}${customerCounter++}@test.local`;
  const password = 'saffron-kettle-rain';
  const reg = await api(t).post('/api/user/register').send({ name, email, password, confirmPassword: password });
  if (reg.status !== 201) throw new Error(`register failed: ${reg.status} ${JSON.stringify(reg.body)}`);
  const tokens = await login(t, email, password);
  return { token: tokens.accesstoken, refreshToken: tokens.refreshToken, id: reg.body.data._id, email, password };
}

/** A fresh app for one describe block, with an admin's token and a new customer's (one line in a beforeAll). */
export async function startWithUsers(kind: DbKind, env: Record<string, string> = {}): Promise<{ t: TestApp; admin: string; customer: string }> {
  const t = await startApp(kind, env);
  return { t, admin: await adminToken(t), customer: (await newCustomer(t)).token };
}

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

export interface TwoInstances {
  a: TestApp;
  b: TestApp;
  close(): Promise<void>;
}

/**
 * Two instances of the shop on one scratch PostgreSQL database and the Redis of REDIS_URL, with the
 * same signing secrets, as in any multi-instance deployment (a token works on either).
 */
export async function startTwoInstances(env: Record<string, string> = {}): Promise<TwoInstances> {
  const scratch = await scratchPostgres({ migrated: true });
  const shared = {
    ...env,
    DATABASE_URL: scratch.url,
    REDIS_URL: process.env.REDIS_URL as string,
    JWT_ACCESS_SECRET: 'two-instance-access-secret-0123456789',
    JWT_REFRESH_SECRET: 'two-instance-refresh-secret-0123456789',
  };
  const a = await startApp('postgres', shared);
  const b = await startApp('postgres', shared);
  return {
    a,
    b,
    async close() {
      await a.close();
      await b.close();
      await scratch.drop();
    },
  };
}
