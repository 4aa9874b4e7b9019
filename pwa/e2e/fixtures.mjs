// What every journey (e2e/*.spec.mjs) gets from Playwright Test (docs/testing.md):
// - one server per worker: the built API + PWA (lib/server.mjs) on its own port, data folder and PGlite
//   database, started on a copy of the demo data seeded once by e2e/global-setup.mjs;
// - `baseUrl` and `dataDir` of that server, `pwaDist` (the worker's copy of the built PWA that it serves), `artifactsDir`
//   (pwa/e2e/artifacts, git-ignored);
// - `launch()`: Chromium with the config's launch options (a Browser, or with `{ persistent: true }` a
//   BrowserContext with its own profile); a plain `launch()` is the worker's headless shell (`launch({ full: true })`
//   its full Chromium), started on first use, through a Browser of the test's own whose contexts are fresh profiles
//   (docs/testing.md); every context it makes asks for reduced motion unless the journey says otherwise;
//   whatever it opened is closed when the test ends,
//   and the test fails if any page or worker it opened violated the app's Content-Security-Policy;
// - `startServer(env)`: one more server for this test only (other settings, a restart), stopped after it;
// - `stopServer()`: the worker's own server stopped, and an answer that starts it again on the same port and data.
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test as base, expect } from '@playwright/test';
import { createLauncher, opened } from './lib/browser.mjs';
import { HEADLESS_SHELL } from './lib/chromium.mjs';
import { logCpu, treeCpuSeconds } from './lib/cpu-probe.mjs';
import { ROOT, startServer } from './lib/server.mjs';

export const ARTIFACTS_DIR = fileURLToPath(new URL('artifacts', import.meta.url));
/** A journey file's name, and the test's title when the file has more than one test. */
const endName = (/** @type {import('@playwright/test').TestInfo} */ info) => {
  const file = info.file.replace(/^.*[\\/]/, '').replace(/\.spec\.mjs$/, '');
  return (info.title === file ? file : `${file}-${info.title}`).replace(/\W+/g, '-');
};
/** E2E_SCREENSHOTS=1: the journeys' pictures of passing screens too (lib/shopper-steps.mjs `screenshot`). */
const SCREENSHOTS = process.env.E2E_SCREENSHOTS === '1';
/** Set by e2e/global-setup.mjs: the data folder of a stopped server that seeded the demo. */
const seeded = () => process.env.HAAT_E2E_SEEDED || undefined;

/**
 * @typedef {Awaited<ReturnType<typeof startServer>>} Server
 * @typedef {ReturnType<typeof createLauncher>} Launcher
 * @typedef {{ baseUrl: string, dataDir: string, pwaDist: string, artifactsDir: string, launch: Launcher['launch'],
 *   cspViolations: Launcher['cspViolations'], startServer: (env?: Record<string, string>) => Promise<Server>,
 *   stopServer: () => Promise<() => Promise<void>> }} JourneyFixtures
 */

/**
 * @type {import('@playwright/test').Fixtures<JourneyFixtures & { launcher: Launcher, cpuProbe: undefined },
 *   { server: Server & { pwaDist: string }, workerChromium: (kind: 'shell' | 'full') => Promise<import('@playwright/test').Browser> },
 *   import('@playwright/test').PlaywrightTestArgs & import('@playwright/test').PlaywrightTestOptions,
 *   import('@playwright/test').PlaywrightWorkerArgs & import('@playwright/test').PlaywrightWorkerOptions>}
 */
const fixtures = {
  server: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
    async ({}, use, workerInfo) => {
      const cpu = treeCpuSeconds();
      // The worker's own copy of the built PWA, which its server serves: a journey may deploy a changed file into it
      // (storefront-update's new service worker) without a server of its own.
      const pwaDist = mkdtempSync(join(tmpdir(), 'haat-e2e-dist-'));
      cpSync(process.env.PWA_DIST || join(ROOT, 'pwa/dist'), pwaDist, { recursive: true });
      let running = await startServer({ PWA_DIST: pwaDist }, seeded());
      logCpu(`worker ${workerInfo.workerIndex} start (its server)`, treeCpuSeconds() - cpu);
      console.log(`worker ${workerInfo.workerIndex}: journeys against ${running.baseUrl} (data in ${running.dataDir})`);
      let earlierCpu = 0; // of the runs before a restart
      /** @type {Server & { pwaDist: string, down: boolean, restart: () => Promise<void> }} */
      const server = {
        ...running,
        pwaDist,
        down: false,
        async stop(options) {
          if (running.pid) earlierCpu += treeCpuSeconds(running.pid);
          server.down = true;
          await running.stop(options);
        },
        /** After `stop({ keepData: true })`: the same server again, on the same port and data. */
        async restart() {
          running = await startServer({ PORT: new URL(running.baseUrl).port, DATA_DIR: running.dataDir, PWA_DIST: pwaDist });
          server.down = false;
        },
      };
      await use(server);
      if (!server.down && running.pid) logCpu(`worker ${workerInfo.workerIndex} server, all its journeys`, earlierCpu + treeCpuSeconds(running.pid));
      await server.stop();
      rmSync(pwaDist, { recursive: true, force: true });
    },
    { scope: 'worker', timeout: 180_000 },
  ],
  // The worker's browsers, each launched when a journey first asks for it and closed with the worker: Chromium's
  // headless shell for a plain `launch()`, the full Chromium for `launch({ full: true })` (lib/chromium.mjs). A
  // journey that fails ends its worker (Playwright starts a new one), so no later journey meets a browser it left.
  workerChromium: [
    async ({ playwright, browserName, launchOptions }, use) => {
      // Keyed by the executable: without the shell installed, both kinds are the one full Chromium.
      /** @type {Record<string, Promise<import('@playwright/test').Browser>>} */
      const started = {};
      await use((kind) => {
        const executablePath = (kind === 'shell' && HEADLESS_SHELL) || launchOptions.executablePath || '';
        return (started[executablePath] ??= playwright[browserName].launch({ ...launchOptions, executablePath, headless: true }));
      });
      for (const browser of Object.values(started)) await (await browser).close();
    },
    { scope: 'worker' },
  ],
  baseUrl: async ({ server }, use) => use(server.baseUrl),
  dataDir: async ({ server }, use) => use(server.dataDir),
  pwaDist: async ({ server }, use) => use(server.pwaDist),
  // eslint-disable-next-line no-empty-pattern -- as above
  artifactsDir: async ({}, use) => {
    mkdirSync(ARTIFACTS_DIR, { recursive: true });
    await use(ARTIFACTS_DIR);
  },
  // E2E_CPU_LOG: each journey's CPU (lib/cpu-probe.mjs), its worker's fixtures' set-up excepted.
  cpuProbe: [
    // eslint-disable-next-line no-empty-pattern -- as above
    async ({}, use, testInfo) => {
      const cpu = process.env.E2E_CPU_LOG ? treeCpuSeconds() : 0;
      const before = { ...opened };
      await use(undefined);
      if (process.env.E2E_CPU_LOG)
        logCpu(`${testInfo.file.replace(/^.*[\\/]/, '')} › ${testInfo.title}`, treeCpuSeconds() - cpu, {
          contexts: opened.contexts - before.contexts,
          loads: opened.documents - before.documents,
        });
    },
    { auto: true },
  ],
  // Every context starts from the config's `reducedMotion` ('reduce': no typing prompt, typewriter or carousel
  // running in the background of a journey; a journey about motion asks for 'no-preference') and `serviceWorkers`
  // ('block' unless the journey's file allows them; docs/testing.md).
  launcher: async ({ playwright, browserName, launchOptions, reducedMotion, serviceWorkers, artifactsDir, workerChromium }, use, testInfo) => {
    const launcher = createLauncher(playwright[browserName], launchOptions, workerChromium, { reducedMotion, serviceWorkers });
    await use(launcher);
    // Where a failed journey ended (or every journey's, with E2E_SCREENSHOTS=1), for people to look at;
    // Playwright's own failure screenshots and traces land in e2e/artifacts/results. A passing journey's
    // picture proves nothing and cost a fifth of a CPU-second or more.
    const failed = testInfo.status !== testInfo.expectedStatus;
    // A failure says what its pages reported going wrong (an uncaught error, a failed request), in the failure's report.
    if (failed && launcher.pageProblems.length > 0)
      await testInfo.attach('what the pages reported as errors', { body: launcher.pageProblems.join('\n'), contentType: 'text/plain' });
    if (failed || SCREENSHOTS)
      await launcher
        .lastPage()
        ?.screenshot({ path: join(artifactsDir, `${endName(testInfo)}-end.png`) })
        .catch(() => {});
    await launcher.closeAll();
    launcher.assertNoCspViolations(); // the app runs under its CSP with none
  },
  launch: async ({ launcher }, use) => use(launcher.launch),
  cspViolations: async ({ launcher }, use) => use(launcher.cspViolations),
  // The worker's server, stopped for a while: `const restart = await stopServer()` stops it (its data kept), and
  // `await restart()` starts it again on the same port and data; a journey that leaves it stopped has it
  // restarted after it, so the next journey finds it running (background-sync-cart: the shop's server goes down).
  stopServer: async ({ server }, use) => {
    await use(async () => {
      await server.stop({ keepData: true });
      return () => server.restart();
    });
    if (server.down) await server.restart();
  },
  // eslint-disable-next-line no-empty-pattern -- as above
  startServer: async ({}, use) => {
    /** @type {Server[]} */
    const extra = [];
    await use(async (env = {}) => {
      const server = await startServer(env, seeded());
      extra.push(server);
      return server;
    });
    for (const server of extra.reverse()) await server.stop();
  },
};

export const test = base.extend(fixtures);
export { expect };

/**
 * A journey only CI runs (docs/testing.md#what-only-ci-runs): a sweep of the whole app's form (accessibility, layouts at
 * both widths and languages) or a repeat, in a second language or at a second width, of what the same file's first
 * journey proves. A newcomer's `npm test` leaves them out (`--grep-invert @ci`); `npx playwright test` and CI run them.
 */
export const CI_ONLY = { tag: '@ci' };
/** CI_ONLY unless `first`: the journey of a file's first language or width, which every run keeps. */
export const ciOnlyUnless = (/** @type {boolean} */ first) => (first ? {} : CI_ONLY);
