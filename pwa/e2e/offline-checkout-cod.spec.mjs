import assert from 'node:assert/strict';
import {
  addAddressAtCheckout,
  addFromHome,
  apiGet,
  apiLogin,
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

/**
 * A cash-on-delivery order placed offline is queued and marked; on reconnect it is
 * sent, and even when the first answer is lost on the way back (the server placed the order, the phone
 * never heard), the retry carries the same Idempotency-Key: exactly one order exists, and the shopper
 * sees its real id.
 */
test('offline-checkout-cod', async ({ baseUrl, artifactsDir, launch }) => {
  const browser = await launch();
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const shopper = newShopper('offcod');
  await signUp(page, baseUrl, shopper);
  await signIn(page, baseUrl, shopper.email, shopper.password);
  const token = await apiLogin(baseUrl, shopper.email, shopper.password);
  await serviceWorkerControls(page);

  const [first, second] = await addFromHome(page, baseUrl, 2);
  await openInApp(page, '/checkout');
  await addAddressAtCheckout(page); // addresses are checked by the server, so this part is online

  await context.setOffline(true);
  await page.getByText('You are offline').first().waitFor();
  await expect(page.getByRole('button', { name: 'Pay Online' }), 'cards need a connection').toBeDisabled();
  await page.getByRole('button', { name: 'Cash on Delivery' }).click();
  await page.waitForURL(/\/success\?pending=/);
  await page.getByText('Waiting for network — your order will be placed when you are back online').waitFor();
  await page.getByTestId('header-cart').getByText('My Cart').waitFor(); // the order took the cart
  await screenshot(page, artifactsDir, 'queued');
  assert.equal((await apiGet(baseUrl, 'order/order-list', token)).data.length, 0, 'nothing placed while offline');

  // The first answer is lost after the server has placed the order.
  let sent = 0;
  await context.route('**/api/order/cash-on-delivery', async (route) => {
    sent += 1;
    if (sent > 1) return route.continue();
    await route.fetch();
    await route.abort('connectionreset');
  });
  await context.setOffline(false);

  await page.getByRole('heading', { name: 'Order placed' }).waitFor({ timeout: 20_000 });
  const shownId = (await page.getByTestId('order-id').textContent()).replace('Order #', '');
  await screenshot(page, artifactsDir, 'placed');
  assert.ok(sent >= 2, `the lost answer was retried (${sent} sends)`);

  const { data: orders } = await apiGet(baseUrl, 'order/order-list', token);
  assert.equal(orders.length, 1, 'exactly one order');
  assert.equal(orders[0].orderId, shownId);
  assert.deepEqual(orders[0].product_details.map((l) => l.name).sort(), [first, second].sort());

  // Coming back online again sends nothing more.
  await context.setOffline(true);
  await context.setOffline(false);
  await page.reload();
  await page.getByRole('heading', { name: 'Order placed' }).waitFor();
  assert.equal((await apiGet(baseUrl, 'order/order-list', token)).data.length, 1);
  assert.equal((await apiGet(baseUrl, 'cart/get', token)).data.length, 0);
  await context.close();
});
