import { createHash } from 'node:crypto';
import { appendFileSync, cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { Agent } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import pg from 'pg';
import type { DestinationStream } from 'pino';
import request, { type Test } from 'supertest';
import { loadConfig, type AppConfig } from '../src/config/config.js';
import { createApp } from '../src/app.factory.js';
import { DB, MIGRATIONS_DIR, lendPGlite, openDatabase, type Db, type LentPGlite } from '../src/db/database.js';

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

/**
 * The test template's own postgresql.conf lines, after initdb's (the last setting wins). PostgreSQL
 * reads them at every start of a copy, through the app's usual code path. initdb's 128 MB of shared
 * buffers are allocated and zeroed inside PGlite's WebAssembly memory at each start (≈ 0.4 CPU-s, a
 * third of a test app's start); a test database of a few MB needs far fewer
 * (docs/testing.md). A shop's own data folder keeps initdb's settings.
 */
const TEST_PGLITE_CONF = `\n# Test template only (api/test/harness.ts)\nshared_buffers = 16MB\n`;

/**
 * What a migrated database holds depends on the migrations, the PGlite build and the lines above
 * only: a template made from other ones is never used (its name carries this fingerprint).
 */
const PGLITE_VERSION = (() => {
  const pglite = new URL('../../node_modules/@electric-sql/pglite/package.json', import.meta.url);
  return existsSync(pglite) ? (JSON.parse(readFileSync(pglite, 'utf8')).version as string) : '';
})();
const TEMPLATE_KEY = (() => {
  const hash = createHash('sha256').update(TEST_PGLITE_CONF);
  for (const file of readdirSync(MIGRATIONS_DIR, { recursive: true }).map(String).sort()) {
    const path = join(MIGRATIONS_DIR, file);
    if (statSync(path).isFile()) hash.update(file).update(readFileSync(path));
  }
  hash.update(PGLITE_VERSION);
  return hash.digest('hex').slice(0, 12);
})();

/**
 * A PGlite data folder as initdb leaves it (no migration yet), made once per machine and PGlite build and
 * renamed into place like pgliteTemplate(); each call answers a new copy, to delete after use. For a
 * migration's test (test/migration-db.ts), which migrates it up to a point: initdb costs ≈ 2–3 CPU-s in a jest
 * worker, a copy and its opening ≈ 0.3. Starting a shop on an empty data folder, initdb included, stays
 * tested by seed-persistence.
 */
export async function unmigratedPGliteDir(): Promise<string> {
  const key = createHash('sha256').update(TEST_PGLITE_CONF).update(PGLITE_VERSION).digest('hex').slice(0, 12);
  const template = join(tmpdir(), `haat-test-pglite-initdb-${key}`);
  if (!existsSync(join(template, 'db'))) {
    const building = mkdtempSync(join(tmpdir(), `haat-test-pglite-initdb-${key}-making-`));
    const { PGlite } = await import('@electric-sql/pglite');
    await (await PGlite.create(join(building, 'db'))).close();
    appendFileSync(join(building, 'db', 'postgresql.conf'), TEST_PGLITE_CONF);
    try {
      renameSync(building, template);
    } catch {
      rmSync(building, { recursive: true, force: true });
    }
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'haat-test-migrating-'));
  cpSync(join(template, 'db'), join(dataDir, 'db'), { recursive: true });
  return dataDir;
}

/**
 * A PGlite data folder with every migration applied, made once per machine and migration set and
 * copied for each test app: a fresh PGlite spends ~5 s in initdb and the migrations, a copy ~0.1 s.
 * Made under another name and renamed into place, so a reader never sees half of one, and two jest
 * workers making it at once both succeed (the second's rename fails and its copy is removed).
 */
async function pgliteTemplate(): Promise<string> {
  const dir = join(tmpdir(), `haat-test-pglite-${TEMPLATE_KEY}`);
  if (existsSync(join(dir, 'db'))) return dir;
  const building = mkdtempSync(join(tmpdir(), `haat-test-pglite-${TEMPLATE_KEY}-making-`));
  const handle = await openDatabase({ dataDir: building });
  await handle.close();
  appendFileSync(join(building, 'db', 'postgresql.conf'), TEST_PGLITE_CONF);
  try {
    renameSync(building, dir);
  } catch {
    rmSync(building, { recursive: true, force: true });
  }
  return dir;
}

/**
 * A new, empty DATA_DIR whose PGlite database already has every migration applied (a copy of
 * pgliteTemplate()) and nothing else: no shop id, no admin, no secrets yet. For a test that starts
 * an app on a folder of its own (a restart on the same data, the Redis prefix of a new shop) without
 * paying initdb and the migrations again; migrating an empty folder stays tested by seed-persistence.
 */
export async function migratedDataDir(prefix = 'haat-test-'): Promise<string> {
  const dataDir = mkdtempSync(join(tmpdir(), prefix));
  cpSync(join(await pgliteTemplate(), 'db'), join(dataDir, 'db'), { recursive: true });
  return dataDir;
}

/**
 * Open PGlites lent to the test apps that would each open a copy of the template (most of them): opening
 * one costs ≈ 0.3 CPU-s in a jest worker, and copying and deleting its folder ≈ 0.1; bringing a used one
 * back to the template's state ≈ 0.05 (docs/testing.md). A database is lent to one app at a time, through
 * a revocable proxy, so the app that gave it back can no longer reach it. Before it is lent again, its
 * rows are deleted, the template's own rows (the migrations' synonyms) put back, its sequences restarted
 * and its session discarded (DISCARD ALL: prepared statements, temporary tables, settings); the catalogue
 * is then compared with the template's, and a database whose schema or planner statistics differ (a
 * migration a test ran, an ANALYZE after a demo seed) is closed instead of lent. The pool lives as long
 * as the module graph (one jest file, or one part of them: test/test-parts.js) and is closed after it.
 */
const CATALOGUE_FINGERPRINT = `select concat_ws('/', ${[
  'pg_class',
  'pg_attribute',
  'pg_statistic',
  'pg_proc',
  'pg_type',
  'pg_enum',
  'pg_namespace',
  'pg_extension',
  'pg_trigger',
  'pg_constraint',
  'pg_db_role_setting',
  'pg_authid',
  'drizzle.__drizzle_migrations',
]
  .map((table) => `(select count(*) from ${table})`)
  .join(', ')}) as fingerprint`;

interface TemplateState {
  /** Every table outside PostgreSQL's own schemas and drizzle's. */
  tables: string[];
  /** The tables the migrations fill, with their rows as JSON and the columns to insert. */
  rows: Array<{ table: string; columns: string; json: string }>;
  sequences: Array<{ name: string; value: string; called: boolean }>;
  fingerprint: string;
}

async function readTemplateState(client: PGlite): Promise<TemplateState> {
  const fingerprint = (await client.query<{ fingerprint: string }>(CATALOGUE_FINGERPRINT)).rows[0]!.fingerprint;
  const tables = (
    await client.query<{ name: string }>(
      `select format('%I.%I', n.nspname, c.relname) as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where c.relkind in ('r', 'p') and n.nspname not in ('pg_catalog', 'information_schema', 'pg_toast', 'drizzle') order by 1`,
    )
  ).rows.map((r) => r.name);
  const rows: TemplateState['rows'] = [];
  for (const table of tables) {
    const { json } = (await client.query<{ json: string }>(`select coalesce(json_agg(t), '[]')::text as json from ${table} t`)).rows[0]!;
    if (json === '[]') continue;
    const columns = (
      await client.query<{ name: string }>(
        `select quote_ident(attname) as name from pg_attribute where attrelid = $1::regclass and attnum > 0 and not attisdropped and attgenerated = '' order by attnum`,
        [table],
      )
    ).rows
      .map((r) => r.name)
      .join(', ');
    rows.push({ table, columns, json });
  }
  const sequences = (
    await client.query<{ name: string; value: string; called: boolean }>(
      `select format('%I.%I', schemaname, sequencename) as name, coalesce(last_value, start_value)::text as value, last_value is not null as called
         from pg_sequences where schemaname <> 'drizzle'`,
    )
  ).rows;
  return { tables, rows, sequences, fingerprint };
}

/** Brings a lent database back to the template's state; false when it can no longer be (see above). */
async function resetToTemplate(client: PGlite, template: TemplateState): Promise<boolean> {
  const filled = template.tables.map((table) => `select '${table}' as name where exists (select 1 from ${table})`).join(' union all ');
  const emptied = new Set([...(await client.query<{ name: string }>(filled)).rows.map((r) => r.name), ...template.rows.map((r) => r.table)]);
  await client.transaction(async (tx) => {
    // Foreign keys are triggers, which the replica role skips: the tables are emptied in any order.
    await tx.exec(`set local session_replication_role = replica; ${[...emptied].map((table) => `delete from ${table};`).join(' ')}`);
    for (const { table, columns, json } of template.rows)
      await tx.query(`insert into ${table} (${columns}) overriding system value select ${columns} from json_populate_recordset(null::${table}, $1::json)`, [
        json,
      ]);
    for (const { name, value, called } of template.sequences) await tx.query(`select setval($1::regclass, $2::bigint, $3)`, [name, value, called]);
  });
  await client.exec('discard all');
  return (await client.query<{ fingerprint: string }>(CATALOGUE_FINGERPRINT)).rows[0]!.fingerprint === template.fingerprint;
}

interface Pooled {
  client: PGlite;
  dir: string;
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

async function onServer<T>(base: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const withDatabase = (base: string, name: string) => {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
};

/**
 * A migrated database on the test server to copy (CREATE DATABASE … TEMPLATE, ~0.2 s instead of
 * ~1.5 s of migrations per test app), made once per server and migration set like pgliteTemplate().
 * Nothing connects to it after it is made (PostgreSQL copies only an unused template).
 */
async function postgresTemplate(base: string): Promise<string> {
  const name = `haat_tmpl_${TEMPLATE_KEY}`;
  const exists = await onServer(base, async (c) => (await c.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1);
  if (exists) return name;
  const building = `${name}_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  await onServer(base, (c) => c.query(`create database ${building}`));
  const handle = await openDatabase({ databaseUrl: withDatabase(base, building), dataDir: tmpdir() });
  await handle.close();
  await onServer(base, async (c) => {
    // A closed pool's backends may still be ending; a database in use cannot be renamed.
    await c.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [building]);
    try {
      await c.query(`alter database ${building} rename to ${name}`);
    } catch (error) {
      await c.query(`drop database if exists ${building} with (force)`);
      // Only another worker's template, made meanwhile, excuses a failed rename.
      if ((await c.query('select 1 from pg_database where datname = $1', [name])).rowCount !== 1) throw error;
    }
  });
  return name;
}

/**
 * The name of the migrated template database on TEST_DATABASE_URL's server (made if missing), for a test
 * that makes a database of its own name: `create database x template <it>` is a new shop's database,
 * migrated, with no shop id yet.
 */
export async function migratedPostgresTemplate(): Promise<string> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DATABASE_URL is not set');
  return postgresTemplate(base);
}

/**
 * A fresh database on the PostgreSQL server named by TEST_DATABASE_URL; dropped on close. Empty, or
 * with every migration applied when `migrated` (a copy of postgresTemplate()).
 */
export async function scratchPostgres({ migrated = false } = {}): Promise<{ url: string; drop(): Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DATABASE_URL is not set');
  const name = `haat_t_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const template = migrated ? await postgresTemplate(base) : null;
  await onServer(base, (c) => c.query(`create database ${name}${template ? ` template ${template}` : ''}`));
  return {
    url: withDatabase(base, name),
    async drop() {
      await onServer(base, (c) => c.query(`drop database if exists ${name} with (force)`));
    },
  };
}

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
  await app.listen({ port: 0, host: '127.0.0.1' });
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
