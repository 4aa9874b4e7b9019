import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { axeViolations } from './lib/axe.mjs';
import { deliveredOrders } from './lib/shop-fixtures.mjs';
import { apiGet, openInApp, openSignedIn, screenshot, serviceWorkerControls, signIn } from './lib/shopper-steps.mjs';
import { expect, test, CI_ONLY, ciOnlyUnless } from './fixtures.mjs';

// Offline, the home page and its code come from the service worker (playwright.config.ts blocks it unless asked).
test.use({ serviceWorkers: 'allow' });

/**
 * Buy again and Order again as a shopper meets them (docs/product.md#buy-again-and-order-again): the row of what
 * their delivered orders held, on home and on My Orders, still there from the device with no connection and adding
 * to the cart offline; and an order put back in the cart after the admin raised one price and sold out another
 * product, the cart saying both before the shopper pays. The admin's side goes through the API.
 */
const texts = (lang, ns) => JSON.parse(readFileSync(new URL(`../src/i18n/${lang}/${ns}.json`, import.meta.url), 'utf8'));
const fill = (text, values) => text.replace(/\{\{(\w+)\}\}/g, (_, name) => String(values[name]));
const inr = (n) => new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' }).format(n);

/** @param {string} baseUrl @param {string} path @param {string} token @param {unknown} body @param {string} [method] */
async function call(baseUrl, path, token, body, method = 'POST') {
  const res = await fetch(`${baseUrl}/api/${path}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  const answer = await res.json();
  assert.ok(res.ok, `${path}: ${res.status} ${answer.message}`);
  return answer.data;
}

/** How many of `userId`'s orders the device keeps, and whether it keeps the last Buy again answer (lib/storage/db.ts). */
function keptOnDevice(page, userId) {
  return page.evaluate(
    (key) =>
      new Promise((resolve, reject) => {
        const open = indexedDB.open('haat');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction(['orders', 'meta']);
          const orders = tx.objectStore('orders').count();
          const kept = tx.objectStore('meta').get(key);
          tx.oncomplete = () => (open.result.close(), resolve({ orders: orders.result, answer: kept.result !== undefined }));
          tx.onerror = () => (open.result.close(), reject(tx.error));
        };
      }),
    `buy-again:${userId}`,
  );
}

const cardNames = (row) => row.getByTestId('buy-again-card').locator('.product-card__name').allTextContents();
const serverCart = async (baseUrl, token) => Object.fromEntries((await apiGet(baseUrl, 'cart/get', token)).data.map((l) => [l.productId.name, l.quantity]));

test('buy again offline', async ({ baseUrl, artifactsDir, launch }) => {
  // Tea in two delivered orders, biscuits in one: tea first.
  const { products, shopper } = await deliveredOrders(
    baseUrl,
    'again-off',
    ['Assam Tea', 'Marie Biscuits'],
    [
      [
        [0, 2],
        [1, 1],
      ],
      [[0, 1]],
    ],
  );
  const [tea, biscuits] = products;
  const browser = await launch();
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await signIn(page, baseUrl, shopper.email, shopper.password);
  await serviceWorkerControls(page);

  // Online: the server's answer, below the first row and Shop by Category.
  const row = page.getByTestId('buy-again');
  await row.getByTestId('buy-again-card').first().waitFor();
  expect(await cardNames(row)).toEqual([tea.name, biscuits.name]);
  await expect(row.getByTestId('buy-again-card').first()).toContainText('Bought 2 times');
  // My Orders, seen once online (a page's code is cached when first loaded): the same row above the orders.
  await openInApp(page, '/dashboard/myorders');
  const mine = page.getByTestId('buy-again');
  await mine.getByTestId('buy-again-card').first().waitFor();
  expect(await cardNames(mine)).toEqual([tea.name, biscuits.name]);
  const me = await apiGet(baseUrl, 'user/user-details', shopper.token);
  await expect
    .poll(() => keptOnDevice(page, me.data._id), { message: 'the orders and the last answer are kept on the device' })
    .toEqual({ orders: 2, answer: true });

  // No connection: home opens from the service worker, the row from the device.
  await context.setOffline(true);
  await page.goto(`${baseUrl}/`);
  await page.getByTestId('offline-banner').waitFor();
  await row.getByTestId('buy-again-card').first().waitFor();
  expect(await cardNames(row)).toEqual([tea.name, biscuits.name]);
  await row.getByRole('button', { name: `Add: ${biscuits.name}`, exact: true }).click();
  await row.getByRole('group', { name: `Quantity of ${biscuits.name}` }).waitFor();
  await screenshot(page, artifactsDir, 'buy-again-offline-390', { fullPage: false });
  assert.deepEqual(await serverCart(baseUrl, shopper.token), {}, 'nothing reached the server while offline');

  // My Orders, offline too: the same row from the device, the biscuits now in the cart.
  await openInApp(page, '/dashboard/myorders');
  await mine.getByTestId('buy-again-card').first().waitFor();
  expect(await cardNames(mine)).toEqual([tea.name, biscuits.name]);
  await mine.getByRole('group', { name: `Quantity of ${biscuits.name}` }).waitFor();

  // Back online: what was added offline reaches the server's cart.
  await context.setOffline(false);
  await expect.poll(() => serverCart(baseUrl, shopper.token), { message: 'the offline Add synced' }).toEqual({ [biscuits.name]: 1 });
  await context.close();
});

for (const lang of ['en-IN', 'hi-IN']) {
  test(`order again with a dearer and a sold-out product, ${lang}`, ciOnlyUnless(lang === 'en-IN'), async ({ baseUrl, artifactsDir, launch }) => {
    const again = texts(lang, 'again');
    const orders = texts(lang, 'orders');
    const { admin, products, shopper, orderIds } = await deliveredOrders(
      baseUrl,
      `again-${lang}`,
      ['Toor Dal', 'Basmati Rice', 'Sunflower Oil'],
      [
        [
          [0, 1],
          [1, 2],
          [2, 1],
        ],
      ],
    );
    const [dal, rice, oil] = products;
    // The admin raises the dal's price and sells the last of the rice elsewhere.
    await call(baseUrl, 'product/update-product-details', admin, { _id: dal._id, price: 135 }, 'PUT');
    const { stock } = await (
      await fetch(`${baseUrl}/api/product/get-product-details`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ productId: rice._id }),
      })
    )
      .json()
      .then((a) => a.data);
    await call(baseUrl, 'product/update-product-details', admin, { _id: rice._id, stock: 0, expectedStock: stock }, 'PUT');

    const browser = await launch();
    const width = lang === 'en-IN' ? 390 : 1366;
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    const page = await context.newPage();
    await openSignedIn(page, baseUrl, shopper.email, shopper.password, '/dashboard/myorders', { language: lang });
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    // The shopper taps Delivered once it counts their delivered order (the orders read from the device, then the server).
    const delivered = page.getByRole('tab', { name: new RegExp(`^${orders.tabs.completed} \\(1\\)`) });
    await delivered.click();
    await expect(delivered, 'the tapped tab stays chosen').toHaveAttribute('aria-selected', 'true');
    const card = page.getByTestId('order-card').filter({ hasText: orderIds[0] });
    await card.getByTestId('order-again').click();

    // The cart, before any payment: the two lines still sold, and what changed said above them.
    await page.waitForURL(`${baseUrl}/cart`);
    const notices = page.getByTestId('cart-notices');
    await expect(notices.getByRole('listitem')).toHaveText([
      fill(again.left.out_of_stock, { name: rice.name }),
      fill(again.changed.up, { name: dal.name, now: inr(135), was: inr(100) }),
    ]);
    await expect(page.getByTestId('cart-line')).toHaveCount(2);
    await expect(page.getByTestId('cart-line').filter({ hasText: rice.name })).toHaveCount(0);
    await page.getByTestId('waiting-for-network').first().waitFor({ state: 'detached' });
    await screenshot(page, artifactsDir, `order-again-cart-${lang}-${width}`);
    assert.deepEqual(await serverCart(baseUrl, shopper.token), { [dal.name]: 1, [oil.name]: 1 }, 'the server holds the lines still sold');
    await context.close();
  });
}

/** The element's left and right edges, and how far the page scrolls sideways (0 when nothing overflows). */
const edges = (locator) =>
  locator.evaluate((el) => {
    const box = el.getBoundingClientRect();
    return { left: Math.round(box.left), right: Math.round(box.right), overflow: document.documentElement.scrollWidth - innerWidth };
  });

/**
 * Axe's findings on the page as it is (lib/axe.mjs), one line each: any of them in Buy again's parts (its row, the
 * Order again button, the cart's notices), and the serious or critical ones anywhere, as the a11y sweep counts them.
 */
async function axeFindings(page) {
  const ours = (target) =>
    page.evaluate(
      (selector) => !!document.querySelector(selector)?.closest('[data-testid="buy-again"], [data-testid="order-again"], [data-testid="cart-notices"]'),
      target.join(' '),
    );
  const found = [];
  for (const v of await axeViolations(page)) {
    const nodes = [];
    for (const n of v.nodes) if (v.impact === 'serious' || v.impact === 'critical' || (await ours(n.target))) nodes.push(n.target.join(' '));
    if (nodes.length > 0) found.push(`${v.id} (${v.impact}): ${nodes.join(' | ')}`);
  }
  return found;
}

test('buy again screens in English and Hindi at 390 and 1366 px', CI_ONLY, async ({ baseUrl, artifactsDir, launch }) => {
  const { admin, products, shopper, orderIds } = await deliveredOrders(
    baseUrl,
    'again-screens',
    ['Darjeeling Green Tea Family Pack', 'Whole Wheat Atta', 'Cold-Pressed Groundnut Oil'],
    [
      [
        [0, 1],
        [1, 1],
      ],
      [
        [0, 1],
        [2, 1],
      ],
    ],
  );
  await call(baseUrl, 'product/update-product-details', admin, { _id: products[0]._id, price: 149 }, 'PUT');
  const browser = await launch();
  for (const lang of ['en-IN', 'hi-IN']) {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    // Signed in with the shared English steps, then every page opens in the language.
    await signIn(page, baseUrl, shopper.email, shopper.password);
    await context.addInitScript((l) => localStorage.setItem('haat.language', l), lang);
    for (const width of [390, 1366]) {
      const tag = `${lang}-${width}`;
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await page.goto(`${baseUrl}/`);
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      // Home: the row lines up with the category rows around it, and nothing runs off the screen.
      const row = page.getByTestId('buy-again');
      await row.getByTestId('buy-again-card').first().waitFor();
      await row.scrollIntoViewIfNeeded();
      const [mine, categoryRow] = [await edges(row), await edges(page.locator('.category-row').first())];
      expect({ left: mine.left, right: mine.right, overflow: mine.overflow }, `home's row at ${tag}`).toEqual({ ...categoryRow, overflow: 0 });
      const cardWidth = (locator) => locator.first().evaluate((el) => Math.round(el.getBoundingClientRect().width));
      expect(await cardWidth(row.getByTestId('buy-again-card')), `its cards as wide as the rows' at ${tag}`).toBe(
        await cardWidth(page.locator('.category-row .product-card')),
      );
      await screenshot(page, artifactsDir, `home-row-${tag}`, { fullPage: false });
      expect(await axeFindings(page), `home at ${tag}`).toEqual([]);

      // My Orders: the row above the orders, and a delivered order's Order again.
      await openInApp(page, '/dashboard/myorders');
      await page.getByTestId('buy-again').getByTestId('buy-again-card').first().waitFor();
      expect((await edges(page.getByTestId('buy-again'))).overflow, `My Orders at ${tag}`).toBe(0);
      await screenshot(page, artifactsDir, `my-orders-row-${tag}`, { fullPage: false });
      expect(await axeFindings(page), `My Orders at ${tag}`).toEqual([]);
      await page.getByRole('tab', { name: new RegExp(`^${texts(lang, 'orders').tabs.completed}`) }).click();
      const card = page.getByTestId('order-card').filter({ hasText: orderIds[0] });
      await card.getByTestId('order-again').scrollIntoViewIfNeeded();
      await screenshot(card, artifactsDir, `order-again-button-${tag}`);
      // The orders' refresh answered (it once failed as "no data" and said so over this screen).
      await expect(page.getByText(texts(lang, 'orders').failedFetch)).toHaveCount(0);
      expect(await axeFindings(page), `a delivered order at ${tag}`).toEqual([]);

      // The cart with what changed, said before paying.
      await card.getByTestId('order-again').click();
      await page.waitForURL(`${baseUrl}/cart`);
      await page.getByTestId('cart-notices').waitFor();
      expect((await edges(page.getByTestId('cart-notices'))).overflow, `the cart at ${tag}`).toBe(0);
      await screenshot(page, artifactsDir, `cart-notices-${tag}`, { fullPage: false });
      expect(await axeFindings(page), `the cart at ${tag}`).toEqual([]);
      await page.getByTestId('cart-notices').getByRole('button').click();
    }
    await context.close();
  }
});
