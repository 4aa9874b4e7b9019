import assert from 'node:assert/strict';
import { seriousViolations } from './lib/axe.mjs';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './lib/server.mjs';
import {
  addAddressAtCheckout,
  addFromHome,
  newShopper,
  openInApp,
  openSignedIn,
  screenshot,
  signIn,
  signUp,
  switchLanguageInFooter,
} from './lib/shopper-steps.mjs';
import { expect, test } from './fixtures.mjs';

// A shopper's service worker, which the journeys block unless they need it (playwright.config.ts): its new-order notice comes through the service worker.
test.use({ serviceWorkers: 'allow' });
import { realtimeConnected } from './lib/realtime.mjs';

/**
 * docs/product.md#screens, Dashboard, #states Realtime, #roles ADMIN: the admin watches Manage Orders while a shopper orders in
 * another browser; the order and the New Orders: 1 badge appear without a reload; the admin confirms it
 * and the shopper's open Your Orders shows Confirmed without a reload; the older table lists it. A second order is
 * cancelled in Hindi, after the admin first keeps it as it is.
 */
test('admin-orders', async ({ baseUrl, artifactsDir, launch }) => {
  // The full browser: the new-order notice is a notification, which the headless shell does not have (lib/chromium.mjs).
  const browser = await launch({ full: true });
  const adminContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await adminContext.grantPermissions(['notifications'], { origin: baseUrl });
  const shopperContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const admin = await adminContext.newPage();
  const shopperPage = await shopperContext.newPage();

  // The home page carries no realtime code: socket.io-client (its "EIO" query) is fetched by the dashboard only.
  const scripts = new Set();
  admin.on('request', (r) => r.resourceType() === 'script' && scripts.add(r.url()));
  await openSignedIn(admin, baseUrl, ADMIN_EMAIL, ADMIN_PASSWORD);
  await admin.waitForLoadState('networkidle');
  const withSocketCode = async () => {
    const found = [];
    for (const url of scripts) if (/realtime-connection/.test(url) || (await (await fetch(url)).text()).includes('EIO')) found.push(url);
    return found;
  };
  assert.deepEqual(await withSocketCode(), [], 'no realtime code on the home page');

  const connected = realtimeConnected(admin);
  await admin.getByRole('button', { name: 'Account' }).click();
  await admin.getByRole('navigation', { name: 'My Account' }).getByRole('link', { name: 'My Orders' }).click();
  await admin.waitForURL(`${baseUrl}/dashboard/myorders`);
  await admin.getByRole('heading', { name: 'Manage Orders' }).waitFor();
  await admin.getByText('No Data').or(admin.getByTestId('order-card').first()).waitFor();
  const before = await admin.getByTestId('order-card').count();
  await expect(admin.getByText(/New Orders:/), 'no badge while the counter is 0').toHaveCount(0);
  // WebSocket first: behind a balancer without sticky sessions, long-polling's requests would reach two instances.
  assert.equal(await connected, 'websocket', 'the realtime socket connected over WebSocket');
  assert.ok((await withSocketCode()).length >= 1, 'the dashboard loaded socket.io-client');

  // A shopper orders in the other browser (real screens: sign up, sign in, add, checkout, cash on delivery).
  const shopper = newShopper('live');
  await signUp(shopperPage, baseUrl, shopper);
  await signIn(shopperPage, baseUrl, shopper.email, shopper.password);
  await addFromHome(shopperPage, baseUrl, 1);
  await openInApp(shopperPage, '/checkout');
  await addAddressAtCheckout(shopperPage);
  await shopperPage.getByRole('button', { name: 'Cash on Delivery' }).click();
  await shopperPage.waitForURL(/\/success\?order=/);
  const orderId = (await shopperPage.getByTestId('order-id').textContent()).replace('Order #', '');

  // The admin's page, never reloaded: the badge and the new order.
  await admin.locator('.dashboard__badge', { hasText: 'New Orders: 1' }).waitFor({ timeout: 15_000 });
  const card = admin.getByTestId('order-card').filter({ hasText: `Order #${orderId}` });
  await card.waitFor();
  await card.getByText(shopper.name).waitFor();
  await expect(admin.getByTestId('order-card')).toHaveCount(before + 1);
  // The browser notification (permission granted to this context), shown through the service worker. The page shows
  // it after finding the worker's registration, which can be after the card is drawn: polled.
  await expect
    .poll(
      () =>
        admin.evaluate(async () => {
          const reg = await navigator.serviceWorker?.getRegistration();
          return reg ? (await reg.getNotifications()).map((n) => n.body) : null;
        }),
      { message: 'the new-order notification', timeout: 10_000 },
    )
    .toContainEqual(expect.stringMatching(new RegExp(`${orderId} · ₹`)));
  await screenshot(admin, artifactsDir, 'admin-orders-new');
  assert.deepEqual(await seriousViolations(admin), [], 'Manage Orders has no serious a11y issues');

  // The shopper opens Your Orders and keeps it open.
  await openInApp(shopperPage, '/dashboard/myorders');
  await shopperPage.getByRole('heading', { name: 'Your Orders' }).waitFor();
  const shopperCard = shopperPage.getByTestId('order-card').filter({ hasText: `Order #${orderId}` });
  await shopperCard.waitFor();
  await shopperCard.locator('.order-progress__step.is-reached', { hasText: 'Placed' }).waitFor();
  await expect(shopperCard.locator('.order-progress__step.is-reached', { hasText: 'Confirmed' })).toHaveCount(0);
  await expect(shopperPage.getByText(/New Orders:/), 'shoppers have no badge').toHaveCount(0);

  // The admin moves it on: only later stages are offered.
  const mover = card.getByRole('group', { name: `Move order ${orderId} to` });
  assert.deepEqual(await mover.getByRole('button').allTextContents(), ['Confirmed', 'Shipped', 'Out for delivery', 'Delivered', 'Cancelled']);
  await mover.getByRole('button', { name: 'Confirmed' }).click();
  await admin.getByText('Order status updated').first().waitFor();
  await card
    .getByRole('group', { name: `Move order ${orderId} to` })
    .getByRole('button', { name: 'Confirmed' })
    .waitFor({ state: 'detached' });

  // The shopper's page follows without a reload.
  await shopperCard.locator('.order-progress__step.is-reached', { hasText: 'Confirmed' }).waitFor({ timeout: 15_000 });
  await screenshot(shopperPage, artifactsDir, 'admin-orders-shopper-live');

  // Delivered completes it: it moves to the Delivered tab on both screens and offers no further stage. The admin
  // is asked on a laptop's screen here and on a phone's in Hindi below (1366×768, 390×844).
  await admin.setViewportSize({ width: 1366, height: 768 });
  await card
    .getByRole('group', { name: `Move order ${orderId} to` })
    .getByRole('button', { name: 'Delivered' })
    .click();
  // Delivered cannot be undone: the admin is asked first, and Keep leaves the order as it was.
  const ask = admin.getByRole('dialog', { name: `Mark order #${orderId} delivered?` });
  await ask.getByRole('button', { name: 'Keep as it is' }).click();
  await expect(ask).toHaveCount(0);
  await expect(card.getByRole('group', { name: `Move order ${orderId} to` }).getByRole('button', { name: 'Delivered' })).toBeVisible();
  await card
    .getByRole('group', { name: `Move order ${orderId} to` })
    .getByRole('button', { name: 'Delivered' })
    .click();
  await admin
    .getByRole('dialog', { name: `Mark order #${orderId} delivered?` })
    .getByRole('button', { name: 'Mark delivered' })
    .click();
  await admin.getByRole('tab', { name: /^Delivered/ }).click();
  const delivered = admin.getByTestId('order-card').filter({ hasText: `Order #${orderId}` });
  await delivered.waitFor();
  await expect(delivered.getByRole('group'), 'no stage control once COMPLETED').toHaveCount(0);
  await shopperPage.getByRole('tab', { name: 'Delivered (1)' }).waitFor({ timeout: 15_000 });

  // Opening Manage Orders reset the counter; the older table lists the order with its buttons disabled.
  await openInApp(admin, '/dashboard/allorders');
  await admin.getByRole('heading', { name: 'All Orders' }).waitFor();
  for (const h of ['Order ID', 'User', 'Product', 'Quantity', 'Price', 'Address', 'Status', 'Update Status']) {
    await admin.getByRole('columnheader', { name: h, exact: true }).waitFor();
  }
  const row = admin.getByTestId('all-orders-row').filter({ hasText: orderId });
  await row.waitFor();
  await row.getByText(shopper.name).waitFor();
  await row.getByRole('cell', { name: 'Delivered', exact: true }).waitFor();
  const buttons = row.getByRole('group', { name: `Update status of order ${orderId}` }).getByRole('button');
  await expect(buttons).toHaveCount(5);
  for (const b of await buttons.all()) await expect(b, 'a delivered order cannot move').toBeDisabled();
  assert.deepEqual(await seriousViolations(admin), [], 'the all-orders table has no serious a11y issues');
  await screenshot(admin, artifactsDir, 'admin-all-orders');

  // The server refuses the table to shoppers; the screen sends them to their own orders.
  await openInApp(shopperPage, '/dashboard/allorders');
  await shopperPage.waitForURL(`${baseUrl}/dashboard/myorders`);
  await shopperPage.getByRole('heading', { name: 'Your Orders' }).waitFor();

  // Cancelled cannot be undone either, and a Hindi admin is asked in Hindi (the shop's language switch): Keep leaves
  // the order as it was, confirming cancels it (docs/product.md#states, #languages).
  await addFromHome(shopperPage, baseUrl, 1);
  await openInApp(shopperPage, '/checkout');
  await shopperPage.getByTestId('address-option').first().getByRole('radio').check();
  await shopperPage.getByRole('button', { name: 'Cash on Delivery' }).click();
  await shopperPage.waitForURL(/\/success\?order=/);
  const cancelId = (await shopperPage.getByTestId('order-id').textContent()).replace('Order #', '');
  await admin.setViewportSize({ width: 390, height: 844 });
  await openInApp(admin, '/dashboard/myorders');
  // The admin switches once the page and its orders are on screen, as a person would: pressed while the list was still
  // loading, the switch moved under the pointer as the cards pushed the footer down, and the press landed elsewhere.
  await admin.getByRole('heading', { name: 'Manage Orders' }).waitFor();
  await admin
    .getByTestId('order-card')
    .filter({ hasText: `Order #${cancelId}` })
    .waitFor();
  await switchLanguageInFooter(admin, 'हिन्दी');
  await admin.getByRole('heading', { name: 'ऑर्डर संभालें' }).waitFor();
  const toCancel = admin.getByTestId('order-card').filter({ hasText: `ऑर्डर #${cancelId}` });
  const cancelButton = toCancel.getByRole('group', { name: `ऑर्डर ${cancelId} को यहाँ ले जाएँ` }).getByRole('button', { name: 'रद्द हुआ' });
  await cancelButton.click();
  const askHindi = admin.getByRole('dialog', { name: `ऑर्डर #${cancelId} रद्द करें?` });
  await expect(askHindi).toContainText('इसका सामान फिर से बिक्री पर आ जाएगा और ग्राहक को बताया जाएगा। यह वापस नहीं हो सकता।');
  await expect(askHindi.getByRole('button', { name: 'ऑर्डर रद्द करें' }), 'the dialog fits a phone').toBeInViewport();
  await screenshot(admin, artifactsDir, 'admin-orders-cancel-hindi');
  await askHindi.getByRole('button', { name: 'जैसा है वैसा रहने दें' }).click();
  await expect(askHindi).toHaveCount(0);
  await expect(cancelButton, 'Keep leaves the order movable').toBeVisible();
  await cancelButton.click();
  await askHindi.getByRole('button', { name: 'ऑर्डर रद्द करें' }).click();
  await expect(askHindi).toHaveCount(0);
  await admin.getByRole('tab', { name: /^रद्द हुए/ }).click();
  const cancelled = admin.getByTestId('order-card').filter({ hasText: `ऑर्डर #${cancelId}` });
  await cancelled.waitFor();
  await expect(cancelled.getByRole('group'), 'no stage control once cancelled').toHaveCount(0);

  await adminContext.close();
  await shopperContext.close();
});
