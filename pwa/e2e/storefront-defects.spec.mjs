import assert from 'node:assert/strict';
import { LIMITS } from '@haat/shared/common/limits';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './lib/server.mjs';
import {
  addAddressAtCheckout,
  apiGet,
  apiLogin,
  logOut,
  newShopper,
  openInApp,
  screenshot,
  serviceWorkerControls,
  signIn,
  signUp,
} from './lib/shopper-steps.mjs';
import { expect, test } from './fixtures.mjs';

// A shopper's service worker, which the journeys block unless they need it (playwright.config.ts): offline, its pages come from the service worker.
test.use({ serviceWorkers: 'allow' });

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };

async function post(baseUrl, path, body, token, method = 'POST') {
  const res = await fetch(`${baseUrl}/api/${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

/** In-stock, discounted products of the first listing, and that listing's path. */
async function catalogue(baseUrl) {
  const { data: categories } = await (await fetch(`${baseUrl}/api/category/get`)).json();
  const { body: subs } = await post(baseUrl, 'subcategory/get', {});
  for (const category of categories) {
    const sub = subs.data.find((s) => s.category.some((c) => c._id === category._id));
    if (!sub) continue;
    const { body } = await post(baseUrl, 'product/get-product-by-category-and-subcategory', { categoryId: category._id, subCategoryId: sub._id });
    const products = body.data.filter((p) => p.stock > 3 && p.discount > 0);
    if (products.length >= 4) return { products, listingPath: `/${slug(category)}/${slug(sub)}` };
  }
  throw new Error('no listing with four discounted products in stock');
}

// shared/src/routing/slug.ts's rule (docs/product.md#screens): what the app links to.
const slugName = (name) =>
  name
    .trim()
    .replace(/[\s,&]+/g, '-')
    .replace(/[/?#%]+/g, '')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '');
const slug = (x) => `${slugName(x.name)}-${x._id}`;
const productPath = (p) => `/product/${slug(p)}`;

/** The element's box lies inside the viewport (nothing of it scrolled away). */
async function inViewport(locator, viewport) {
  const box = await locator.boundingBox();
  assert.ok(box, 'the element is rendered');
  return box.y >= 0 && box.y + box.height <= viewport.height;
}

/** Drops a product from the device's saved catalogue (IndexedDB 'haat', lib/db.ts), as if never seen. */
async function forget(page, id) {
  await page.evaluate(
    (productId) =>
      new Promise((resolve, reject) => {
        const open = indexedDB.open('haat');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction('products', 'readwrite');
          tx.objectStore('products').delete(productId);
          tx.oncomplete = () => (open.result.close(), resolve(undefined));
        };
      }),
    id,
  );
}

async function scrollToBottom(page) {
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const y = await page.evaluate(() => window.scrollY);
  assert.ok(y > 200, `the page is long enough to scroll (scrollY ${y})`);
}

/**
 * In real Chromium against the real server: every page starts at the top (/success
 * after a long checkout, the offline "Waiting for network" page); Bill Details keeps its styles when
 * /checkout is opened directly; an error is not "offline" (listing, search and product answered 500 or
 * 404 while online, a never-visited product offline, a made-up pending order); the product page's
 * Wishlist button toggles the wishlist, offline too.
 */
test('storefront-defects', async ({ baseUrl, artifactsDir, launch }) => {
  const { products, listingPath } = await catalogue(baseUrl);
  const browser = await launch();

  // ---- A shopper on a phone -------------------------------------------------------------------
  const phone = await browser.newContext({ viewport: PHONE });
  const page = await phone.newPage();
  const shopper = newShopper('defects');
  await signUp(page, baseUrl, shopper);
  await signIn(page, baseUrl, shopper.email, shopper.password);
  const token = await apiLogin(baseUrl, shopper.email, shopper.password);
  await serviceWorkerControls(page);
  for (const p of products.slice(0, 3)) assert.equal((await post(baseUrl, 'cart/create', { productId: p._id }, token)).status < 300, true);

  // /checkout opened directly (a full load, the cart panel's chunk never loaded).
  await page.goto(`${baseUrl}/checkout`);
  const bill = page.getByTestId('bill-details');
  await bill.getByTestId('items-total-original').waitFor();
  const styles = await bill.evaluate((section) => {
    const original = section.querySelector('[data-testid="items-total-original"]');
    const row = section.querySelector('[data-testid="quantity-total"]').closest('p');
    const [label, value] = row.children;
    return {
      struck: getComputedStyle(original).textDecorationLine,
      originalColor: getComputedStyle(original).color,
      rowDisplay: getComputedStyle(row).display,
      gap: value.getBoundingClientRect().left - label.getBoundingClientRect().right,
      border: getComputedStyle(section).borderTopWidth,
    };
  });
  assert.match(styles.struck, /line-through/, 'the original total is struck through');
  assert.equal(styles.rowDisplay, 'flex', 'label and value sit on one row, apart');
  assert.ok(styles.gap >= 16, `space between "Quantity Total" and its value (${styles.gap} px)`);
  assert.equal(styles.border, '1px', 'the Bill Details box is drawn');
  assert.notEqual(styles.originalColor, 'rgb(31, 41, 55)', 'the original total is muted, not body text');
  await screenshot(page, artifactsDir, 'defects-checkout-390');

  // Scrolled to the bottom of the long checkout, the order lands on /success at the top.
  await addAddressAtCheckout(page);
  await scrollToBottom(page);
  await page.getByRole('button', { name: 'Cash on Delivery' }).click();
  await page.waitForURL(/\/success\?order=/);
  const placed = page.getByRole('heading', { name: 'Order placed' });
  await placed.waitFor();
  assert.equal(await inViewport(placed, PHONE), true, '"Order placed" is on screen');
  assert.equal(await page.evaluate(() => window.scrollY), 0, '/success starts at the top');
  await screenshot(page, artifactsDir, 'defects-success-390', { fullPage: false });

  // Offline, the "Waiting for network" page opens at the top too.
  assert.equal((await post(baseUrl, 'cart/create', { productId: products[3]._id }, token)).status < 300, true);
  await page.goto(`${baseUrl}/checkout`);
  await page.getByTestId('summary-line').first().waitFor();
  await page.getByTestId('address-option').first().getByRole('radio').check();
  await scrollToBottom(page);
  await phone.setOffline(true);
  await page.getByRole('button', { name: 'Cash on Delivery' }).click();
  await page.waitForURL(/\/success\?pending=/);
  const waiting = page.getByRole('heading', { name: /^Waiting for network/ });
  await waiting.waitFor();
  assert.equal(await inViewport(waiting, PHONE), true, '"Waiting for network" is on screen');
  assert.equal(await page.evaluate(() => window.scrollY), 0, "the queued order's page starts at the top");
  await phone.setOffline(false);
  await page.getByRole('heading', { name: 'Order placed' }).waitFor({ timeout: 20_000 });

  // A pending key this device never queued is not a placed order.
  await openInApp(page, '/success?pending=bogus');
  await page.getByRole('heading', { name: 'Order not found' }).waitFor();
  await expect(page.getByText('Order placed')).toHaveCount(0);

  // The product page's Wishlist button toggles the wishlist (and says so), offline too.
  const wished = async () => (await apiGet(baseUrl, 'wishlist/get', token)).data.map((p) => p._id);
  const until = (check) => expect.poll(check).toBe(true);
  const target = products[0];
  await openInApp(page, `${productPath(target)}`);
  const button = page.getByTestId('product-wishlist');
  await button.waitFor();
  await expect(button).toHaveAttribute('aria-pressed', 'false');
  await expect(button).toHaveText('♡ Wishlist');
  await button.click();
  await page.waitForFunction(() => document.querySelector('[data-testid="product-wishlist"]')?.getAttribute('aria-pressed') === 'true');
  await expect(button).toHaveText('♥ Wishlisted');
  await until(async () => (await wished()).includes(target._id));
  await screenshot(page, artifactsDir, 'defects-product-390', { fullPage: false });
  await button.click();
  await page.waitForFunction(() => document.querySelector('[data-testid="product-wishlist"]')?.getAttribute('aria-pressed') === 'false');
  await until(async () => !(await wished()).includes(target._id));
  await phone.setOffline(true);
  await button.click();
  await page.waitForFunction(() => document.querySelector('[data-testid="product-wishlist"]')?.getAttribute('aria-pressed') === 'true');
  assert.equal((await wished()).includes(target._id), false, 'nothing sent while offline');
  await phone.setOffline(false);
  await until(async () => (await wished()).includes(target._id));
  await page.reload();
  await page.waitForFunction(() => document.querySelector('[data-testid="product-wishlist"]')?.getAttribute('aria-pressed') === 'true');

  // ---- A visitor on a desktop: an error is not "offline" ----------------------------------------
  // The same browser, the shopper logged out, its window widened to a desktop's.
  await logOut(page, baseUrl);
  const desk = phone;
  const visitor = page;
  await visitor.setViewportSize(DESKTOP);
  await visitor.goto(`${baseUrl}${listingPath}`);
  await visitor.locator('.product-grid .product-card').first().waitFor(); // this listing's products are now saved
  await screenshot(visitor, artifactsDir, 'defects-listing-1366', { fullPage: false });
  await serviceWorkerControls(visitor);

  // Online, the listing's next request answers 500: the error banner, no "Offline", no count.
  await visitor.route('**/api/product/get-product-by-category-and-subcategory', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ success: false, error: true, message: 'Internal server error' }) }),
  );
  await visitor.getByLabel('In Stock Only').check();
  await visitor.getByText('Failed to load products.').waitFor();
  await expect(visitor.getByText(/^Offline/), 'a 500 is not "offline"').toHaveCount(0);
  assert.equal((await visitor.getByTestId('listing-count').textContent()).trim(), '', 'no made-up count');
  await visitor.unroute('**/api/product/get-product-by-category-and-subcategory');

  // Online, the search answers 500: "An error occurred while fetching products.", not offline results.
  await visitor.route('**/api/product/search-product', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ success: false, error: true, message: 'Internal server error' }) }),
  );
  await openInApp(visitor, `/search?q=${encodeURIComponent(products[1].name.split(' ')[0])}`);
  await visitor.getByText('An error occurred while fetching products.').waitFor();
  await expect(visitor.getByTestId('offline-results')).toHaveCount(0);
  await expect(visitor.getByRole('heading', { name: 'Search Results: 0' })).toHaveCount(1);
  await visitor.unroute('**/api/product/search-product');

  // A product answered 500 is retried (docs/product.md#states: 2 more tries) and then says so.
  let asked = 0;
  await visitor.route('**/api/product/get-product-details', (route) => {
    asked++;
    return route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ success: false, error: true, message: 'Internal server error' }),
    });
  });
  await forget(visitor, products[2]._id); // the listing saved it; a saved copy would stand in
  await openInApp(visitor, `${productPath(products[2])}`);
  await visitor.getByText('Unable to fetch product details after multiple attempts.').waitFor({ timeout: 15_000 });
  assert.ok(asked >= 3, `retried on a 500 (${asked} requests)`);
  await visitor.unroute('**/api/product/get-product-details');

  // A deleted product (its copy saved on this device) answers 404: said at once, not retried.
  const doomed = products[products.length - 1];
  await openInApp(visitor, `${productPath(doomed)}`);
  await visitor.getByRole('heading', { level: 1, name: doomed.name }).waitFor();
  const admin = await apiLogin(baseUrl, ADMIN_EMAIL, ADMIN_PASSWORD);
  assert.equal((await post(baseUrl, 'product/delete-product', { _id: doomed._id }, admin, 'DELETE')).status, 200);
  asked = 0;
  visitor.on('request', (r) => r.url().endsWith('/api/product/get-product-details') && asked++);
  await visitor.reload();
  await visitor.getByRole('heading', { name: 'Product not found' }).waitFor();
  // No retry is shown by a barrier (docs/testing.md): a retry would be sent by
  // the page's timer of LIMITS.detailRetryDelayMs, set when the 404 came; a timer as long set now in the page
  // fires after it, and the request it sends is seen after the retry's would have been.
  const barrier = visitor.waitForRequest((r) => r.url().endsWith('/api/health/live?barrier'));
  await visitor.evaluate((ms) => void setTimeout(() => void fetch('/api/health/live?barrier'), ms), LIMITS.detailRetryDelayMs);
  await barrier;
  assert.ok(asked <= 2, `a 404 is not retried (${asked} requests: the early one and the app's)`);
  await expect(visitor.getByText('Unable to fetch product details after multiple attempts.')).toHaveCount(0);

  // A product never visited, opened offline, says the device is offline.
  const never = products.find((p, i) => i > 3 && p._id !== doomed._id) ?? products[1];
  await forget(visitor, never._id);
  await desk.setOffline(true);
  await visitor.goto(`${baseUrl}${productPath(never)}`);
  await visitor.getByText(/^You are offline, and this product has not been saved on this device yet/).waitFor({ timeout: 15_000 });
  await expect(visitor.getByText('Unable to fetch product details after multiple attempts.')).toHaveCount(0);
  await desk.setOffline(false);
  await visitor.getByRole('heading', { level: 1, name: never.name }).waitFor({ timeout: 15_000 }); // back online, it loads
  await desk.close();
});
