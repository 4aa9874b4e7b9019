import assert from 'node:assert/strict';
import { addFromHome, apiGet, apiLogin, newShopper, signIn, signUp } from './lib/shopper-steps.mjs';

/**
 * The service worker's Background Sync path on its own: the API is unreachable for cart writes, so a
 * change stays queued and the page backs off (2 s, 4 s, 8 s…). When Chromium fires the `sync` event
 * (dispatched here over the DevTools protocol, as the browser does when the network returns), the
 * worker asks the open page to flush, and the change reaches the server long before the next retry.
 */
export default async function backgroundSyncCart({ baseUrl, launch }) {
  const browser = await launch();
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const shopper = newShopper('bgsync');
  await signUp(page, baseUrl, shopper);
  await signIn(page, baseUrl, shopper.email, shopper.password);
  const token = await apiLogin(baseUrl, shopper.email, shopper.password);
  await page.waitForFunction(() => navigator.serviceWorker?.controller != null, null, { timeout: 20_000 });

  const cdp = await context.newCDPSession(page);
  const registrations = [];
  cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations: r }) => registrations.push(...r));
  await cdp.send('ServiceWorker.enable');

  let refused = 0;
  const seen = []; // every cart write the browser made, for the failure message
  context.on('request', (r) => r.url().includes('/api/cart/sync') && seen.push(`${r.method()} from ${r.serviceWorker() ? 'worker' : 'page'}`));
  await context.route('**/api/cart/sync', (route) => (refused++, route.abort('connectionrefused')));
  const [name] = await addFromHome(page, baseUrl, 1);
  // Wait until the page has failed three times (2 s and 4 s pauses): its next retry is 8 s away.
  const deadline = Date.now() + 30_000;
  while (refused < 3 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  if (refused < 3) {
    const outbox = await page.evaluate(readOutbox).catch((e) => String(e));
    const server = (await apiGet(baseUrl, 'cart/get', token)).data.length;
    assert.fail(`the page retried with growing pauses: ${refused} refused in 30 s; requests seen: [${seen}]; outbox: ${JSON.stringify(outbox)}; server lines: ${server}`);
  }
  await context.unroute('**/api/cart/sync');
  assert.equal((await apiGet(baseUrl, 'cart/get', token)).data.length, 0);

  const origin = new URL(baseUrl).origin;
  const registration = registrations.find((r) => r.scopeURL.startsWith(origin) && !r.isDeleted);
  assert.ok(registration, 'the page has a service worker registration');
  const fired = Date.now();
  await cdp.send('ServiceWorker.dispatchSyncEvent', { origin, registrationId: registration.registrationId, tag: 'haat-outbox', lastChance: false });

  let lines = [];
  while (lines.length === 0 && Date.now() - fired < 5000) {
    await new Promise((r) => setTimeout(r, 100));
    lines = (await apiGet(baseUrl, 'cart/get', token)).data;
  }
  assert.deepEqual(lines.map((l) => [l.productId.name, l.quantity]), [[name, 1]], 'the sync event made the page send the queued change');
  assert.ok(Date.now() - fired < 5000);
  await page.getByTestId('header-cart').click();
  await page.getByTestId('cart-drawer').getByTestId('cart-line').first().waitFor();
  assert.equal(await page.getByTestId('waiting-for-network').count(), 0);
  await context.close();
}

/** The page's queued writes, read straight from IndexedDB (runs in the page). */
function readOutbox() {
  return new Promise((resolve, reject) => {
    const open = indexedDB.open('haat');
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const all = open.result.transaction('outbox').objectStore('outbox').getAll();
      all.onsuccess = () => resolve(all.result.map((e) => ({ op: e.op, attempts: e.attempts, failed: e.failed })));
      all.onerror = () => reject(all.error);
    };
  });
}
