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
 * worker asks the open page to flush, and the change reaches the server long before the next retry.
 *
 * The server (this worker's) is really stopped rather than a route being aborted in the browser: Playwright does
 * not see every request of a page its service worker controls, and CI once saw a write slip past the route.
 */
test('background-sync-cart', async ({ baseUrl, launch, stopServer }) => {
  // The full browser: Background Sync is one of the services the headless shell lacks (lib/chromium.mjs).
  const browser = await launch({ full: true });
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
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
  // Five failed sends: the page's next try is 32 s after the fifth, which came after the last look that saw fewer.
  let fewer = Date.now();
  await expect
    .poll(
      async () => {
        const attempts = Math.max(0, ...(await page.evaluate(readOutbox)).map((e) => e.attempts));
        if (attempts < 5) fewer = Date.now();
        return attempts;
      },
      { message: 'the page retried with growing pauses', timeout: 90_000, intervals: [500] },
    )
    .toBeGreaterThanOrEqual(5);
  const ownRetry = fewer + 32_000;

  await restartServer();
  try {
    assert.equal((await apiGet(baseUrl, 'cart/get', token)).data.length, 0, 'nothing reached the server while it was down');
    assert.equal((await page.evaluate(readOutbox)).length, 1, 'the change is still queued');

    const origin = new URL(baseUrl).origin;
    const registration = registrations.find((r) => r.scopeURL.startsWith(origin) && !r.isDeleted);
    assert.ok(registration, 'the page has a service worker registration');
    await cdp.send('ServiceWorker.dispatchSyncEvent', { origin, registrationId: registration.registrationId, tag: 'haat-outbox', lastChance: false });

    // Before the page's own next try: the sync event sent it. (On a machine loaded enough that the server's restart
    // took most of those 32 s, there is too little left to tell, and the journey says so rather than passing.)
    const left = ownRetry - Date.now() - 1000;
    assert.ok(left > 2000, `the server's restart left ${left} ms before the page's own retry: too little to tell the sync event's send from it`);
    await expect
      .poll(async () => (await apiGet(baseUrl, 'cart/get', token)).data.map((l) => [l.productId.name, l.quantity]), {
        message: 'the sync event made the page send the queued change, before the page would have tried again',
        timeout: left,
      })
      .toEqual([[name, 1]]);
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
