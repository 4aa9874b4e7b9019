// npm run cluster — builds what changed (scripts/start.mjs, as npm start does), then CLUSTER_SIZE (default 2) instances of the built API on one shared PostgreSQL
// (DATABASE_URL) and Redis (REDIS_URL), each with its own data folder as separate machines have, behind
// nginx with deploy/nginx.conf on CLUSTER_PORT (default 8080). For trying a deployment on one machine
// (README, "Deploying past one machine"); scripts/cluster.test.mjs runs it.
//
// Without DATABASE_URL it refuses: PGlite, the database used without one, lives in one process's data
// folder and cannot be shared. Without REDIS_URL it refuses too: rate limits, sockets and cache
// invalidation would each stay on one instance.
//
// Environment: CLUSTER_SIZE (2), CLUSTER_PORT (8080), CLUSTER_DIR (data/cluster), NGINX (nginx on PATH or
// /usr/sbin/nginx), CLUSTER_START_TIMEOUT_MS (300000); everything else (SEED, ADMIN_EMAIL, LOG_LEVEL…)
// reaches the instances as it is. JWT and VAPID secrets not set are made once into CLUSTER_DIR, so
// every instance signs and pushes with the same ones. Ctrl-C (or SIGTERM) stops it all.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { delimiter, join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { freePort } from './free-port.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const MAIN = join(ROOT, 'api', 'dist', 'main.js');
const size = Number(process.env.CLUSTER_SIZE ?? 2);
const port = Number(process.env.CLUSTER_PORT ?? 8080);
const dir = resolve(process.env.CLUSTER_DIR ?? join(ROOT, 'data', 'cluster'));
const startTimeoutMs = Number(process.env.CLUSTER_START_TIMEOUT_MS ?? 300_000);

/** @param {string} message */
function refuse(message) {
  console.error(`npm run cluster: ${message}`);
  process.exit(1);
}

if (!process.env.DATABASE_URL) {
  refuse(
    'set DATABASE_URL to a PostgreSQL server every instance shares (e.g. postgres://postgres@127.0.0.1:5432/haat). ' +
      'Without it each instance would open PGlite in its own data folder: N shops, not one.',
  );
}
if (!process.env.REDIS_URL) refuse('set REDIS_URL (e.g. redis://127.0.0.1:6379): instances share rate limits, sockets and cache invalidation through it.');
if (!Number.isInteger(size) || size < 1 || size > 16) refuse(`CLUSTER_SIZE must be 1 to 16 (not "${process.env.CLUSTER_SIZE}").`);
if (!existsSync(MAIN)) refuse('the API is not built: run `npm run build` first (`npm run cluster` does).');
const nginx = findNginx();
if (!nginx) refuse('nginx is not installed: on Debian `apt-get install nginx-light`, or set NGINX to its path.');

function findNginx() {
  if (process.env.NGINX) return process.env.NGINX;
  const dirs = [...(process.env.PATH ?? '').split(delimiter), '/usr/sbin', '/usr/local/sbin'];
  return dirs.map((d) => join(d, 'nginx')).find((p) => existsSync(p));
}

/** The secrets every instance must share (README, "Deploying past one machine"), made once unless set. */
async function sharedSecrets() {
  const file = join(dir, 'cluster-secrets.json');
  /** @type {Record<string, string>} */
  let kept = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
  if (!kept.JWT_ACCESS_SECRET) {
    const { default: webpush } = await import('web-push');
    const vapid = webpush.generateVAPIDKeys();
    kept = {
      JWT_ACCESS_SECRET: randomBytes(32).toString('hex'),
      JWT_REFRESH_SECRET: randomBytes(32).toString('hex'),
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
    };
    writeFileSync(file, JSON.stringify(kept, null, 2), { mode: 0o600 });
  }
  return Object.fromEntries(Object.entries(kept).filter(([name]) => !process.env[name]));
}

/** deploy/nginx.conf with this cluster's listening port and one upstream line per instance. */
function nginxConf(/** @type {number[]} */ ports) {
  const conf = readFileSync(join(ROOT, 'deploy', 'nginx.conf'), 'utf8');
  const serverLine = /^(\s*)server 127\.0\.0\.1:\d+( [^;]*)?;\n/m;
  const [line, indent = '', params = ''] = serverLine.exec(conf) ?? [];
  if (!line) throw new Error('deploy/nginx.conf has no "server 127.0.0.1:<port> …;" line in its upstream');
  const servers = ports.map((p) => `${indent}server 127.0.0.1:${p}${params};\n`).join('');
  return conf.replace(new RegExp(`(${serverLine.source})+`, 'm'), servers).replace(/^(\s*)listen \d+;/m, `$1listen ${port};`);
}

/** @param {string} url */
async function ready(url, until = Date.now() + startTimeoutMs) {
  while (Date.now() < until) {
    const ok = await fetch(`${url}/api/health/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok || stopping) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} was not ready within ${startTimeoutMs} ms`);
}

/** Passes a child's lines on, each starting with its name. */
function prefixed(/** @type {import('node:child_process').ChildProcess} */ child, /** @type {string} */ name) {
  for (const stream of [child.stdout, child.stderr]) {
    if (stream) createInterface({ input: stream }).on('line', (l) => console.log(`[${name}] ${l}`));
  }
}

mkdirSync(dir, { recursive: true });
const publicUrl = process.env.PUBLIC_URL ?? `http://localhost:${port}`;
const secrets = await sharedSecrets();
/** @type {import('node:child_process').ChildProcess[]} */
const children = [];
let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  setTimeout(() => process.exit(0), 10_000).unref();
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

const instances = [];
let started = false;
for (let i = 1; i <= size; i++) {
  const instancePort = await freePort();
  const dataDir = join(dir, `instance-${i}`);
  const child = spawn(process.execPath, [MAIN], {
    env: {
      FILE_STORAGE: 'postgres',
      TRUST_PROXY: 'loopback',
      PUBLIC_URL: publicUrl,
      ...secrets,
      ...process.env,
      PORT: String(instancePort),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  prefixed(child, String(i));
  child.on('exit', (code, signal) => {
    if (!started && !stopping) {
      console.error(`instance ${i} ended before it was ready (${signal ?? `exit ${code}`}); stopping the cluster.`);
      stop();
    } else if (!stopping) console.log(`instance ${i} (pid ${child.pid}) ended (${signal ?? `exit ${code}`}); nginx sends its requests to the others.`);
    if (children.every((c) => c.exitCode !== null || c.signalCode !== null)) process.exit(0);
  });
  children.push(child);
  instances.push({ i, url: `http://127.0.0.1:${instancePort}`, pid: child.pid, dataDir, port: instancePort });
}

try {
  await Promise.all(instances.map((x) => ready(x.url)));
  started = true;
} catch (error) {
  console.error(String(error));
  stop();
}
if (!stopping) {
  const nginxDir = join(dir, 'nginx');
  mkdirSync(join(nginxDir, 'tmp'), { recursive: true });
  // nginx's workers run as another user when it is started as root: they must reach the temp folders.
  chmodSync(dir, 0o755);
  chmodSync(nginxDir, 0o755);
  writeFileSync(join(nginxDir, 'nginx.conf'), nginxConf(instances.map((x) => x.port)));
  const proxy = spawn(/** @type {string} */ (nginx), ['-p', `${nginxDir}/`, '-c', 'nginx.conf', '-e', 'stderr', '-g', 'daemon off;'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  prefixed(proxy, 'nginx');
  proxy.on('exit', (code, signal) => {
    if (!stopping) console.error(`nginx ended (${signal ?? `exit ${code}`}); stopping the cluster.`);
    stop();
  });
  children.push(proxy);
  await ready(`http://127.0.0.1:${port}`, Date.now() + 10_000).catch((error) => {
    console.error(String(error));
    stop();
  });
  if (!stopping) {
    for (const x of instances) console.log(`instance ${x.i}: ${x.url} (pid ${x.pid}, data in ${x.dataDir})`);
    console.log(`nginx: pid ${proxy.pid}, configuration ${join(nginxDir, 'nginx.conf')}`);
    console.log(`Haat cluster of ${size} at ${publicUrl} (nginx on port ${port}); Ctrl-C stops it.`);
  }
}
