// Starts the real built server (node api/dist/main.js serving pwa/dist) on a free port with a fresh data
// directory and the demo catalogue, for the browser journeys. Nothing is stubbed: API, database (PGlite),
// uploads and the PWA are the ones `npm start` runs.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

export const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
export const ADMIN_EMAIL = 'admin@haat.test';
export const ADMIN_PASSWORD = 'admin-pass-123';

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (probe.address());
      probe.close(() => resolve(port));
    });
  });
}

async function waitForHealth(baseUrl, child, logs, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${logs.join('')}`);
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server not healthy after ${timeoutMs} ms:\n${logs.join('')}`);
}

/**
 * With TEST_DATABASE_URL set (CI), each server keeps its data in a database of its own on that PostgreSQL
 * server instead of an in-process PGlite: the journeys test the PWA against the API, not the engine (the API's
 * tests do that on both), and PGlite answers in WebAssembly at about three times the CPU
 * (docs/testing.md). A copy of the seeded demo is then
 * `create database … template`, the database's name is kept in the data folder (a server restarted on that
 * folder finds it), and it is dropped with the folder. Without the variable, PGlite as before.
 */
const DATABASE_SERVER = process.env.TEST_DATABASE_URL || '';
const DATABASE_NAME_FILE = 'e2e-database';

/** @param {string} sql @param {unknown[]} [values] */
async function onDatabaseServer(sql, values = []) {
  const client = new pg.Client({ connectionString: DATABASE_SERVER });
  await client.connect();
  try {
    return await client.query(sql, values);
  } finally {
    await client.end();
  }
}

/** @param {string} name */
function databaseUrl(name) {
  const url = new URL(DATABASE_SERVER);
  url.pathname = `/${name}`;
  return url.toString();
}

/** The database of a data folder a server used, or null (PGlite, or none). @param {string} dataDir */
function databaseOf(dataDir) {
  const file = join(dataDir, DATABASE_NAME_FILE);
  return existsSync(file) ? readFileSync(file, 'utf8').trim() : null;
}

/** Removes a stopped server's data folder and its database, if it had one. @param {string} dataDir */
export async function removeData(dataDir) {
  const name = databaseOf(dataDir);
  if (name && DATABASE_SERVER) await onDatabaseServer(`drop database if exists ${name} with (force)`);
  rmSync(dataDir, { recursive: true, force: true });
}

/**
 * The demo every journey server starts with (unless a journey's `env` says otherwise). Passwords are hashed at
 * argon2id's least cost, as in the API's tests: the same code path, where OWASP's minimum cost ≈ 0.02 CPU-s a hash,
 * and the journeys sign in and up a few hundred times (the seeded admin's hash is made with it too).
 */
const SEEDED_WITH = { SEED: 'demo', CATALOG_SIZE: '400', ADMIN_EMAIL, ADMIN_PASSWORD, PASSWORD_HASH_MEMORY_KIB: '8', PASSWORD_HASH_PASSES: '1' };

/** What decides the seeded data: a server given any of these seeds for itself, never from a copy. */
const SEED_INPUTS = ['DATA_DIR', 'DATABASE_URL', 'SEED', 'CATALOG_SIZE', 'ADMIN_EMAIL', 'ADMIN_PASSWORD'];

/**
 * → { baseUrl, dataDir, stop() }. `env` adds to or overrides the defaults below. `seeded`: the data
 * folder of a stopped server that seeded the demo with these defaults; a new server starts on a copy of
 * its database and uploads (a restart, ~5 s) instead of seeding the demo again (~30 s), unless `env`
 * changes what is seeded.
 * @param {Record<string, string>} [env]
 * @param {string} [seeded]
 */
export async function startServer(env = {}, seeded = undefined) {
  const reuse = env.DATA_DIR;
  const main = join(ROOT, 'api/dist/main.js');
  if (!existsSync(main) || !existsSync(join(ROOT, 'pwa/dist/index.html'))) {
    throw new Error('Build first: npm run build (the journeys run the built API and PWA).');
  }
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const dataDir = reuse ?? mkdtempSync(join(tmpdir(), 'haat-e2e-'));
  const fromSeed = seeded && !SEED_INPUTS.some((name) => name in env);
  if (fromSeed) {
    for (const part of ['db', 'uploads']) if (existsSync(join(seeded, part))) cpSync(join(seeded, part), join(dataDir, part), { recursive: true });
  }
  /** @type {Record<string, string>} */
  const database = {};
  if (DATABASE_SERVER && !('DATABASE_URL' in env)) {
    let name = databaseOf(dataDir);
    if (!name) {
      name = `haat_e2e_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
      const template = fromSeed ? databaseOf(/** @type {string} */ (seeded)) : null;
      await onDatabaseServer(`create database ${name}${template ? ` template ${template}` : ''}`);
      writeFileSync(join(dataDir, DATABASE_NAME_FILE), name);
    }
    // A few connections are plenty for one browser's requests; CI's PostgreSQL serves the API's tests too.
    Object.assign(database, { DATABASE_URL: databaseUrl(name), DATABASE_POOL_SIZE: '4', CATALOG_SEARCH_POOL_SIZE: '2' });
  }
  const baseUrl = `http://localhost:${port}`;
  const logs = [];
  const child = spawn(process.execPath, [main], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: baseUrl,
      ...SEEDED_WITH,
      LOG_LEVEL: 'warn',
      // Journeys sign in many times from one address; the limits themselves are tested in the API suite.
      RATE_LIMIT_FACTOR: '100',
      DATABASE_URL: '',
      REDIS_URL: '',
      ...database,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // A worker that dies (a journey's timeout, a killed run) takes its servers with it instead of leaving them running.
  const orphaned = () => child.kill('SIGKILL');
  process.once('exit', orphaned);
  child.once('exit', () => process.off('exit', orphaned));
  child.stdout.on('data', (d) => logs.push(String(d)));
  child.stderr.on('data', (d) => logs.push(String(d)));
  try {
    // Seeding the demo takes ~30 s on a quiet machine and took over 120 s on one shared at load 25: a slow
    // machine is not a failure of the server (a worker's start stays bounded by its fixture's timeout).
    await waitForHealth(baseUrl, child, logs, 300_000);
  } catch (error) {
    // A server that never became healthy is not left running (and seeding) behind a failed run.
    child.kill('SIGKILL');
    if (!reuse) await removeData(dataDir).catch(() => undefined);
    throw error;
  }
  return {
    baseUrl,
    dataDir,
    logs,
    pid: child.pid,
    /** `keepData`: leave the data directory for a next server on the same data (an update, a restart). */
    async stop({ keepData = false } = {}) {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise(
          /** @param {(value?: unknown) => void} resolve */ (resolve) => {
            const timer = setTimeout(() => (child.kill('SIGKILL'), resolve()), 10_000);
            child.once('exit', () => (clearTimeout(timer), resolve()));
          },
        );
      }
      if (!keepData) await removeData(dataDir);
    },
  };
}

/**
 * What the seeded demo is made of: the built API and shared code (each build's hash of its inputs, which covers the
 * lockfile's versions of PGlite and sharp), the migrations, the defaults above, the database engine, and the day
 * (the demo's orders, reviews and products are dated from the moment of seeding: a copy never gets older than a
 * day). Null when a build carries no hash.
 */
function seedKey() {
  const hash = createHash('sha256')
    .update(JSON.stringify(SEEDED_WITH))
    .update(DATABASE_SERVER ? `postgres ${DATABASE_SERVER}` : 'pglite');
  for (const stamp of ['api/dist/.inputs-sha256', 'shared/dist/.inputs-sha256']) {
    if (!existsSync(join(ROOT, stamp))) return null;
    hash.update(readFileSync(join(ROOT, stamp)));
  }
  const migrations = join(ROOT, 'api/drizzle');
  for (const file of readdirSync(migrations, { recursive: true }).map(String).sort()) {
    if (statSync(join(migrations, file)).isFile()) hash.update(file).update(readFileSync(join(migrations, file)));
  }
  return hash.update(new Date().toISOString().slice(0, 10)).digest('hex').slice(0, 16);
}

const SEED_PREFIX = 'haat-e2e-seed-';
/** A kept seed that no run has used for this long is removed by the next run that seeds. */
const SEED_KEPT_MS = 6 * 3_600_000;

/** A kept seed's folder is whole (it is renamed into place only once made) and, on PostgreSQL, its database is there. */
async function usableSeed(/** @type {string} */ dir) {
  if (!existsSync(dir)) return false;
  if (!DATABASE_SERVER) return existsSync(join(dir, 'db'));
  const name = databaseOf(dir);
  return !!name && (await onDatabaseServer('select 1 from pg_database where datname = $1', [name])).rowCount === 1;
}

/**
 * The data folder of a stopped server that seeded the demo with the defaults above, for startServer's `seeded`
 * (docs/testing.md): made once per machine, build and day, like the API tests' templates, and kept in the temporary
 * folder (its copies cost ≈ 0.1 CPU-s, a seed ≈ 20–27). Made under another name and renamed into place, so two runs
 * seeding at once both succeed. → { dataDir, kept, fresh }: `kept` false when the builds carry no input hash (then
 * the folder is the caller's to remove); `fresh` when this run seeded it.
 */
export async function seededDemo() {
  const key = seedKey();
  const dir = key && join(tmpdir(), `${SEED_PREFIX}${key}`);
  if (dir && (await usableSeed(dir))) {
    utimesSync(dir, new Date(), new Date());
    return { dataDir: dir, kept: true, fresh: false };
  }
  const seeder = await startServer();
  await seeder.stop({ keepData: true });
  if (!dir) return { dataDir: seeder.dataDir, kept: false, fresh: true };
  const database = databaseOf(seeder.dataDir);
  if (database) {
    // A kept database has a name of its own, so a run that removes the seeder's folder never drops it.
    const name = `haat_e2e_seed_${key}_${process.pid}`;
    await onDatabaseServer('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [database]);
    await onDatabaseServer(`alter database ${database} rename to ${name}`);
    writeFileSync(join(seeder.dataDir, DATABASE_NAME_FILE), name);
  }
  try {
    renameSync(seeder.dataDir, dir);
  } catch (error) {
    // Only another run's seed, kept meanwhile, excuses a failed rename.
    await removeData(seeder.dataDir);
    if (!(await usableSeed(dir))) throw error;
  }
  for (const other of readdirSync(tmpdir()).filter((name) => name.startsWith(SEED_PREFIX))) {
    const path = join(tmpdir(), other);
    if (path !== dir && Date.now() - statSync(path).mtimeMs > SEED_KEPT_MS) await removeData(path).catch(() => undefined);
  }
  return { dataDir: dir, kept: true, fresh: true };
}
