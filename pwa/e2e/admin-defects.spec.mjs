import assert from 'node:assert/strict';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './lib/server.mjs';
import { apiOrder, apiShopper, inStockProducts } from './lib/shop-fixtures.mjs';
import { addFromHome, apiLogin, logOut, openInApp, openSignedIn, screenshot } from './lib/shopper-steps.mjs';
import { expect, test, CI_ONLY } from './fixtures.mjs';
import { realtimeConnected } from './lib/realtime.mjs';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };

/** Fills the login form already on screen (the app decides where it goes afterwards). */
async function logInHere(page, email, password) {
  await page.getByRole('heading', { name: 'Login' }).waitFor();
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

/** Nothing of the page reaches past the right edge of the screen. */
async function noSidewaysOverflow(page, where) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth }));
  assert.ok(scrollWidth <= innerWidth, `${where}: the page is ${scrollWidth} px wide on a ${innerWidth} px screen`);
}

/** Signed out or with an expired session, /dashboard/category → a working login → back there. */
async function categoryPageSignedOut({ baseUrl, artifactsDir, launch }) {
  const browser = await launch();
  const context = await browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));

  await page.goto(`${baseUrl}/dashboard/category`);
  await page.waitForURL(`${baseUrl}/login`);
  await logInHere(page, ADMIN_EMAIL, ADMIN_PASSWORD);
  await page.waitForURL(`${baseUrl}/dashboard/category`);
  await page.getByRole('heading', { name: 'Category Management' }).waitFor();

  // Leaving Category Management by the side menu and by Back keeps the app alive.
  const menu = page.locator('.dashboard__menu');
  await menu.getByRole('link', { name: 'Sub Category' }).click();
  await page.getByRole('heading', { name: 'Sub Category', level: 1 }).waitFor();
  await page.goBack();
  await page.getByRole('heading', { name: 'Category Management' }).waitFor();
  await menu.getByRole('link', { name: 'Home' }).click();
  await page.waitForURL(`${baseUrl}/`);
  await page.getByRole('heading', { name: 'Shop by Category' }).waitFor();
  await page.goBack();
  await page.getByRole('heading', { name: 'Category Management' }).waitFor();

  // An expired session (tokens the server no longer accepts): the login page, then back to the category page.
  await page.evaluate(() => {
    localStorage.setItem('accesstoken', 'expired.token.value');
    localStorage.setItem('refreshToken', 'expired.token.value');
  });
  await page.goto(`${baseUrl}/dashboard/category`);
  await page.waitForURL(`${baseUrl}/login`);
  await logInHere(page, ADMIN_EMAIL, ADMIN_PASSWORD);
  await page.waitForURL(`${baseUrl}/dashboard/category`);
  await page.getByRole('heading', { name: 'Category Management' }).waitFor();
  await page.locator('[data-testid="category-card"]').first().waitFor();
  assert.deepEqual(errors, [], 'no page errors');
  await screenshot(page, artifactsDir, 'admin-defects-category-after-login');
  return page;
}

/** Cancelling an order and deleting an address ask first; Keep sends nothing. */
/**
 * Waits until every request the page made so far has been reported: requests are reported in the order
 * they are made, so once one made now is seen, anything a click before it sent has been seen too.
 */
async function requestsSoFar(page) {
  const marker = `/api/health?requests-so-far=${Math.random().toString(36).slice(2)}`;
  await Promise.all([page.waitForRequest((r) => r.url().endsWith(marker)), page.evaluate((url) => fetch(url).catch(() => {}), marker)]);
}

async function confirmBeforeUndoable({ baseUrl, launch }, products) {
  const shopper = await apiShopper(baseUrl, 'confirm');
  const order = await apiOrder(baseUrl, shopper, [[products[0], 1]]);
  const browser = await launch();
  const context = await browser.newContext({ viewport: PHONE });
  const page = await context.newPage();
  const sent = [];
  page.on('request', (r) => /\/api\/(order\/cancel|address\/disable)/.test(r.url()) && sent.push(`${r.method()} ${new URL(r.url()).pathname}`));
  await openSignedIn(page, baseUrl, shopper.email, shopper.password, '/dashboard/myorders');
  const card = page.getByTestId('order-card').filter({ hasText: `Order #${order.orderId}` });
  await card.getByRole('button', { name: 'Cancel order' }).click();
  let dialog = page.getByRole('dialog', { name: `Cancel order #${order.orderId}?` });
  await dialog.getByText('This cannot be undone.').waitFor();
  await dialog.getByRole('button', { name: 'Keep order' }).click();
  await dialog.waitFor({ state: 'hidden' });
  await card.getByRole('button', { name: 'Cancel order' }).click(); // Escape keeps it too
  await dialog.getByRole('button', { name: 'Keep order' }).waitFor();
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });
  await requestsSoFar(page);
  assert.deepEqual(sent, [], 'nothing was sent for Keep or Escape');
  await card.locator('.order-progress__step.is-reached', { hasText: 'Placed' }).waitFor();

  await card.getByRole('button', { name: 'Cancel order' }).click();
  const cancelled = page.waitForResponse((r) => r.url().endsWith('/api/order/cancel'));
  await dialog.getByRole('button', { name: 'Cancel order' }).click();
  assert.equal((await cancelled).status(), 200);
  await page.getByRole('tab', { name: /^Cancelled/ }).click();
  await page
    .getByTestId('order-card')
    .filter({ hasText: `Order #${order.orderId}` })
    .waitFor();
  assert.deepEqual(sent, ['POST /api/order/cancel']);

  await openInApp(page, '/dashboard/address');
  const address = page.getByTestId('address-card');
  await address.first().waitFor();
  await page.getByRole('button', { name: 'Delete address of Asha Verma' }).click();
  dialog = page.getByRole('dialog', { name: 'Delete this address?' });
  await dialog
    .getByText('12 Lotus Apartments', { exact: false })
    .or(dialog.getByText('MG Road', { exact: false }))
    .first()
    .waitFor();
  await dialog.getByRole('button', { name: 'Keep address' }).click();
  await dialog.waitFor({ state: 'hidden' });
  await requestsSoFar(page);
  await expect(address, 'Keep leaves the address').toHaveCount(1);
  assert.deepEqual(sent, ['POST /api/order/cancel'], 'no address request for Keep');
  await page.getByRole('button', { name: 'Delete address of Asha Verma' }).click();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await address.first().waitFor({ state: 'detached' });
  assert.deepEqual(sent, ['POST /api/order/cancel', 'DELETE /api/address/disable']);
  await context.close();
}

/** The badge counts orders placed since Manage Orders was last opened, across reloads: on `page`, an admin's, at 1366 px. */
async function newOrdersBadge(page, baseUrl, products) {
  const seen = page.waitForResponse((r) => r.url().endsWith('/api/order/admin/new-orders/seen'));
  await openInApp(page, '/dashboard/myorders');
  await page.getByRole('heading', { name: 'Manage Orders' }).waitFor();
  await seen;
  const badge = page.locator('.dashboard__badge');
  await expect(badge, 'no badge right after opening Manage Orders').toHaveCount(0);

  // Two orders while the admin is elsewhere in the dashboard (on Manage Orders they would be seen as they
  // arrive): a reload (a new tab's worth of memory) shows them, and so does the next one.
  const firstRead = page.waitForResponse((r) => r.url().endsWith('/api/order/admin/new-orders'));
  await page.goto(`${baseUrl}/dashboard/profile`);
  await firstRead;
  await expect(badge, 'no badge on the profile before any order').toHaveCount(0);
  const shopper = await apiShopper(baseUrl, 'badge');
  await apiOrder(baseUrl, shopper, [[products[1], 1]]);
  await apiOrder(baseUrl, shopper, [[products[2], 1]]);
  // The server answers 2 at once (api/test/new-orders.e2e-spec.ts); each load shows it, whether the count's
  // answer or the realtime connection comes first (docs/decisions/0245-online-reads-on-tanstack-query.md),
  // and still shows it once the connection has opened (its handshake is the last thing that could change it).
  for (const check of ['after the orders', 'after another reload']) {
    const handshake = realtimeConnected(page); // the new connection's CONNECT acknowledged, over WebSocket or polling
    await page.reload();
    await handshake;
    await expect(badge, `"New Orders: 2" ${check}, on one load`).toHaveText('New Orders: 2', { timeout: 10_000 });
  }

  // Opening Manage Orders handles them: 0, and still 0 after a reload.
  const seenAgain = page.waitForResponse((r) => r.url().endsWith('/api/order/admin/new-orders/seen'));
  await page.locator('.dashboard__menu').getByRole('link', { name: 'My Orders' }).click();
  await page.getByRole('heading', { name: 'Manage Orders' }).waitFor();
  await badge.waitFor({ state: 'detached' });
  await seenAgain;
  // The server says 0 (asked directly: a response's body is gone once its page is left)...
  const admin = await apiLogin(baseUrl, ADMIN_EMAIL, ADMIN_PASSWORD);
  const counted = await (await fetch(`${baseUrl}/api/order/admin/new-orders`, { headers: { authorization: `Bearer ${admin}` } })).json();
  assert.equal(counted.data.count, 0, 'no new orders after opening Manage Orders');
  // ...so after a reload the page's own read has nothing to show.
  const read = page.waitForResponse((r) => r.url().endsWith('/api/order/admin/new-orders') && r.frame().url().includes('/dashboard/profile'));
  await page.goto(`${baseUrl}/dashboard/profile`);
  await read;
  await expect(page.getByLabel('Email', { exact: true }), 'the profile has rendered').toHaveValue(ADMIN_EMAIL);
  await expect(badge, 'the badge stays at 0 after a reload').toHaveCount(0);
}

/** Boxes measured at 390 and 1366 px. */
async function layouts({ baseUrl, artifactsDir, launch }, products) {
  const browser = await launch();
  // An e-mail address with no place to break a line, as long as a real one can be.
  const stamp = Date.now().toString(36);
  const shopper = await apiShopper(baseUrl, 'otp', {}, { email: `ramanathanvenkatasubramanianiyengar${stamp}@chennaisilksandtextilesexports.example` });
  // A sibling subcategory with a long name, in every category, so every listing's side panel has one.
  const admin = await apiLogin(baseUrl, ADMIN_EMAIL, ADMIN_PASSWORD);
  const { data: categories } = await (await fetch(`${baseUrl}/api/category/get`)).json();
  const created = await fetch(`${baseUrl}/api/subcategory/create`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}` },
    body: JSON.stringify({ name: `Wholesome Ayurvedic Wellness Supplements ${stamp}`, image: '/placeholder.svg', category: categories.map((c) => c._id) }),
  });
  assert.equal(created.status, 201, await created.text());
  await apiOrder(baseUrl, shopper, [[products[0], 1]]);
  const far = await apiShopper(baseUrl, 'far', {
    name: 'Ravi Shankar Venkataraman',
    building: 'Flat 1204, Tower B, Prestige Lakeside Habitat, Varthur Hobli',
    address_line: 'Gunjur Village Road, near Sri Venkateshwara Temple, opposite the Bus Depot',
    pincode: '560087',
  });
  await apiOrder(baseUrl, far, [
    [products[1], 1],
    [products[2], 2],
  ]);

  for (const viewport of [PHONE, DESKTOP]) {
    const at = `${viewport.width} px`;
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();

    // The header cart button: item count and total visible and on screen.
    await openSignedIn(page, baseUrl, shopper.email, shopper.password);
    await addFromHome(page, baseUrl, 2);
    const cart = page.getByTestId('header-cart');
    const count = cart.getByText(/^\d+ Items?$/); // the phone's two are still in this shopper's cart at 1366 px
    await count.waitFor();
    for (const part of [count, cart.getByText(/^₹/)]) {
      const box = await part.boundingBox();
      assert.ok(box && box.width > 20 && box.height > 8, `${at}: the cart's "${await part.textContent()}" is shown (${JSON.stringify(box)})`);
      assert.ok(box.x >= 0 && box.x + box.width <= viewport.width, `${at}: the cart's text is on screen`);
    }
    await noSidewaysOverflow(page, `${at} home with a cart`);

    // The listing's sibling-subcategory panel: no name runs out of its entry, none is cut.
    await page.getByRole('region', { name: 'Shop by Category' }).getByRole('link').first().click();
    await page.locator('.siblings__link').first().waitFor();
    const siblings = await page.locator('.siblings__link').evaluateAll((links) =>
      links.map((a) => {
        const nav = a.closest('nav').getBoundingClientRect();
        const box = a.getBoundingClientRect();
        const text = a.querySelector('span').getBoundingClientRect();
        return { name: a.textContent, scrollWidth: a.scrollWidth, clientWidth: a.clientWidth, textRight: text.right, right: box.right, navRight: nav.right };
      }),
    );
    for (const s of siblings) {
      assert.ok(s.scrollWidth <= s.clientWidth, `${at}: "${s.name}" fits its entry (${s.scrollWidth} > ${s.clientWidth})`);
      assert.ok(s.textRight <= s.right, `${at}: "${s.name}" is not cut`);
      if (viewport === DESKTOP) assert.ok(s.right <= s.navRight + 0.5, `${at}: "${s.name}" stays inside the side panel`);
    }
    await noSidewaysOverflow(page, `${at} listing`);

    // A long e-mail address stays inside the OTP card.
    await openInApp(page, '/forgot-password');
    await page.getByLabel('Email', { exact: true }).fill(shopper.email);
    await page.getByRole('button', { name: 'Send OTP' }).click();
    await page.waitForURL(`${baseUrl}/verification-otp`);
    const hint = page.getByText(`We sent a six-digit code to ${shopper.email}.`);
    await hint.waitFor();
    const otp = await page.locator('.auth-form__card').evaluate((card) => {
      const hintBox = card.querySelector('.auth-form__hint').getBoundingClientRect();
      const box = card.getBoundingClientRect();
      return { scrollWidth: card.scrollWidth, clientWidth: card.clientWidth, hintRight: hintBox.right, cardRight: box.right, cardLeft: box.left };
    });
    assert.ok(otp.scrollWidth <= otp.clientWidth, `${at}: the OTP card does not overflow (${otp.scrollWidth} > ${otp.clientWidth})`);
    assert.ok(otp.hintRight <= otp.cardRight && otp.cardLeft >= 0 && otp.cardRight <= viewport.width, `${at}: the e-mail stays in the card`);
    await noSidewaysOverflow(page, `${at} OTP`);

    // The admin's tables, on the same device once the shopper has logged out.
    await logOut(page, baseUrl);
    const admin = page;
    await openSignedIn(admin, baseUrl, ADMIN_EMAIL, ADMIN_PASSWORD, '/dashboard/subcategory');
    const firstRow = admin.getByTestId('subcategory-row').first();
    await firstRow.waitFor();
    for (const name of [/^Edit /, /^Delete /]) {
      const button = firstRow.getByRole('button', { name });
      const box = await button.boundingBox();
      assert.ok(box && box.x >= 0 && box.x + box.width <= viewport.width, `${at}: the sub category's ${name} button is on screen (${JSON.stringify(box)})`);
      const hit = await admin.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.closest('button')?.getAttribute('aria-label') ?? null, {
        x: box.x + box.width / 2,
        y: box.y + box.height / 2,
      });
      assert.match(String(hit), name, `${at}: nothing covers the ${name} button`);
    }
    await noSidewaysOverflow(admin, `${at} sub category`);

    await openInApp(admin, '/dashboard/allorders');
    await admin.getByTestId('all-orders-row').first().waitFor();
    const table = await admin.locator('.all-orders__scroller').evaluate((box) => {
      const rect = box.getBoundingClientRect();
      const tableRect = box.querySelector('table').getBoundingClientRect();
      // The lines the address text itself takes (its cell is as tall as the row's tallest cell).
      const addressLines = [...box.querySelectorAll('.all-orders__address')].map((td) => {
        const range = document.createRange();
        range.selectNodeContents(td);
        return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
      });
      return {
        scrollWidth: box.scrollWidth,
        clientWidth: box.clientWidth,
        bottom: rect.bottom,
        right: rect.right,
        tableRight: tableRect.right,
        mostAddressLines: Math.max(...addressLines),
      };
    });
    if (viewport === PHONE) {
      assert.ok(table.scrollWidth > table.clientWidth, `${at}: the orders table scrolls sideways`);
      // Its scrollbar is at the foot of its own box, on the first screen (headless Chromium draws none to measure),
      // and the page says that the table scrolls sideways.
      assert.ok(table.bottom <= viewport.height, `${at}: the table's box ends on the first screen (bottom at ${table.bottom})`);
      const hint = await admin.getByTestId('all-orders-scroll-hint').boundingBox();
      assert.ok(hint && hint.y >= 0 && hint.y + hint.height <= viewport.height, `${at}: "Scroll the table sideways" is on screen`);
    } else {
      assert.ok(table.scrollWidth <= table.clientWidth, `${at}: the orders table fits (${table.scrollWidth} > ${table.clientWidth})`);
      assert.ok(table.tableRight <= table.right + 0.5, `${at}: no column is clipped`);
      assert.ok(table.mostAddressLines <= 8, `${at}: addresses take at most 8 lines (${table.mostAddressLines})`);
      await expect(admin.getByTestId('all-orders-scroll-hint'), `${at}: no scroll hint when the table fits`).toHaveCount(0);
    }
    assert.ok(table.right <= viewport.width, `${at}: the orders table box is on screen`);
    await noSidewaysOverflow(admin, `${at} all orders`);
    await screenshot(admin, artifactsDir, `admin-defects-allorders-${viewport.width}`);
    await context.close();
  }
}

// In real Chromium against the real server; each check on products in stock now.
// The badge on the admin's session that the category page's journey signed in.
test('signed-out category page, then signed in; the new orders badge', async ({ baseUrl, artifactsDir, launch }) =>
  newOrdersBadge(await categoryPageSignedOut({ baseUrl, artifactsDir, launch }), baseUrl, await inStockProducts(baseUrl, 3)));
test('confirm before what cannot be undone', async ({ baseUrl, launch }) => confirmBeforeUndoable({ baseUrl, launch }, await inStockProducts(baseUrl, 3)));
test('layouts', CI_ONLY, async ({ baseUrl, artifactsDir, launch }) => layouts({ baseUrl, artifactsDir, launch }, await inStockProducts(baseUrl, 3)));
