import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { apiGet, apiLogin, newShopper, screenshot } from './lib/shopper-steps.mjs';
import { serveStatic } from './lib/static-origin.mjs';
import { test, CI_ONLY } from './fixtures.mjs';

/**
 * A storefront that is not ours, on its own origin (a static page calling the API with
 * fetch), signs in, adds to the cart and places a cash-on-delivery order in Chromium, because that origin
 * is in CORS_ORIGINS; the same page on an unlisted origin is refused by the browser.
 */
test('foreign-origin-client', CI_ONLY, async ({ launch, startServer, artifactsDir }) => {
  const page_ = await serveStatic(fileURLToPath(new URL('./foreign-client/', import.meta.url)));
  try {
    const listed = `http://127.0.0.1:${page_.port}`;
    const unlisted = `http://localhost:${page_.port}`;
    const server = await startServer({ CORS_ORIGINS: listed });
    const shopper = newShopper('foreign');
    const reg = await fetch(`${server.baseUrl}/api/user/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: shopper.name, email: shopper.email, password: shopper.password, confirmPassword: shopper.password }),
    });
    assert.equal(reg.status, 201);

    const browser = await launch();
    const order = async (origin) => {
      const context = await browser.newContext();
      const page = await context.newPage();
      const corsErrors = [];
      page.on('console', (m) => m.type() === 'error' && /CORS policy/.test(m.text()) && corsErrors.push(m.text()));
      await page.goto(`${origin}/index.html?api=${encodeURIComponent(server.baseUrl)}`);
      await page.getByLabel('Email').fill(shopper.email);
      await page.getByLabel('Password').fill(shopper.password);
      await page.getByRole('button', { name: 'Sign in and order' }).click();
      await page.locator('#result:not(:empty)').waitFor();
      return { page, corsErrors, result: JSON.parse(await page.locator('#result').textContent()) };
    };

    const allowed = await order(listed);
    await screenshot(allowed.page, artifactsDir, 'foreign-origin-listed');
    assert.equal(allowed.result.ok, true, allowed.result.error);
    assert.deepEqual(allowed.corsErrors, []);
    assert.match(allowed.result.requestId ?? '', /^[0-9a-f-]{36}$/, 'the exposed X-Request-Id is readable across origins');
    // Image URLs are absolute, so the foreign page can show them as they are.
    assert.ok(allowed.result.image.startsWith(`${server.baseUrl}/uploads/`), allowed.result.image);
    const width = await allowed.page.evaluate(
      (src) => new Promise((resolve) => Object.assign(new Image(), { onload: (e) => resolve(e.target.naturalWidth), onerror: () => resolve(0), src })),
      allowed.result.image,
    );
    assert.ok(width > 0, 'the product image loads on the foreign page');
    const token = await apiLogin(server.baseUrl, shopper.email, shopper.password);
    const orders = (await apiGet(server.baseUrl, 'order/order-list', token)).data;
    assert.equal(orders.length, 1);
    assert.equal(orders[0].orderId, allowed.result.orderId);
    assert.equal(orders[0].payment_status, 'CASH ON DELIVERY');

    const refused = await order(unlisted);
    await screenshot(refused.page, artifactsDir, 'foreign-origin-unlisted');
    assert.equal(refused.result.ok, false);
    assert.match(refused.result.error, /Failed to fetch/);
    assert.ok(refused.corsErrors.length > 0, 'Chromium reports the CORS refusal');
    assert.equal((await apiGet(server.baseUrl, 'order/order-list', token)).data.length, 1, 'the refused page placed nothing');
  } finally {
    await page_.close();
  }
});
