import assert from 'node:assert/strict';
import { screenshot } from './lib/shopper-steps.mjs';
import { expect, test } from './fixtures.mjs';

/**
 * The API reference at /api/docs renders in Chromium from our own server alone (Swagger UI
 * from node_modules, the document from /api/openapi.json): every request stays on the shop's origin, every
 * route is listed, and an operation opens with its body schema.
 */
// Skipped, with a reason: since the 132-operation document of 2026-11-27, Swagger UI draws the operations only near the
// viewport, so waiting for the last one to be visible never ends; the document itself is checked by api/test/openapi.e2e-spec.ts.
// To mend: scroll the page while counting the operations, then take this skip away.
test.fixme('api-docs', async ({ baseUrl, artifactsDir, launch }) => {
  const browser = await launch();
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const elsewhere = [];
  const errors = [];
  page.on('request', (r) => !r.url().startsWith(`${baseUrl}/`) && !r.url().startsWith('data:') && elsewhere.push(r.url()));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(String(e)));

  await page.goto(`${baseUrl}/api/docs`);
  await page.getByRole('heading', { name: /Haat API/ }).waitFor();
  await expect(page.getByText('Warning', { exact: true }), 'Swagger UI accepts the document without a warning').toHaveCount(0);
  const doc = await (await fetch(`${baseUrl}/api/openapi.json`)).json();
  const operations = Object.values(doc.paths).reduce((n, ops) => n + Object.keys(ops).length, 0);
  await page
    .locator('.opblock')
    .nth(operations - 1)
    .waitFor();
  await expect(page.locator('.opblock')).toHaveCount(operations);

  const cod = page.locator('#operations-order-OrdersController_cashOnDelivery, #operations-order-Orders_cashOnDelivery').first();
  await cod.locator('.opblock-summary').click();
  await cod.getByText('list_items').first().waitFor();
  await cod.getByText('Idempotency-Key', { exact: false }).first().waitFor();
  await screenshot(page, artifactsDir, 'api-docs');

  assert.deepEqual(elsewhere, [], 'no request leaves the machine');
  assert.deepEqual(errors, []);
});
