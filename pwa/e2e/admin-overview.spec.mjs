import assert from 'node:assert/strict';
import { formatInr } from '../../shared/dist/money/inr.js';
import { seriousViolations } from './lib/axe.mjs';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './lib/server.mjs';
import { apiOrder, apiShopper, inStockProducts } from './lib/shop-fixtures.mjs';
import { apiGet, apiLogin, openInApp, screenshot, serviceWorkerControls, signIn } from './lib/shopper-steps.mjs';
import { expect, test } from './fixtures.mjs';

// A shopper's service worker, which the journeys block unless they need it (playwright.config.ts): it reads what the service worker precached.
test.use({ serviceWorkers: 'allow' });

/**
 * The admin overview at /dashboard: an admin sees today's and this week's figures the server counted,
 * the 30-day chart, the top products, the orders waiting per stage (each link lands on Manage Orders
 * filtered by it) and the low-stock list under the threshold they set, counted and paged. The chart library is not in
 * what a shopper's browser downloads.
 */
test('admin-overview', async ({ baseUrl, artifactsDir, launch }) => {
  // Two orders today, one of them confirmed: the figures are not all zero.
  const [first, second] = await inStockProducts(baseUrl, 2);
  const shopper = await apiShopper(baseUrl, 'overview');
  const placed = await apiOrder(baseUrl, shopper, [[first, 2]]);
  await apiOrder(baseUrl, shopper, [[second, 1]]);
  const adminToken = await apiLogin(baseUrl, ADMIN_EMAIL, ADMIN_PASSWORD);
  const moved = await fetch(`${baseUrl}/api/order/admin/update-status`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` },
    body: JSON.stringify({ orderId: placed.orderId, status: 'CONFIRMED' }),
  });
  assert.equal(moved.status, 200);
  const expected = (await apiGet(baseUrl, 'order/admin/overview?lowStock=5', adminToken)).data;
  assert.ok(expected.today.orders >= 2, 'the two orders count today');

  const browser = await launch();

  // A shopper's visit never fetches the chart library, and the service worker does not precache it. The same
  // browser's visitor then signs in as the admin.
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const shopperScripts = [];
  const scripts = (/** @type {import('@playwright/test').Request} */ r) => r.resourceType() === 'script' && shopperScripts.push(r.url());
  page.on('request', scripts);
  await page.goto(`${baseUrl}/`);
  await page.waitForLoadState('networkidle');
  assert.equal(shopperScripts.filter((u) => /overview/.test(u)).length, 0, 'no overview code on a shopper visit');
  page.off('request', scripts);
  const sw = await (await fetch(`${baseUrl}/sw.js`)).text();
  assert.ok(!sw.includes('overview-chart'), 'the chart chunk is not in the precache');
  assert.ok(!sw.includes('overview.page'), 'nor the overview page (docs/decisions/0091-a-lighter-first-visit.md)');

  // One admin session for the rest: the overview opened from the app at 1366 px, then loaded afresh at 390 px.
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, baseUrl, ADMIN_EMAIL, ADMIN_PASSWORD);
  for (const [width, height] of [
    [1366, 900],
    [390, 844],
  ]) {
    await page.setViewportSize({ width, height });
    if (width === 1366) await openInApp(page, '/dashboard');
    else await page.goto(`${baseUrl}/dashboard`);
    await page.getByRole('heading', { name: 'Overview' }).waitFor();
    await page.getByTestId('overview-today-orders').waitFor();
    // The figures on the screen are the server's: compared with the API's answer of a moment ago.
    await expect(page.getByTestId('overview-today-orders')).toHaveText(String(expected.today.orders));
    await expect(page.getByTestId('overview-today-revenue')).toHaveText(formatInr(expected.today.revenue));
    await expect(page.getByTestId('overview-week-orders')).toHaveText(String(expected.week.orders));
    await expect(page.getByTestId('overview-week-revenue')).toHaveText(formatInr(expected.week.revenue));
    for (const stage of ['PLACED', 'CONFIRMED', 'SHIPPED', 'OUT_FOR_DELIVERY'])
      await expect(page.getByTestId(`overview-waiting-${stage}`)).toHaveText(new RegExp(`^${expected.waiting[stage]}\\b`));
    await page.getByTestId('overview-chart').locator('canvas').waitFor();
    await expect(page.getByTestId('overview-top-products').locator('tbody tr')).toHaveCount(expected.topProducts.length);
    await page.getByTestId('overview-top-products').getByText(first.name).waitFor();
    await screenshot(page, artifactsDir, `admin-overview-${width}`);
    if (width === 1366) assert.deepEqual(await seriousViolations(page), [], 'no serious accessibility violations');
  }

  // Not precached, the admin's chunks are kept by the service worker once it has served them
  // (docs/decisions/0091-a-lighter-first-visit.md): the overview reloaded under its control at 1366 px is in 'haat-code'.
  await page.setViewportSize({ width: 1366, height: 900 });
  await serviceWorkerControls(page);
  await page.reload();
  await page.getByTestId('overview-chart').locator('canvas').waitFor();
  const kept = await page.evaluate(async () => (await (await caches.open('haat-code')).keys()).map((r) => new URL(r.url).pathname));
  for (const chunk of [/^\/assets\/overview\.page-/, /^\/assets\/overview-chart-[\w-]+\.js$/])
    assert.ok(
      kept.some((path) => chunk.test(path)),
      `${chunk} is cached at runtime (haat-code holds: ${kept.join(', ')})`,
    );

  // The threshold is the admin's: raising it counts more (or as many) units, a page at a time, and it stays after a reload.
  const threshold = page.getByLabel('Low-stock threshold (units)');
  await threshold.waitFor();
  const high = 100_000;
  const everything = (await apiGet(baseUrl, `order/admin/low-stock?lowStock=${high}`, adminToken)).data;
  await threshold.fill(String(high));
  await expect(page.getByTestId('overview-low-total')).toContainText(`${everything.total.toLocaleString('en-IN')} products and options under`);
  await expect(page.getByTestId('overview-low-row')).toHaveCount(Math.min(everything.total, everything.limit));
  await page.reload();
  await page.getByTestId('overview-low-stock').waitFor();
  await expect(page.getByLabel('Low-stock threshold (units)')).toHaveValue(String(high));
  // The next page follows on from the first.
  if (everything.total > everything.limit) {
    await page.getByRole('navigation', { name: 'Pages of low stock' }).getByRole('button', { name: 'Next' }).click();
    const second = (await apiGet(baseUrl, `order/admin/low-stock?lowStock=${high}&page=2`, adminToken)).data.items[0];
    await expect(page.getByTestId('overview-low-row').first()).toContainText(second.productName);
  }

  // A waiting stage's link (on the same overview) lands on Manage Orders showing only that stage.
  await page.getByTestId('overview-waiting-CONFIRMED').click();
  await page.waitForURL(`${baseUrl}/dashboard/myorders?status=CONFIRMED`);
  await page.getByRole('heading', { name: 'Manage Orders' }).waitFor();
  await expect(page.getByTestId('manage-orders-stage')).toHaveValue('CONFIRMED');
  await page
    .getByTestId('order-card')
    .filter({ hasText: `Order #${placed.orderId}` })
    .waitFor();
  await browser.close();
});
