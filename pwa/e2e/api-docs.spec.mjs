import assert from 'node:assert/strict';
import { screenshot } from './lib/shopper-steps.mjs';
import { expect, test, CI_ONLY } from './fixtures.mjs';

/**
 * The API reference at /api/docs renders in Chromium from our own server alone (Swagger UI
 * from node_modules, the document from /api/openapi.json): every request stays on the shop's origin, every
 * operation of the document is drawn, a link to one operation opens it with its body schema.
 *
 * Swagger UI draws a list of 150 rows or more (a row a tag, a row an operation: 24 + 132) only near the viewport
 * (its "operations-virtual" list), so the operations are counted while the page is scrolled a half screen at a time.
 */
test('api-docs', CI_ONLY, async ({ baseUrl, artifactsDir, launch }) => {
  const browser = await launch();
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const elsewhere = [];
  const errors = [];
  page.on('request', (r) => !r.url().startsWith(`${baseUrl}/`) && !r.url().startsWith('data:') && elsewhere.push(r.url()));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(String(e)));

  // A deep link (deepLinking: true) scrolls the list to its operation and opens it.
  await page.goto(`${baseUrl}/api/docs#/order/Orders-cashOnDelivery`);
  await page.getByRole('heading', { name: /Haat API/ }).waitFor();
  await expect(page.getByText('Warning', { exact: true }), 'Swagger UI accepts the document without a warning').toHaveCount(0);
  const cod = page.locator('#operations-order-Orders-cashOnDelivery');
  await cod.getByText('list_items').first().waitFor();
  await cod.getByText('Idempotency-Key', { exact: false }).first().waitFor();
  await screenshot(page, artifactsDir, 'api-docs');

  /** @type {{ paths: Record<string, Record<string, { operationId: string, tags: string[] }>> }} */
  const doc = await (await fetch(`${baseUrl}/api/openapi.json`)).json();
  const expected = Object.values(doc.paths).flatMap((ops) => Object.values(ops).map((op) => `operations-${op.tags[0]}-${op.operationId}`));
  const drawn = await drawnWhileScrolling(page);
  assert.deepEqual(
    expected.filter((id) => !drawn.has(id)),
    [],
    'every operation of the document is drawn',
  );
  assert.equal(drawn.size, expected.length, 'and nothing else');

  assert.deepEqual(elsewhere, [], 'no request leaves the machine');
  assert.deepEqual(errors, []);
});

/** The ids of the operations drawn at some point while the page is scrolled from top to bottom, a half screen at a time. */
async function drawnWhileScrolling(/** @type {import('@playwright/test').Page} */ page) {
  return new Set(
    await page.evaluate(async () => {
      const frame = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      const ids = new Set();
      window.scrollTo(0, 0);
      for (;;) {
        await frame();
        document.querySelectorAll('.opblock').forEach((op) => ids.add(op.id));
        const end = document.documentElement.scrollHeight - innerHeight;
        if (scrollY >= end) return [...ids];
        window.scrollTo(0, Math.min(end, scrollY + innerHeight / 2));
      }
    }),
  );
}
