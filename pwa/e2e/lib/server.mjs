// Starts the real built server (node api/dist/main.js serving pwa/dist) on a free port with a fresh data
// directory and the demo catalogue, for the browser journeys. Nothing is stubbed: API, database (PGlite),
// uploads and the PWA are the ones `npm start` runs.
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

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
  if (seeded && !SEED_INPUTS.some((name) => name in env)) {
    for (const part of ['db', 'uploads']) cpSync(join(seeded, part), join(dataDir, part), { recursive: true });
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
      SEED: 'demo',
      CATALOG_SIZE: '400',
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      // Journeys sign in many times from one address; the limits themselves are tested in the API suite.
      RATE_LIMIT_FACTOR: '100',
      DATABASE_URL: '',
      REDIS_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (d) => logs.push(String(d)));
  child.stderr.on('data', (d) => logs.push(String(d)));
  await waitForHealth(baseUrl, child, logs, 120_000);
  return {
    baseUrl,
    dataDir,
    logs,
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
      if (!keepData) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
