// `npm start` and `npm run cluster` stop their servers when npm alone is sent SIGTERM or SIGINT, as a process
// manager or a script sends them (docs/decisions/0265-a-first-start-in-seconds.md): each command is started
// for real, the signal goes to npm's pid, and then every process npm had started must be gone and every port
// free. Run by `npm test`'s stages after the builds, which it reuses (the commands build only what changed):
// node --test scripts/signals.test.mjs. The cluster's cases are skipped, saying why, without TEST_DATABASE_URL,
// REDIS_URL or nginx.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { freePort } from './free-port.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const built = ['api/dist/main.js', 'pwa/dist/index.html'].every((f) => existsSync(join(ROOT, f)));
const hasNginx = [...(process.env.PATH ?? '').split(delimiter), '/usr/sbin'].some((d) => existsSync(join(d, 'nginx')));
const missing = [
  ...['TEST_DATABASE_URL', 'REDIS_URL'].filter((name) => !process.env[name]).map((name) => `${name} is not set`),
  ...(hasNginx ? [] : ['nginx is not installed (apt-get install nginx-light)']),
];
const clusterSkip = missing.length ? `skipped: ${missing.join('; ')}` : false;
if (clusterSkip) console.warn(`npm run cluster's signal tests ${clusterSkip}`);

// The server's own settings for a cheap start: no demo catalogue, the cheapest password hash (the admin is made on
// the first start; docs/testing.md), errors only in the log.
const QUIET = { SEED: 'none', LOG_LEVEL: 'error', PASSWORD_HASH_MEMORY_KIB: '8', PASSWORD_HASH_PASSES: '1', RATE_LIMIT_FACTOR: '1000' };

/** Every process below `pid`, read from /proc (the server, the cluster's instances, nginx and its workers). */
function descendants(/** @type {number} */ pid) {
  /** @type {Map<number, number[]>} */
  const children = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // ended meanwhile
    }
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
  }
  const found = [];
  for (let queue = [pid]; queue.length;) {
    const next = children.get(/** @type {number} */ (queue.shift())) ?? [];
    found.push(...next);
    queue.push(...next);
  }
  return found;
}

const alive = (/** @type {number} */ pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return /** @type {NodeJS.ErrnoException} */ (error).code === 'EPERM';
  }
};

/** Whether something still listens on `port` of 127.0.0.1. */
const listening = (/** @type {number} */ port) =>
  new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(true));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(false)));
  });

/** Polls `check` every 100 ms until it holds or `ms` pass. */
async function eventually(/** @type {() => boolean | Promise<boolean>} */ check, ms) {
  for (const end = Date.now() + ms; Date.now() < end; await new Promise((r) => setTimeout(r, 100))) if (await check()) return true;
  return check();
}

/**
 * Runs `npm run <script>` until `ready` holds of what it printed, sends `signal` to npm's pid and nothing else, and
 * checks that npm, every process it had started and every one of `ports` are gone. Whatever is left is killed after.
 * @param {string} script @param {Record<string, string>} env @param {NodeJS.Signals} signal
 * @param {(output: string) => number[] | null} ready the ports that, once all are taken, say the command is up; null until they are known
 */
async function stopsOn(script, env, signal, ready) {
  const npm = spawn('npm', ['run', script], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let output = '';
  for (const stream of [npm.stdout, npm.stderr]) stream.on('data', (d) => (output += d));
  const pid = /** @type {number} */ (npm.pid);
  /** @type {number[]} */
  let started = [];
  try {
    /** @type {number[] | null} */
    let ports = null;
    const up = await eventually(async () => {
      ports = ready(output);
      return ports !== null && npm.exitCode === null && (await Promise.all(ports.map(listening))).every(Boolean);
    }, 120_000);
    assert.ok(up, `npm run ${script} did not come up within 120 s; its output:\n${output}`);
    started = descendants(pid);
    assert.ok(started.length > 0, 'npm started no process');
    process.kill(pid, signal);
    assert.ok(await eventually(() => npm.exitCode !== null || npm.signalCode !== null, 30_000), `npm did not end within 30 s of ${signal}`);
    assert.ok(await eventually(() => !started.some(alive), 5_000), `still running after ${signal}: ${started.filter(alive).join(', ')}\n${output}`);
    for (const port of /** @type {number[]} */ (/** @type {unknown} */ (ports))) assert.equal(await listening(port), false, `port ${port} still taken`);
  } finally {
    for (const p of [pid, ...started, ...descendants(pid)]) if (alive(p)) process.kill(p, 'SIGKILL');
  }
}

describe('npm start stops its server on a signal to npm', { skip: built ? false : 'skipped: build first (npm run build)' }, () => {
  const dir = mkdtempSync(join(tmpdir(), 'haat-signals-'));
  after(() => rmSync(dir, { recursive: true, force: true }));

  for (const signal of /** @type {const} */ (['SIGTERM', 'SIGINT'])) {
    it(`on ${signal}`, async () => {
      const port = await freePort();
      // One data folder for both: the second start finds its database made.
      // Up once its port is taken: the API listens after its start-up.
      await stopsOn('start', { ...QUIET, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dir }, signal, () => [port]);
    });
  }
});

describe('npm run cluster stops nginx and every instance on a signal to npm', { skip: clusterSkip }, () => {
  const dir = mkdtempSync(join(tmpdir(), 'haat-signals-cluster-'));
  const database = `haat_signals_${process.pid}`;
  const url = new URL(/** @type {string} */ (process.env.TEST_DATABASE_URL ?? 'postgres://localhost'));
  url.pathname = `/${database}`;
  const onServer = async (/** @type {string} */ sql) => {
    const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await client.connect();
    await client.query(sql).finally(() => client.end());
  };
  before(() => onServer(`create database ${database}`));
  after(async () => {
    await onServer(`drop database if exists ${database} with (force)`);
    rmSync(dir, { recursive: true, force: true });
  });

  for (const signal of /** @type {const} */ (['SIGTERM', 'SIGINT'])) {
    it(`on ${signal}`, async () => {
      const port = await freePort();
      const env = { ...QUIET, DATABASE_URL: url.toString(), CLUSTER_SIZE: '2', CLUSTER_PORT: String(port), CLUSTER_DIR: dir };
      // Ready once it names its instances' addresses and says where it answers.
      await stopsOn('cluster', env, signal, (out) => {
        if (!out.includes(`Haat cluster of 2`)) return null;
        return [port, ...[...out.matchAll(/^instance \d+: http:\/\/127\.0\.0\.1:(\d+) /gm)].map((m) => Number(m[1]))];
      });
    });
  }
});
