import assert from 'node:assert/strict';
import { addFromHome, apiGet, apiLogin, newShopper, screenshot, serviceWorkerControls, signIn, signUp } from './lib/shopper-steps.mjs';
import { expect, test } from './fixtures.mjs';

// A shopper's service worker, which the journeys block unless they need it (playwright.config.ts): offline, its pages come from the service worker.
test.use({ serviceWorkers: 'allow' });

const serverCart = async (baseUrl, token) => Object.fromEntries((await apiGet(baseUrl, 'cart/get', token)).data.map((l) => [l.productId.name, l.quantity]));

/**
 * Add to cart and change quantities with no connection, close the page while still
 * offline, reopen online: the server's cart is exactly what the shopper did.
 */
test('offline-cart', async ({ baseUrl, artifactsDir, launch }) => {
  // The full browser: the journey reads the Background Sync tag the page asked for, which the headless shell lacks.
  const browser = await launch({ full: true });
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  let page = await context.newPage();
  const shopper = newShopper('offcart');
  await signUp(page, baseUrl, shopper);
  await signIn(page, baseUrl, shopper.email, shopper.password);
  const token = await apiLogin(baseUrl, shopper.email, shopper.password);

  // Let the service worker take the page (it precaches the home page and the cart, and caches what this visit
  // loaded before), then cut the network.
  await serviceWorkerControls(page);
  await page.locator('button.add-to-cart:not([disabled])').first().waitFor();
  await context.setOffline(true);

  const [a, b, c, d] = await addFromHome(page, baseUrl, 4);
  const stepper = (name, action) =>
    page
      .getByRole('button', { name: `${action} ${name}` })
      .first()
      .click();
  await stepper(a, 'Add one more'); // a: 2
  await stepper(b, 'Add one more');
  await stepper(b, 'Remove one'); // b: 1
  await stepper(c, 'Remove one'); // c: gone (minus at 1 removes)
  await page
    .getByRole('group', { name: `Quantity of ${c}` })
    .first()
    .waitFor({ state: 'detached' });
  const expected = { [a]: 2, [b]: 1, [d]: 1 };

  await page.getByTestId('header-cart').click();
  const drawer = page.getByTestId('cart-drawer');
  await drawer.getByTestId('cart-line').first().waitFor();
  await expect(drawer.getByTestId('cart-line')).toHaveCount(3);
  await expect(drawer.getByTestId('waiting-for-network'), 'every unsynced line says it waits').toHaveCount(3);
  await expect(drawer.getByTestId('quantity-total')).toHaveText('4 items');
  await screenshot(page, artifactsDir, 'offline-cart');
  assert.deepEqual(await serverCart(baseUrl, token), {}, 'nothing reached the server while offline');
  // The browser was asked to wake the service worker (Background Sync) when the network returns.
  const tags = await page.evaluate(async () =>
    /** @type {ServiceWorkerRegistration & { sync?: { getTags(): Promise<string[]> } }} */ (await navigator.serviceWorker.ready).sync?.getTags(),
  );
  assert.ok(tags?.includes('haat-outbox'), `Background Sync registered: ${tags}`);

  // Close the app while still offline; come back later with a connection.
  await page.close();
  await context.setOffline(false);
  page = await context.newPage();
  await page.goto(`${baseUrl}/cart`);

  await expect
    .poll(async () => sortKeys(await serverCart(baseUrl, token)), { message: 'the server cart equals what the shopper did offline' })
    .toEqual(sortKeys(expected));
  await page.getByTestId('cart-line').first().waitFor();
  await page.getByTestId('waiting-for-network').first().waitFor({ state: 'detached' });
  await expect(page.getByTestId('quantity-total')).toHaveText('4 items');
  await screenshot(page, artifactsDir, 'synced-cart');
  await context.close();
});

function sortKeys(o) {
  return Object.fromEntries(Object.entries(o).sort(([x], [y]) => x.localeCompare(y)));
}
