// Runs every pwa/e2e/*.journey.mjs in real Chromium, in E2E_LANES lanes (2 unless set; 1 = one after
// another). Each lane has its own freshly started server and takes the next journey in name order when
// its last one ends, so a lane's server sees its journeys in name order, as with one lane
// (docs/decisions/0078-ci-in-parallel.md). Each journey: `export default async function (ctx)`,
// ctx = { baseUrl, dataDir, artifactsDir, launch, startServer }. Prints one line per journey as it ends,
// then "N passed, M failed"; exits non-zero on any failure.
// A journey that passes its own checks still fails if any page or worker it opened violated the CSP.
// `node e2e/run.mjs offline` runs only the journeys whose file name contains "offline".
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createLauncher } from './lib/browser.mjs';
import { startServer } from './lib/server.mjs';

const here = fileURLToPath(new URL('.', import.meta.url));
const artifactsDir = join(here, 'artifacts');
const JOURNEY_TIMEOUT_MS = 240_000;
const filter = process.argv[2] ?? '';

const files = readdirSync(here)
  .filter((f) => f.endsWith('.journey.mjs') && f.includes(filter))
  .sort();
mkdirSync(artifactsDir, { recursive: true });

const withTimeout = (promise, ms, name) =>
  Promise.race([promise, new Promise((_, reject) => setTimeout(() => reject(new Error(`${name} took longer than ${ms / 1000} s`)), ms).unref())]);

const lanes = Math.max(1, Math.min(Number(process.env.E2E_LANES ?? 2) || 1, files.length || 1));
let passed = 0;
let failed = 0;
let cspViolationCount = 0;
const queue = [...files];

// The demo is seeded once, by a server that is then stopped; every lane's server, and every server a
// journey starts with the seed's defaults, starts on a copy of that data (lib/server.mjs).
const seeder = files.length > 0 ? await startServer() : null;
await seeder?.stop({ keepData: true });
const seeded = seeder?.dataDir;

async function runLane(lane) {
  const server = await startServer({}, seeded);
  console.log(`lane ${lane}: journeys against ${server.baseUrl} (data in ${server.dataDir})`);
  const extraServers = [];
  try {
    for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
      const name = file.replace(/\.journey\.mjs$/, '');
      const launcher = createLauncher();
      const ctx = {
        baseUrl: server.baseUrl,
        dataDir: server.dataDir,
        artifactsDir,
        launch: launcher.launch,
        startServer: async (env) => {
          const extra = await startServer(env, seeded);
          extraServers.push(extra);
          return extra;
        },
      };
      const started = Date.now();
      try {
        const { default: journey } = await import(pathToFileURL(join(here, file)).href);
        await withTimeout(journey(ctx), JOURNEY_TIMEOUT_MS, name);
        launcher.assertNoCspViolations(); // the app runs under its CSP with none
        passed++;
        console.log(`✓ ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
      } catch (error) {
        failed++;
        console.log(
          `✗ ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)\n${String(error instanceof Error ? (error.stack ?? error) : error).replace(/^/gm, '    ')}`,
        );
        if (launcher.cspViolations.length > 0 && !/Content-Security-Policy violation/.test(String(error)))
          console.log(`    and ${launcher.cspViolations.length} CSP violation record(s): ${JSON.stringify(launcher.cspViolations)}`);
      } finally {
        cspViolationCount += launcher.cspViolations.length;
        // Where the journey ended, for people to look at (pwa/e2e/artifacts, git-ignored).
        await launcher
          .lastPage()
          ?.screenshot({ path: join(artifactsDir, `${name}-end.png`), fullPage: false })
          .catch(() => {});
        await launcher.closeAll();
      }
    }
  } finally {
    for (const extra of extraServers) await extra.stop();
    await server.stop();
  }
}

const outcomes = await Promise.allSettled(Array.from({ length: lanes }, (_, i) => runLane(i + 1)));
if (seeded) rmSync(seeded, { recursive: true, force: true });
for (const outcome of outcomes) {
  if (outcome.status === 'rejected') {
    failed++;
    console.log(`✗ a lane could not run: ${String(outcome.reason instanceof Error ? (outcome.reason.stack ?? outcome.reason) : outcome.reason)}`);
  }
}

if (files.length === 0) {
  console.log(`no journeys match "${filter}"`);
  failed++;
}
console.log(`${passed} passed, ${failed} failed, ${cspViolationCount} Content-Security-Policy violation record(s)`);
process.exit(failed > 0 ? 1 : 0);
