import assert from 'node:assert/strict';
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { serviceWorkerControls } from './lib/shopper-steps.mjs';
import { expect, test } from './fixtures.mjs';

// A shopper's service worker, which the journeys block unless they need it (playwright.config.ts): it updates the service worker.
test.use({ serviceWorkers: 'allow' });

/**
 * A new version of the app is deployed while a shopper has it open. The new service
 * worker installs and waits; the page says "Update available — Reload"; Reload hands over to it.
 * The deploy is the worker's server's copy of the build with a changed sw.js, put in place as a static host's
 * deploy does (the server reads its files at each request): what the journey proves happens in the browser.
 */
test('storefront-update', async ({ baseUrl, pwaDist, launch }) => {
  const browser = await launch();
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${baseUrl}/`);
  await serviceWorkerControls(page);

  // "Deploy" the same build with a changed service worker, on the same address and data. The precompressed copies
  // go too (the server would answer them first); the worker's build is put back afterwards for the next journeys.
  const sw = join(pwaDist, 'sw.js');
  const original = readFileSync(sw);
  const kept = ['sw.js.br', 'sw.js.gz'].filter((name) => existsSync(join(pwaDist, name)));
  for (const name of kept) renameSync(join(pwaDist, name), join(pwaDist, `${name}.kept`));
  writeFileSync(`${sw}.new`, `${original.toString('utf8')}\n// release ${Date.now()}\n`);
  renameSync(`${sw}.new`, sw);
  try {
    await page.reload();
    const toast = page.getByRole('status').filter({ hasText: 'Update available' });
    await toast.waitFor({ timeout: 30_000 });
    await expect(toast).toHaveText('Update available — Reload');
    const waiting = await page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting));
    assert.equal(waiting, true, 'the new worker waits for the shopper');

    // Chromium activates a worker told to skip waiting once the worker it replaces has no event in flight; a page
    // that never reloads says where each worker stood.
    const reloaded = page.waitForEvent('load', { timeout: 30_000 }).catch(async (error) => {
      const states = await page
        .evaluate(async () => {
          const r = await navigator.serviceWorker.getRegistration();
          return { active: r?.active?.state, waiting: r?.waiting?.state, installing: r?.installing?.state, controlled: !!navigator.serviceWorker.controller };
        })
        .catch((e) => String(e));
      throw new Error(`no reload after Reload: ${JSON.stringify(states)}; ${error}`);
    });
    await toast.getByRole('button', { name: 'Reload' }).click();
    await reloaded;
    await page.getByRole('heading', { name: 'Shop by Category' }).waitFor();
    const after = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      return { waiting: Boolean(registration?.waiting), controlled: navigator.serviceWorker.controller !== null };
    });
    assert.deepEqual(after, { waiting: false, controlled: true }, 'the new worker took over');
    await expect(page.getByText('Update available')).toHaveCount(0);
  } finally {
    await context.close();
    writeFileSync(`${sw}.new`, original);
    renameSync(`${sw}.new`, sw);
    for (const name of kept) renameSync(join(pwaDist, `${name}.kept`), join(pwaDist, name));
    rmSync(`${sw}.new`, { force: true });
  }
});
