import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './lib/server.mjs';
import { apiOrder, apiShopper, inStockProducts } from './lib/shop-fixtures.mjs';
import { apiLogin, openSignedIn, screenshot } from './lib/shopper-steps.mjs';
import { expect, test } from './fixtures.mjs';

/** @param {string} baseUrl @param {string} path @param {string} token @param {unknown} [body] @param {string} [method] */
async function call(baseUrl, path, token, body, method = 'POST') {
  const res = await fetch(`${baseUrl}/api/${path}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const answer = await res.json();
  assert.ok(res.ok, `${path}: ${res.status} ${answer.message}`);
  return answer.data;
}

/**
 * Every credit note of an order is reachable (docs/product.md#tax-invoices): a delivered order of three units comes back
 * one unit at a time, twice, so it has two credit notes. The shopper downloads each from My Orders, and the admin each
 * from the month-end screen's list of credit notes; each PDF is the note it names.
 */
test('two credit notes of one order', async ({ baseUrl, artifactsDir, launch }) => {
  const admin = await apiLogin(baseUrl, ADMIN_EMAIL, ADMIN_PASSWORD);
  // A taxed product (a 0 % book's credit notes are in the nil table alone), to a business buyer: its credit notes are CDNR's.
  const [product] = (await inStockProducts(baseUrl, 24)).filter((p) => p.variants.length === 0 && p.gstRate > 0);
  const shopper = await apiShopper(
    baseUrl,
    'two-notes',
    { name: 'Mumbai Traders LLP', district: 'Mumbai', city: 'Mumbai', state: 'Maharashtra', pincode: '400001', gstin: '27AAPFU0939F1ZV' },
    { name: 'Mumbai Traders LLP' },
  );
  assert.ok(product, 'a taxed product in stock');
  const { orderId } = await apiOrder(baseUrl, shopper, [[product, 3]]);
  await call(baseUrl, 'order/admin/update-status', admin, { orderId, status: 'DELIVERED' });
  for (const reference of ['UPI-NOTE-1', 'UPI-NOTE-2']) {
    await call(baseUrl, 'order/return', shopper.token, { orderId, items: [{ productId: product._id, quantity: 1 }], reason: 'Damaged' });
    const ret = (await call(baseUrl, 'order/admin/returns', admin, undefined, 'GET')).find(
      (/** @type {{ orderId: string, status: string }} */ r) => r.orderId === orderId && r.status === 'REQUESTED',
    );
    for (const status of ['APPROVED', 'RECEIVED']) await call(baseUrl, 'order/admin/return-status', admin, { returnId: ret._id, status });
    await call(baseUrl, 'order/admin/return-status', admin, { returnId: ret._id, status: 'REFUNDED', refund: { method: 'UPI', reference } });
  }
  const order = (await call(baseUrl, 'order/order-list', shopper.token, undefined, 'GET')).find(
    (/** @type {{ orderId: string }} */ o) => o.orderId === orderId,
  );
  const numbers = order.creditNotes.map((/** @type {{ number: string }} */ n) => n.number);
  assert.equal(numbers.length, 2, 'the order lists both credit notes');

  const browser = await launch();
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, acceptDownloads: true });
  const page = await context.newPage();
  await openSignedIn(page, baseUrl, shopper.email, shopper.password, '/dashboard/myorders');
  await page.getByRole('tab', { name: /^Delivered/ }).click();
  const card = page.getByTestId('order-card').filter({ hasText: orderId });
  await card.waitFor();
  const buttons = card.getByTestId('download-credit-note');
  await expect(buttons).toHaveCount(2);
  await screenshot(page, artifactsDir, 'credit-notes-myorders-390');
  for (const [i, number] of numbers.entries()) {
    const [download] = await Promise.all([page.waitForEvent('download'), buttons.nth(i).click()]);
    assert.equal(download.suggestedFilename(), `${number.replaceAll('/', '-')}.pdf`);
    const pdf = join(artifactsDir, `credit-note-${i + 1}.pdf`);
    await download.saveAs(pdf);
    assert.equal(readFileSync(pdf).subarray(0, 5).toString(), '%PDF-');
    if (existsSync('/usr/bin/pdftotext')) {
      const text = execFileSync('/usr/bin/pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' });
      assert.ok(text.includes(number), `the PDF is credit note ${number}`);
    }
  }
  await context.close();

  // The admin's month-end screen lists this month's credit notes to registered buyers (CDNR), each with its PDF.
  const adminContext = await browser.newContext({ viewport: { width: 1366, height: 900 }, acceptDownloads: true });
  const adminPage = await adminContext.newPage();
  await openSignedIn(adminPage, baseUrl, ADMIN_EMAIL, ADMIN_PASSWORD, '/dashboard/gst');
  const month = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 7);
  await adminPage.getByLabel('Month').fill(month);
  const table = adminPage.locator('[data-testid="gst-table-row"][data-table="cdnr"]');
  await table.getByRole('button').click();
  for (const number of numbers) {
    const row = adminPage.getByTestId('gst-document').filter({ hasText: number });
    const [download] = await Promise.all([adminPage.waitForEvent('download'), row.getByTestId('gst-document-pdf').click()]);
    assert.equal(download.suggestedFilename(), `${number.replaceAll('/', '-')}.pdf`);
  }
  await screenshot(adminPage, artifactsDir, 'credit-notes-gst-1366');
  await adminContext.close();
});
