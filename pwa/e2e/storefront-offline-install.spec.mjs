import assert from 'node:assert/strict';
import { openInApp, screenshot, serviceWorkerControls } from './lib/shopper-steps.mjs';
import { expect, test } from './fixtures.mjs';

// A shopper's service worker, which the journeys block unless they need it (playwright.config.ts): it installs the app and reads it offline.
test.use({ serviceWorkers: 'allow' });

/** Every <img> of `selector` in the viewport has loaded pixels (from the network or a cache). */
async function imagesRendered(page, selector) {
  await page.locator(`${selector} img`).first().scrollIntoViewIfNeeded();
  // (Functions run in the page; they cannot share a helper.)
  // Until every picture in view has settled (loaded or failed: `complete` either way), 10 s at most.
  await page
    .waitForFunction(
      (sel) =>
        [...document.querySelectorAll(`${sel} img`)]
          .filter((img) => img instanceof HTMLImageElement)
          .filter((img) => {
            const box = img.getBoundingClientRect();
            return box.bottom > 0 && box.top < innerHeight && box.right > 0 && box.left < innerWidth && box.width > 0;
          })
          .every((img) => img.complete),
      selector,
      { timeout: 10_000 },
    )
    .catch(() => {}); // what has not settled by then is reported as broken below
  return page.evaluate((sel) => {
    const inView = (img) => {
      const box = img.getBoundingClientRect();
      return box.bottom > 0 && box.top < innerHeight && box.right > 0 && box.left < innerWidth && box.width > 0;
    };
    const imgs = [...document.querySelectorAll(`${sel} img`)].filter((img) => img instanceof HTMLImageElement).filter(inView);
    return { total: imgs.length, broken: imgs.filter((img) => !img.complete || img.naturalWidth === 0).map((img) => img.currentSrc || img.src) };
  }, selector);
}

/** The names of the products saved on the device (IndexedDB 'haat', lib/storage/db.ts). */
function savedProductNames(page) {
  return page.evaluate(
    () =>
      new Promise((resolve, reject) => {
        const open = indexedDB.open('haat');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const all = open.result.transaction('products').objectStore('products').getAll();
          all.onsuccess = () => (open.result.close(), resolve(all.result.map((p) => p.name)));
          all.onerror = () => (open.result.close(), reject(all.error));
        };
      }),
  );
}

async function assertImages(page, selector, what) {
  const { total, broken } = await imagesRendered(page, selector);
  assert.ok(total > 0, `${what}: pictures are on the page`);
  assert.deepEqual(broken, [], `${what}: every picture rendered`);
}

/**
 * The shop is installable (Chromium's own check), the service worker controls
 * the page, and after going offline and reloading, home, the listing and the product seen before still
 * render with their pictures, and search still answers from the products saved on the device.
 */
test('storefront-offline-install', async ({ baseUrl, artifactsDir, launch }) => {
  const context = await launch({ persistent: true, viewport: { width: 1280, height: 900 } });
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto(`${baseUrl}/`);
  await page.getByRole('heading', { name: 'Shop by Category' }).waitFor();

  // The service worker takes control (clientsClaim) without a reload.
  await serviceWorkerControls(page);
  const manifest = await (await fetch(`${baseUrl}/manifest.webmanifest`)).json();
  assert.equal(manifest.name, 'Haat');
  assert.equal(manifest.display, 'standalone');
  assert.deepEqual(
    manifest.shortcuts.map((s) => s.name),
    ['Search', 'Cart', 'My Orders'],
  );
  assert.ok(manifest.icons.some((i) => i.purpose === 'maskable'));
  const cdp = await context.newCDPSession(page);
  await expect
    .poll(async () => (await cdp.send('Page.getInstallabilityErrors')).installabilityErrors, {
      message: 'Chromium finds the shop installable',
      timeout: 10_000,
    })
    .toEqual([]);

  // A page loaded while no worker could take it (here a reload that bypasses the worker, as a navigation begun before
  // the first worker was active is) asks to be taken once it has settled: offline-ready without another load.
  await cdp.send('Page.reload', { ignoreCache: true });
  await page.getByRole('heading', { name: 'Shop by Category' }).waitFor();
  assert.equal(await page.evaluate(() => navigator.serviceWorker.controller), null, 'the reloaded page starts without the worker');
  await page.keyboard.press('Shift'); // a first key settles the page (lib/device/after-page-settled.ts)
  await serviceWorkerControls(page);
  await cdp.detach();

  // Browse while online: a listing, a product, a search.
  const firstRow = page.locator('.category-row').first();
  await firstRow.locator('.product-card').first().waitFor();
  await assertImages(page, '.category-row:first-of-type', 'home online');
  await page.getByRole('region', { name: 'Shop by Category' }).getByRole('link').first().click();
  await page.locator('.product-grid .product-card').first().waitFor();
  const listingUrl = page.url();
  const listingTitle = await page.getByRole('heading', { level: 1 }).textContent();
  await assertImages(page, '.product-grid', 'listing online');
  const card = page.locator('.product-grid .product-card').first();
  const productName = await card.locator('.product-card__name').textContent();
  await card.locator('.product-card__link').click();
  await page.getByRole('heading', { level: 1, name: productName }).waitFor();
  const productUrl = page.url();
  await assertImages(page, '.gallery', 'product online');
  await openInApp(page, '/search?q=watch');
  await page.getByRole('heading', { level: 1, name: /Search Results: [1-9]/ }).waitFor();
  const onlineWatches = await page.locator('.product-grid .product-card__name').allTextContents();
  // The results are saved on the device just after they render; a shopper takes longer than that to go offline.
  await expect
    .poll(() => savedProductNames(page), { message: 'the watches found online are saved on the device', timeout: 10_000 })
    .toEqual(expect.arrayContaining(onlineWatches));

  // Offline, with reloads: everything seen renders from IndexedDB and the caches.
  await context.setOffline(true);
  await page.goto(`${baseUrl}/`);
  await page.getByTestId('offline-banner').waitFor();
  await page.locator('.category-row .product-card').first().waitFor();
  await assertImages(page, '.category-row:first-of-type', 'home offline');
  await screenshot(page, artifactsDir, 'offline-home', { fullPage: false });

  await page.goto(listingUrl);
  await page.getByRole('heading', { level: 1, name: listingTitle }).waitFor();
  await page.locator('.product-grid .product-card').first().waitFor();
  await assertImages(page, '.product-grid', 'listing offline');
  await screenshot(page, artifactsDir, 'offline-listing', { fullPage: false });

  await page.goto(productUrl);
  await page.getByRole('heading', { level: 1, name: productName }).waitFor();
  await assertImages(page, '.gallery', 'product offline');
  await screenshot(page, artifactsDir, 'offline-product', { fullPage: false });

  // Offline search answers from saved products, marked as such; a typo is forgiven here too.
  await page.goto(`${baseUrl}/search?q=wtch`);
  await page.getByTestId('offline-results').waitFor();
  await page.getByRole('heading', { level: 1, name: /Search Results: [1-9]/ }).waitFor();
  const offlineNames = await page.locator('.product-grid .product-card__name').allTextContents();
  assert.ok(
    offlineNames.every((n) => /watch/i.test(n)),
    `offline results are watches: ${offlineNames.slice(0, 3)}`,
  );
  assert.ok(
    onlineWatches.some((n) => offlineNames.includes(n)),
    'the watches seen online are found offline',
  );
  await screenshot(page, artifactsDir, 'offline-search', { fullPage: false });
  await context.setOffline(false);
});
