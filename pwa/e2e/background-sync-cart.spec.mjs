import assert from 'node:assert/strict';
import { addFromHome, apiGet, apiLogin, newShopper, serviceWorkerControls, signIn, signUp } from './lib/shopper-steps.mjs';
import { expect, test } from './fixtures.mjs';

// A shopper's service worker, which the journeys block unless they need it (playwright.config.ts): its outbox is flushed by the service worker's Background Sync.
test.use({ serviceWorkers: 'allow' });

/**
 * The service worker's Background Sync path on its own. The shop's server goes down while the shopper
 * is on the page (the phone still thinks it is online), so a cart change stays queued and the page
 * backs off (2 s, 4 s, 8 s, 16 s…). The server comes back; when Chromium fires the `sync` event
 * (dispatched here over the DevTools protocol, as the browser does when the network returns), the
 * worker asks the open page to flush, and the change reaches the server.
 *
 * The page's clock is Playwright's: its back-off is hastened (each fast-forward fires the retry then due), and once
 * it has backed off five times the clock stands still, so the page's own retry cannot fire while the server restarts,
 * however long that takes on a loaded machine: only the sync event can send the change.
 *
 * The server (this worker's) is really stopped rather than a route being aborted in the browser: Playwright does
 * not see every request of a page its service worker controls, and CI once saw a write slip past the route.
 */
test('background-sync-cart', async ({ baseUrl, launch, stopServer }) => {
  // The full browser: Background Sync is one of the services the headless shell lacks (lib/chromium.mjs).
  const browser = await launch({ full: true });
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  // Before any page loads: the page's timers and Date are Playwright's from here on, flowing as real time does until paused.
  await page.clock.install();
  const shopper = newShopper('bgsync');
  await signUp(page, baseUrl, shopper);
  await signIn(page, baseUrl, shopper.email, shopper.password);
  const token = await apiLogin(baseUrl, shopper.email, shopper.password);
  await serviceWorkerControls(page);

  const cdp = await context.newCDPSession(page);
  const registrations = [];
  cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations: r }) => registrations.push(...r));
  await cdp.send('ServiceWorker.enable');
  await page.locator('button.add-to-cart:not([disabled])').first().waitFor();

  const restartServer = await stopServer();
  const [name] = await addFromHome(page, baseUrl, 1);
  // Five failed sends, the page's pauses between them skipped: each fast-forward fires the retry due within it.
  await expect
    .poll(
      async () => {
        await page.clock.fastForward(20_000);
        return Math.max(0, ...(await page.evaluate(readOutbox)).map((e) => e.attempts));
      },
      { message: 'the page retried with growing pauses', timeout: 60_000, intervals: [250] },
    )
    .toBeGreaterThanOrEqual(5);
  // The page's next try is 32 s or more away on its clock, which stands still from here until the change has arrived.
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);

  await restartServer();
  try {
    assert.equal((await apiGet(baseUrl, 'cart/get', token)).data.length, 0, 'nothing reached the server while it was down');
    assert.equal((await page.evaluate(readOutbox)).length, 1, 'the change is still queued');

    const origin = new URL(baseUrl).origin;
    const registration = registrations.find((r) => r.scopeURL.startsWith(origin) && !r.isDeleted);
    assert.ok(registration, 'the page has a service worker registration');
    await cdp.send('ServiceWorker.dispatchSyncEvent', { origin, registrationId: registration.registrationId, tag: 'haat-outbox', lastChance: false });

    // The page's own retry cannot fire (its clock is paused): what sends the change is the sync event.
    await expect
      .poll(async () => (await apiGet(baseUrl, 'cart/get', token)).data.map((l) => [l.productId.name, l.quantity]), {
        message: 'the sync event made the page send the queued change, its own retry held back',
        timeout: 30_000,
      })
      .toEqual([[name, 1]]);
    await page.clock.resume();
    await page.getByTestId('header-cart').click();
    await page.getByTestId('cart-drawer').getByTestId('cart-line').first().waitFor();
    await page.getByTestId('waiting-for-network').waitFor({ state: 'detached' });
  } finally {
    await context.close();
  }
});

/** The page's queued writes, read straight from IndexedDB (runs in the page). */
function readOutbox() {
  return new Promise((resolve, reject) => {
    const open = indexedDB.open('haat');
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const all = open.result.transaction('outbox').objectStore('outbox').getAll();
      all.onsuccess = () => (open.result.close(), resolve(all.result.map((e) => ({ op: e.op, attempts: e.attempts, failed: e.failed }))));
      all.onerror = () => reject(all.error);
    };
  });
}
