import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from './lib/server.mjs';
import { expect, test } from './fixtures.mjs';

/**
 * A new version of the app is deployed while a shopper has it open. The new service
 * worker installs and waits; the page says "Update available — Reload"; Reload hands over to it.
 */
test('storefront-update', async ({ launch, startServer }) => {
  const first = await startServer();
  const context = await launch({ persistent: true, viewport: { width: 1280, height: 900 } });
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto(`${first.baseUrl}/`);
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, null, { timeout: 30_000 });
  const port = new URL(first.baseUrl).port;
  await first.stop({ keepData: true });

  // "Deploy" the same build with a changed service worker, on the same address and data.
  const dist = mkdtempSync(join(tmpdir(), 'haat-dist-'));
  cpSync(process.env.PWA_DIST || join(ROOT, 'pwa/dist'), dist, { recursive: true });
  rmSync(join(dist, 'sw.js.br'), { force: true });
  rmSync(join(dist, 'sw.js.gz'), { force: true });
  writeFileSync(join(dist, 'sw.js'), `${readFileSync(join(dist, 'sw.js'), 'utf8')}\n// release ${Date.now()}\n`);
  const second = await startServer({ PORT: port, DATA_DIR: first.dataDir, PWA_DIST: dist });
  try {
    await page.reload();
    const toast = page.getByRole('status').filter({ hasText: 'Update available' });
    await toast.waitFor({ timeout: 30_000 });
    await expect(toast).toHaveText('Update available — Reload');
    const waiting = await page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting));
    assert.equal(waiting, true, 'the new worker waits for the shopper');

    await Promise.all([page.waitForEvent('load'), toast.getByRole('button', { name: 'Reload' }).click()]);
    await page.getByRole('heading', { name: 'Shop by Category' }).waitFor();
    const after = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      return { waiting: Boolean(registration?.waiting), controlled: navigator.serviceWorker.controller !== null };
    });
    assert.deepEqual(after, { waiting: false, controlled: true }, 'the new worker took over');
    await expect(page.getByText('Update available')).toHaveCount(0);
  } finally {
    await context.close();
    await second.stop();
    rmSync(dist, { recursive: true, force: true });
  }
});
