// The browser journeys (e2e/*.spec.mjs): Playwright Test driving Debian's Chromium (CHROME_PATH, else
// /usr/bin/chromium; no browser is ever downloaded) against the built server, one server per worker
// (e2e/fixtures.mjs). `npx playwright test admin-defects` runs one journey file; E2E_LANES sets the
// number of workers (2 unless set; docs/testing.md).
import { defineConfig } from '@playwright/test';
import { CHROMIUM, CHROMIUM_ARGS } from './e2e/lib/chromium.mjs';
import { temporaryFilesInMemory } from '../scripts/ram-disk.mjs';

// The seeded demo, every server's copy of it, the built PWA's copies and Chromium's profiles are temporary files,
// written and copied by the hundred MB: in memory (/dev/shm) when it has room (scripts/ram-disk.mjs), the workers and
// servers inheriting TMPDIR.
temporaryFilesInMemory();

export default defineConfig({
  testDir: 'e2e',
  testMatch: '*.spec.mjs',
  outputDir: 'e2e/artifacts/results',
  globalSetup: './e2e/global-setup.mjs',
  workers: Math.max(1, Number(process.env.E2E_LANES ?? 2) || 1),
  fullyParallel: false,
  // None: a journey that fails once has found a race to fix (docs/testing.md).
  retries: 0,
  forbidOnly: !!process.env.CI,
  timeout: 240_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  use: {
    browserName: 'chromium',
    headless: true,
    launchOptions: { executablePath: CHROMIUM, args: CHROMIUM_ARGS },
    actionTimeout: 30_000,
    navigationTimeout: 30_000,
    // A trace is recorded only with E2E_TRACE=1 (kept for a failed journey): recording costs a journey a fifth
    // more CPU, so CI pays nothing; a failure there is run again with it (docs/testing.md).
    trace: process.env.E2E_TRACE === '1' ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
    // Every journey's contexts (e2e/fixtures.mjs) ask for reduced motion, as a shopper may: the shop then runs no
    // animation of its own (the header's typing prompt, the hero's typewriter, the carousel), which cost an idle
    // page 0.1–0.2 CPU-s a second. A journey about motion asks for 'no-preference' (docs/testing.md).
    reducedMotion: 'reduce',
    // No service worker unless a journey asks (`test.use({ serviceWorkers: 'allow' })`: the offline, install, update
    // and notification journeys): a journey about something else costs a fifth less CPU without one installing its
    // precache and answering every request (docs/testing.md).
    serviceWorkers: 'block',
  },
});
